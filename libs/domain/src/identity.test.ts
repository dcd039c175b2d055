import { describe, expect, it } from 'vitest';
import { customFieldName, deviceLabel, isCommonPassword, lastUsedText, formatPhone, isOtpCode, isValidEmail, normalizePhone, passwordProblems, phoneInputDigits, registrationProblemShown, DUPLICATE_EMAIL_SHOWN, DUPLICATE_PHONE_SHOWN, oneTimeLinkSentMessage, resetCodeSentMessage, renewedSessionExpiry, subAccountDetailsProblems } from './index';

describe('phone numbers', () => {
  it('keeps 10 digits after dropping a +1 prefix and everything that is not a digit', () => {
    expect(normalizePhone('(503) 555-0142')).toBe('5035550142');
    expect(normalizePhone('+1 503 555 0142')).toBe('5035550142');
    expect(normalizePhone('503-555-014')).toBeNull();
    expect(normalizePhone('25035550142')).toBeNull();
  });

  it('keeps what a phone field was given without the +1, pasted or typed', () => {
    expect(phoneInputDigits('+1 503 555 0142')).toBe('5035550142');
    expect(phoneInputDigits('1-503-555-0142')).toBe('5035550142');
    // Typed key by key: the field shows (150) 355-5014 after ten digits; the eleventh shows the 1 was the country code.
    expect(phoneInputDigits('(150) 355-50142')).toBe('5035550142');
    expect(phoneInputDigits('(503) 555-01429')).toBe('5035550142');
    expect(phoneInputDigits('(503) 55')).toBe('50355');
    expect(phoneInputDigits('abc')).toBe('');
  });

  it('formats as (xxx) xxx-xxxx while typing', () => {
    expect(formatPhone('503')).toBe('(503');
    expect(formatPhone('50355')).toBe('(503) 55');
    expect(formatPhone('5035550142999')).toBe('(503) 555-0142');
  });
});

describe("a sub-account's details", () => {
  it('needs both names and an e-mail address', () => {
    expect(subAccountDetailsProblems({ first_name: ' ', last_name: '', email: 'casey@' })).toEqual({
      first_name: 'Please enter a first name.', last_name: 'Please enter a last name.', email: 'Please enter a valid email address.',
    });
    expect(subAccountDetailsProblems({ first_name: 'Casey', last_name: 'Rivera', email: ' Casey@Demo-Hardware.test ' })).toEqual({});
  });
});

describe('what the sign-in form confirms', () => {
  it("words the reset code and the one-time link as spec 2 §8 does", () => {
    expect(resetCodeSentMessage('jo@example.test')).toBe('Password reset code sent to jo@example.test. Check your inbox!');
    expect(oneTimeLinkSentMessage('jo@example.test')).toBe('One-time login link sent to jo@example.test . Please close this tab and check your inbox!');
  });
});

describe('registration problems as the shopper reads them', () => {
  it("shows the duplicate-account message for a server message with 'log into', on the e-mail or the phone", () => {
    expect(registrationProblemShown('email', 'An account with this e-mail already exists. Please log into your account.')).toBe(DUPLICATE_EMAIL_SHOWN);
    expect(registrationProblemShown('telephone', 'An account with this phone number already exists. Please log into your account.')).toBe(DUPLICATE_PHONE_SHOWN);
    expect(DUPLICATE_EMAIL_SHOWN).toBe('The email address you entered is already associated with another account. Please Login to your existing account.');
    expect(registrationProblemShown('email', 'Please enter a valid email address.')).toBe('Please enter a valid email address.');
    expect(registrationProblemShown('first_name', 'Please log into the moon.')).toBe('Please log into the moon.');
  });
});

describe('e-mail, codes, passwords and custom fields', () => {
  it('needs 6 characters and an address shape', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b.c')).toBe(false);
    expect(isValidEmail('jane.doe@example')).toBe(false);
  });

  it('takes 4-digit codes only', () => {
    expect(isOtpCode('0420')).toBe(true);
    expect(isOtpCode('420')).toBe(false);
    expect(isOtpCode('04a0')).toBe(false);
  });

  it("says 'Password doesn't match' on the confirmation, and asks for 8 characters", () => {
    expect(passwordProblems('long enough', 'long enough')).toEqual({});
    expect(passwordProblems('long enough', 'long enougH')).toEqual({ c_password: "Password doesn't match" });
    expect(passwordProblems('short', 'short')).toEqual({ password: 'The password must be at least 8 characters.' });
  });

  it('refuses the passwords people pick most, also with digits or symbols added at either end', () => {
    const common = 'This password is too easy to guess. Please choose a less common one.';
    for (const guessable of ['password', 'Password1!', 'PASSWORD2026', 'qwertyuiop', '12345678', '87654321', 'abcdefgh', '11111111', '12121212', 'iloveyou', '2024summer', 'Welcome123']) {
      expect(passwordProblems(guessable, guessable), guessable).toEqual({ password: common });
    }
    for (const fine of ['Secret-Pass-1', 'DemoAdmin#2026', 'correct horse battery', 'Tulip-Ladder-84', '13572468']) {
      expect(passwordProblems(fine, fine), fine).toEqual({});
    }
    expect(isCommonPassword('Hardware2026')).toBe(true);
  });

  it('names a custom field from its label', () => {
    expect(customFieldName('  Company Name (optional) ')).toBe('company_name_optional');
  });
});

describe('renewedSessionExpiry', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);
  it('renews a session past half its life for a whole one', () => {
    expect(renewedSessionExpiry(inDays(14), 30, now)).toEqual(inDays(30));
    expect(renewedSessionExpiry(inDays(0.4), 1, now)).toEqual(inDays(1));
  });
  it('leaves a session with more than half its life left, and one without a recorded life', () => {
    expect(renewedSessionExpiry(inDays(16), 30, now)).toBeNull();
    expect(renewedSessionExpiry(inDays(1), null, now)).toBeNull();
  });
});

describe('deviceLabel', () => {
  it('names the browser and the system the way their holder would', () => {
    const seen: Record<string, string> = {
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36': 'Chrome on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0': 'Edge on Windows',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1': 'Safari on iPhone',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0': 'Firefox on Mac',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36': 'Chrome on Android',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36': 'Chrome on Linux',
      'curl/8.5.0': 'Unknown device',
    };
    for (const [ua, label] of Object.entries(seen)) expect(deviceLabel(ua), ua).toBe(label);
    expect(deviceLabel(undefined)).toBe('Unknown device');
  });
});

describe('lastUsedText', () => {
  it('says active within the hour sessions record, then hours, then the date', () => {
    const now = new Date('2026-11-23T15:00:00');
    expect(lastUsedText(new Date('2026-11-23T14:20:00'), now)).toBe('Active now');
    expect(lastUsedText(new Date('2026-11-23T13:59:00'), now)).toBe('Last used 1 hour ago');
    expect(lastUsedText(new Date('2026-11-23T04:00:00'), now)).toBe('Last used 11 hours ago');
    expect(lastUsedText(new Date('2026-11-20T09:00:00'), now)).toBe('Last used Nov 20, 2026');
  });
});
