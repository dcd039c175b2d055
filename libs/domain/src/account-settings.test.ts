import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_FIELD_DEFAULTS, ACCOUNT_FIELD_HELP_TOO_LONG, ACCOUNT_FIELD_LABEL_NEEDED, ACCOUNT_FIELD_LABEL_TOO_LONG, ACCOUNT_FIELD_NO_MARKUP,
  accountSettingsProblems, normalizeAccountSettings, type AccountSettings,
} from './account-settings';

const settings = (label: string, help = ''): AccountSettings => ({ hide_registration: false, sms_notifications_enabled: true, account_field_info: { label, help } });

describe('customer account settings', () => {
  it("accepts spec 2's standard words and an empty help", () => {
    expect(accountSettingsProblems(settings(ACCOUNT_FIELD_DEFAULTS.label, ACCOUNT_FIELD_DEFAULTS.help))).toEqual({});
    expect(accountSettingsProblems(settings('Trade Account'))).toEqual({});
  });

  it('names a blank or long label, a long help, and markup, by the fields the API names', () => {
    expect(accountSettingsProblems(settings('   '))).toEqual({ 'account_field_info.label': ACCOUNT_FIELD_LABEL_NEEDED });
    expect(accountSettingsProblems(settings('x'.repeat(61)))).toEqual({ 'account_field_info.label': ACCOUNT_FIELD_LABEL_TOO_LONG });
    expect(accountSettingsProblems(settings(` ${'x'.repeat(60)} `, ` ${'y'.repeat(300)} `))).toEqual({});
    expect(accountSettingsProblems(settings('Account', 'y'.repeat(301)))).toEqual({ 'account_field_info.help': ACCOUNT_FIELD_HELP_TOO_LONG });
    expect(accountSettingsProblems(settings('<i>Account</i>', 'See <a href="x">here</a>'))).toEqual({
      'account_field_info.label': ACCOUNT_FIELD_NO_MARKUP, 'account_field_info.help': ACCOUNT_FIELD_NO_MARKUP,
    });
  });

  it('keeps the words trimmed and the switches as given', () => {
    expect(normalizeAccountSettings({ hide_registration: true, sms_notifications_enabled: false, account_field_info: { label: ' Trade ', help: ' Ask us. ' } }))
      .toEqual({ hide_registration: true, sms_notifications_enabled: false, account_field_info: { label: 'Trade', help: 'Ask us.' } });
  });
});
