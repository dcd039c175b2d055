import type { CustomerAccountSettings } from '@platform/contracts';
import { ACCOUNT_SETTINGS_SAVED, accountSettingsProblems, normalizeAccountSettings, type AccountSettings } from '@platform/domain';
import { rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { getStoreSettings } from '../service';
import { saveProfile, type Resources } from '../store-content/admin';

/** The customer account settings as the store has them (its stored settings over the defaults). */
export async function accountSettings(ctx: RequestContext): Promise<CustomerAccountSettings> {
  const s = await getStoreSettings(ctx);
  return { hide_registration: s.hideRegistration, sms_notifications_enabled: s.sms_notifications_enabled, account_field_info: { label: s.account_field_info.label, help: s.account_field_info.help } };
}

/**
 * POST admin/customers/accountSettings: checked by the shared rules (422 by field, nothing saved), then kept in the
 * store settings that GET settings and the start-up bundle answer, so the storefront's header and registration
 * follow at once.
 */
export async function saveAccountSettings(ctx: RequestContext, resources: Resources, input: AccountSettings) {
  rejectFieldProblems(accountSettingsProblems(input));
  const clean = normalizeAccountSettings(input);
  await saveProfile(ctx, resources, {
    'settings.hideRegistration': clean.hide_registration,
    'settings.sms_notifications_enabled': clean.sms_notifications_enabled,
    'settings.account_field_info': clean.account_field_info,
  });
  return { status: 'success', message: ACCOUNT_SETTINGS_SAVED, data: await accountSettings(ctx) };
}
