import { scoped, Tenant } from '@platform/db';
import { storeAddress, wizardReminderDue, wizardReminderEmail } from '@platform/domain';
import { Customer } from '@platform/identity';
import type { PlatformQueues } from '@platform/queue';
import { backgroundContext, resolvedTenant } from '@platform/server-kit';
import { getBusinessDetails, optOutLink, readWizardProgress, WizardProgress, wizardStateOf } from '@platform/tenant-settings';

/**
 * The setup wizard reminders (spec 1 /wizard-unsubscribe, spec 3 do-not-remind): for every store with the
 * wizard on and reminders not turned off whose wizard still asks something (the header alert), its owners
 * get one e-mail a week through the notifications queue: what is open, a link to the wizard, and a
 * one-click link that stops the reminders. Answers how many stores were reminded.
 */
export async function sendWizardReminders(queues: Pick<PlatformQueues, 'notifications'>, publicUrl: string, now = new Date()): Promise<number> {
  let reminded = 0;
  for (const doc of await Tenant.find({ active: true }).lean() as never[]) {
    const ctx = backgroundContext(resolvedTenant(doc));
    const business = await getBusinessDetails(ctx);
    if (!business.wizard_enabled || !business.wizard_reminders) continue;
    const progress = await readWizardProgress(ctx);
    const state = wizardStateOf(ctx.tenant.plan, true, progress);
    if (!state.alert || !wizardReminderDue(progress?.remindedAt ?? null, now)) continue;
    const owners = await Customer.find(scoped(ctx, { isAdmin: true, isSubAccount: false })).lean() as { email: string }[];
    if (!owners.length) continue;
    const address = storeAddress(doc as { slug: string; domains?: string[] }, publicUrl);
    const email = wizardReminderEmail({
      storeName: ctx.tenant.name, alert: state.alert,
      openSteps: state.steps.filter((s) => s.status !== 'completed').map((s) => s.title),
      wizardUrl: `${address}/admin/wizard`, stopUrl: `${address}${await optOutLink(ctx.tenantId, 'wizard-reminders')}`,
    });
    for (const owner of owners) {
      await queues.notifications.add('wizard-reminder', { tenantId: ctx.tenantId, channel: 'email', to: owner.email, ...email, kind: 'wizard-reminder' });
    }
    await WizardProgress.updateOne(scoped(ctx), { $set: { remindedAt: now } }, { upsert: true });
    reminded += 1;
  }
  return reminded;
}
