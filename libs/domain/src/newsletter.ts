import { isValidEmail, INVALID_EMAIL } from './identity';

/** What a shopper agrees to when signing up in the footer; kept with the sign-up as the record of consent. */
export const newsletterConsentText = (storeName: string) =>
  `I agree to receive offers and news from ${storeName} by email. I can unsubscribe at any time.`;

export const NEWSLETTER_CONSENT_REQUIRED = 'Please tick the box to agree to receive our e-mails.';
/** The same answer whether the address was new, already signed up or signed up again: a sign-up does not tell who is on the list. */
export const newsletterSignedUpMessage = (email: string) => `Thanks for signing up! We sent a confirmation to ${email.trim()}.`;

/** The footer sign-up's problems by field (none: it may be saved). */
export function newsletterProblems(input: { email: string; consent: boolean }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!isValidEmail(input.email.trim())) problems.email = INVALID_EMAIL;
  if (!input.consent) problems.consent = NEWSLETTER_CONSENT_REQUIRED;
  return problems;
}

/** The lower-cased address a sign-up is kept under (one sign-up per address and store). */
export const newsletterAddress = (email: string) => email.trim().toLowerCase();

/** The confirmation e-mail: what the shopper signed up for, and the link that takes them off the list. */
export function newsletterWelcomeEmail(input: { storeName: string; unsubscribeUrl: string }): { subject: string; text: string } {
  return {
    subject: `You're on the ${input.storeName} e-mail list`,
    text: [
      `Thanks for signing up for e-mails from ${input.storeName}.`,
      'We will write with offers, new products and store news. We do not share your address.',
      '',
      `Changed your mind, or did not sign up? Unsubscribe here: ${input.unsubscribeUrl}`,
    ].join('\n'),
  };
}
