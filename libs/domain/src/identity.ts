/** Sign-in and registration rules of spec 2 §5, shared by the login/register screens and the identity service. */

export const INVALID_PHONE = 'Please enter a valid phone number.';
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const MISSING_CODE = 'Please enter your verification code.';
/** What the shopper reads when the e-mail or phone already has an account (spec 2 §8); 'Login' is a link there. */
export const DUPLICATE_EMAIL_SHOWN = 'The email address you entered is already associated with another account. Please Login to your existing account.';
export const DUPLICATE_PHONE_SHOWN = 'The phone number you entered is already associated with another account. Please Login to your existing account.';
/** The server words a duplicate account with 'log into' (spec 2 §5); the form shows the duplicate message instead. */
export function registrationProblemShown(field: string, serverText: string): string {
  if (!serverText.includes('log into')) return serverText;
  if (field === 'email') return DUPLICATE_EMAIL_SHOWN;
  if (field === 'telephone') return DUPLICATE_PHONE_SHOWN;
  return serverText;
}
/** The simple layout's answer when the e-mail or phone has no account (spec 2 §8, verification failure). */
export const UNSUCCESSFUL_LOGIN = 'Unsuccessful login. Please try again.';
/** Sign-out (spec 1 §4, §8; spec 2 §4, §8): the toast after it, and the error dialog when the store refused it or could not be reached. */
export const SIGNED_OUT = 'You have been signed out.';
export const LOGOUT_ERROR_TITLE = 'Error';
export const LOGOUT_UNKNOWN_ERROR = 'Unknown error while logging out';
export const PASSWORD_MISMATCH = "Password doesn't match";
/** Password reset and one-time link requests answered 422 (spec 2 §5). */
export const INVALID_RESET_EMAIL = 'Please provide a valid email address.';
/**
 * Spec 2 §8's confirmations, for an address the sign-in form has just found an account for (the server's own
 * answers stay neutral, as anyone may ask them about any address).
 */
export const resetCodeSentMessage = (email: string) => `Password reset code sent to ${email}. Check your inbox!`;
export const oneTimeLinkSentMessage = (email: string) => `One-time login link sent to ${email} . Please close this tab and check your inbox!`;
/** A registration refused without field errors, when the server gives no message (spec 2 §8). */
export const SIGNUP_FAILED = 'Error occurred during sign up. Please check the fields again';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The digits of a phone without its +1 country code: written with a '+1', or an 11th digit after a leading 1 (no US area code starts with 1). */
function digitsWithoutCountryCode(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.startsWith('1') && (/^\s*\+\s*1/.test(input) || digits.length === 11) ? digits.slice(1) : digits;
}

/** A US phone as 10 digits: a +1 prefix and every non-digit removed; anything else is null. */
export function normalizePhone(input: string): string | null {
  const digits = digitsWithoutCountryCode(input);
  return /^\d{10}$/.test(digits) ? digits : null;
}

/**
 * What a phone field lets in at once: '+1 (503) 555-0142' pasted whole. It shows at most 14, (xxx) xxx-xxxx;
 * a limit of 14 would cut a pasted +1 number short before the +1 could be dropped.
 */
export const PHONE_INPUT_MAX_LENGTH = 17;

/**
 * The digits a phone field keeps from what was typed or pasted: up to 10, after a +1 country code (a pasted
 * '+1 503 555 0142', or an eleventh digit typed after a leading 1).
 */
export function phoneInputDigits(input: string): string {
  return digitsWithoutCountryCode(input).slice(0, 10);
}

/** (xxx) xxx-xxxx as the phone is typed (digits only; partial input formats as far as it goes). */
export function formatPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length <= 3) return digits.length ? `(${digits}` : '';
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** At least 6 characters and an address shape. */
export function isValidEmail(input: string): boolean {
  const email = input.trim();
  return email.length >= 6 && EMAIL_PATTERN.test(email);
}

export const normalizeEmail = (input: string) => input.trim().toLowerCase();

/** One-time sign-in codes are 4 digits. */
export const isOtpCode = (input: string) => /^\d{4}$/.test(input.trim());

export const PASSWORD_TOO_COMMON = 'This password is too easy to guess. Please choose a less common one.';

/**
 * Words and strings at the top of every leaked-password list (NIST SP 800-63B asks to refuse them). Matched
 * on the whole password, and on it without the digits and symbols people add at the end ('Password1!').
 */
const COMMON_PASSWORDS = new Set(`password passw0rd p@ssw0rd p@ssword pass password1 qwerty qwertyuiop qwertyui qwerty123 qwe123
asdfghjkl asdfghjk asdfgh zxcvbnm zxcvbnm1 1qaz2wsx zaq12wsx 1q2w3e4r 1q2w3e4r5t q1w2e3r4 q1w2e3r4t5 qazwsx qazwsxedc 123qwe 123qweasd
abc abcd abc123 abcd1234 abcdefg abcdefgh iloveyou iloveu loveyou lovely love letmein trustno welcome welcome1 hello hellothere
admin administrator root login changeme default secret master access guest user test tester testing shopper customer owner staff
sunshine princess football baseball basketball soccer hockey dragon monkey shadow superman batman starwars pokemon whatever freedom
michael jennifer jordan jessica ashley charlie thomas daniel andrew joshua matthew robert hunter tigger buster ginger pepper maggie
computer internet google facebook mustang corvette mercedes ferrari harley yankees cowboys eagles liverpool chelsea arsenal
summer winter autumn spring flower butterfly chocolate cookie cheese banana orange purple silver golden diamond
hardware garden paint store shop shopping market`.split(/\s+/));

/** Only one character, or a run of neighbouring digits or letters either way ('11111111', '12345678', 'abcdefgh', '98765432'). */
function isRunOrRepeat(text: string): boolean {
  if (/^(.)\1+$/.test(text)) return true;
  const codes = [...text].map((c) => c.charCodeAt(0));
  const step = codes[1] - codes[0];
  return Math.abs(step) === 1 && codes.every((c, i) => i === 0 || c - codes[i - 1] === step);
}

/** Whether a password is one people pick most, so that guessing it takes few tries. */
export function isCommonPassword(password: string): boolean {
  const whole = password.trim().toLowerCase();
  const word = whole.replace(/[^a-z]+$/, '').replace(/^[^a-z]+/, '');
  return COMMON_PASSWORDS.has(whole) || COMMON_PASSWORDS.has(word) || isRunOrRepeat(whole) || (/^\d+$/.test(whole) && new Set(whole).size <= 2);
}

/** A new password and its confirmation: long enough, not a common one, and the confirmation matches. */
export function passwordProblems(password: string, confirmation: string): { password?: string; c_password?: string } {
  const problems: { password?: string; c_password?: string } = {};
  if (password.length < PASSWORD_MIN_LENGTH) problems.password = PASSWORD_TOO_SHORT;
  else if (isCommonPassword(password)) problems.password = PASSWORD_TOO_COMMON;
  if (password !== confirmation) problems.c_password = PASSWORD_MISMATCH;
  return problems;
}

/** A staff sub-account's name and e-mail (spec 3 §2 sub-accounts): checked in the form and again by the server. */
export function subAccountDetailsProblems(input: { first_name: string; last_name: string; email: string }): { first_name?: string; last_name?: string; email?: string } {
  const problems: { first_name?: string; last_name?: string; email?: string } = {};
  if (!input.first_name.trim()) problems.first_name = 'Please enter a first name.';
  if (!input.last_name.trim()) problems.last_name = 'Please enter a last name.';
  if (!isValidEmail(normalizeEmail(input.email))) problems.email = INVALID_EMAIL;
  return problems;
}

/** A custom signup field's name from its label: lower case, spaces to underscores, other non-alphanumerics dropped. */
export function customFieldName(label: string): string {
  return label.trim().toLowerCase().replace(/\s+/g, '_').replace(/[^a-z0-9_]/g, '');
}

/** 'Keep me signed in' keeps a session 30 days; without it, a day (and the browser keeps it per tab). */
export const SESSION_DAYS = 30;
export const SHORT_SESSION_DAYS = 1;
const DAY_MS = 86_400_000;

/**
 * Sessions slide while used: once less than half of a session's life is left, a request renews it for a whole
 * one, so a shopper or owner who comes back within the period stays signed in; an idle one still ends. Null:
 * nothing to renew (a session without a recorded life, or one renewed recently enough).
 */
export function renewedSessionExpiry(expiresAt: Date, lifetimeDays: number | null | undefined, now: Date): Date | null {
  if (!lifetimeDays) return null;
  const lifetime = lifetimeDays * DAY_MS;
  return expiresAt.getTime() - now.getTime() < lifetime / 2 ? new Date(now.getTime() + lifetime) : null;
}

/** Turning two-step sign-in on or off asks for the password again; a confirmation holds this long for the session. */
export const PASSWORD_CONFIRMATION_MINUTES = 10;
export const CONFIRM_PASSWORD_FIRST = 'Please confirm your password first.';

/** Browsers by the mark their User-Agent carries, most specific first (Edge and Opera also say Chrome; Chrome also says Safari). */
const BROWSERS: [RegExp, string][] = [[/Edg(e|A|iOS)?\//, 'Edge'], [/OPR\/|Opera/, 'Opera'], [/Firefox\/|FxiOS\//, 'Firefox'], [/Chrome\/|CriOS\//, 'Chrome'], [/Version\/[\d.]+.*Safari\//, 'Safari']];
const SYSTEMS: [RegExp, string][] = [[/iPhone/, 'iPhone'], [/iPad/, 'iPad'], [/Android/, 'Android'], [/CrOS/, 'ChromeOS'], [/Windows/, 'Windows'], [/Macintosh|Mac OS X/, 'Mac'], [/Linux/, 'Linux']];

/** A signed-in device as its holder would name it, from the browser's User-Agent: 'Chrome on Windows'. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([mark]) => mark.test(ua))?.[1];
  const system = SYSTEMS.find(([mark]) => mark.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/**
 * When a signed-in device was last used, as its list says it: sessions record their use to the hour, so within
 * an hour is 'Active now'; then hours, then the date.
 */
export function lastUsedText(lastUsed: Date, now: Date): string {
  const hours = Math.floor((now.getTime() - lastUsed.getTime()) / 3_600_000);
  if (hours < 1) return 'Active now';
  if (hours < 24) return `Last used ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  return `Last used ${shortDate(lastUsed)}`;
}

/** A day as the account screens write it: 'Nov 20, 2026'. */
export const shortDate = (day: Date) => day.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
