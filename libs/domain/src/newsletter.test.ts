import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL, NEWSLETTER_CONSENT_REQUIRED, newsletterAddress, newsletterConsentText, newsletterProblems, newsletterWelcomeEmail } from './index';

describe('newsletter sign-up', () => {
  it('needs a valid e-mail and the consent box, naming each problem', () => {
    expect(newsletterProblems({ email: ' Pat@Example.com ', consent: true })).toEqual({});
    expect(newsletterProblems({ email: 'pat@', consent: false })).toEqual({ email: INVALID_EMAIL, consent: NEWSLETTER_CONSENT_REQUIRED });
  });

  it('keeps one sign-up per address, whatever its case', () => {
    expect(newsletterAddress(' Pat@Example.COM ')).toBe('pat@example.com');
  });

  it('says what was agreed to, and the confirmation carries the unsubscribe link', () => {
    expect(newsletterConsentText('Riverside Hardware')).toBe('I agree to receive offers and news from Riverside Hardware by email. I can unsubscribe at any time.');
    const mail = newsletterWelcomeEmail({ storeName: 'Riverside Hardware', unsubscribeUrl: 'https://shop.test/unsubscribe?token=abc' });
    expect(mail.subject).toBe("You're on the Riverside Hardware e-mail list");
    expect(mail.text).toContain('Unsubscribe here: https://shop.test/unsubscribe?token=abc');
  });
});
