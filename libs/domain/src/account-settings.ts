/**
 * The store's customer account settings (spec 3 §7 Customers, POST admin/customers/accountSettings), the rules both
 * the owner's form and the server check. What they govern is spec 2's: whether the header offers Sign In and Sign Up
 * (hideRegistration), whether the store texts shoppers (sms_notifications_enabled: sign-in by text and order texts),
 * and the label and help of registration's optional account-number field (account_field_info).
 */
export interface AccountSettings {
  hide_registration: boolean;
  sms_notifications_enabled: boolean;
  account_field_info: { label: string; help: string };
}

/** Spec 2 §3's words for the account-number field, when the store has set none. */
export const ACCOUNT_FIELD_DEFAULTS = {
  label: 'Contractor Account Number',
  help: 'Enter your contractor account number if you have a registered account with this business.',
} as const;

export const ACCOUNT_FIELD_LABEL_MAX = 60;
export const ACCOUNT_FIELD_HELP_MAX = 300;
export const ACCOUNT_FIELD_LABEL_NEEDED = 'Please enter a label for the account number field.';
export const ACCOUNT_FIELD_LABEL_TOO_LONG = `Keep the label to ${ACCOUNT_FIELD_LABEL_MAX} characters or fewer.`;
export const ACCOUNT_FIELD_HELP_TOO_LONG = `Keep the help to ${ACCOUNT_FIELD_HELP_MAX} characters or fewer.`;
export const ACCOUNT_FIELD_NO_MARKUP = 'Use plain words: < and > are not allowed here.';
export const ACCOUNT_SETTINGS_SAVED = 'Customer account settings saved.';

const hasMarkup = (value: string) => /[<>]/.test(value);

/** Field problems of the account settings, keyed as the API names them (account_field_info.label, account_field_info.help). */
export function accountSettingsProblems(input: AccountSettings): Record<string, string> {
  const problems: Record<string, string> = {};
  const label = input.account_field_info.label.trim();
  const help = input.account_field_info.help.trim();
  if (!label) problems['account_field_info.label'] = ACCOUNT_FIELD_LABEL_NEEDED;
  else if (label.length > ACCOUNT_FIELD_LABEL_MAX) problems['account_field_info.label'] = ACCOUNT_FIELD_LABEL_TOO_LONG;
  else if (hasMarkup(label)) problems['account_field_info.label'] = ACCOUNT_FIELD_NO_MARKUP;
  if (help.length > ACCOUNT_FIELD_HELP_MAX) problems['account_field_info.help'] = ACCOUNT_FIELD_HELP_TOO_LONG;
  else if (hasMarkup(help)) problems['account_field_info.help'] = ACCOUNT_FIELD_NO_MARKUP;
  return problems;
}

/** The settings as they are kept: the words trimmed (an empty help shows no help under the field). */
export function normalizeAccountSettings(input: AccountSettings): AccountSettings {
  return {
    hide_registration: input.hide_registration,
    sms_notifications_enabled: input.sms_notifications_enabled,
    account_field_info: { label: input.account_field_info.label.trim(), help: input.account_field_info.help.trim() },
  };
}
