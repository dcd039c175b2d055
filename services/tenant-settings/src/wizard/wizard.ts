import mongoose, { Schema } from 'mongoose';
import { scoped, tenantOwned } from '@platform/db';
import type { WizardState } from '@platform/contracts';
import { needsWizardAcknowledgement, wizardAlert, wizardSteps, WIZARD_STEP_NOT_FOUND, type WizardItemStatus } from '@platform/domain';
import { AppError, type RequestContext } from '@platform/server-kit';
import { getBusinessDetails } from '../service';

/** One per tenant: each step's state by slug, and the owner's acknowledgement with its comments. */
const wizardProgressSchema = new Schema({
  items: { type: Schema.Types.Mixed, default: {} },
  acknowledgedAt: { type: Date, default: null },
  comments: { type: [{ _id: false, text: String, by: String, at: Date }], default: [] },
  /** When the owners were last reminded by e-mail (reminders.ts). */
  remindedAt: { type: Date, default: null },
}, { timestamps: true, minimize: false });
wizardProgressSchema.plugin(tenantOwned, { onePerTenant: true });
export const WizardProgress = mongoose.models.WizardProgress ?? mongoose.model('WizardProgress', wizardProgressSchema);

export interface WizardProgressDoc { items: Record<string, WizardItemStatus>; acknowledgedAt: Date | null; remindedAt?: Date | null }

/** The store's wizard progress as stored (null before anyone opened a step). */
export const readWizardProgress = async (ctx: RequestContext) => (await WizardProgress.findOne(scoped(ctx)).lean()) as WizardProgressDoc | null;

/** The wizard as an admin sees it, from the store's plan, its wizard flag and its progress. */
export function wizardStateOf(plan: string, wizardEnabled: boolean, progress: WizardProgressDoc | null): WizardState {
  const items = progress?.items ?? {};
  const steps = wizardSteps(plan).map((s) => ({ ...s, status: items[s.slug] ?? ('not_started' as const) }));
  const acknowledged = Boolean(progress?.acknowledgedAt);
  return {
    wizard_enabled: wizardEnabled,
    is_wizard_begin: steps.some((s) => s.status !== 'not_started'),
    steps,
    needs_acknowledgement: needsWizardAcknowledgement(plan),
    acknowledged,
    alert: wizardEnabled ? wizardAlert({ plan, statuses: steps.map((s) => s.status), acknowledged }) : null,
  };
}

/** setup-wizard/get: the plan's steps with their state; begun once any step was opened. */
export async function getWizardState(ctx: RequestContext): Promise<WizardState> {
  const business = await getBusinessDetails(ctx);
  return wizardStateOf(ctx.tenant.plan, business.wizard_enabled, await readWizardProgress(ctx));
}

/**
 * mark-item-started / mark-item-completed. Opening a step again after finishing it keeps it completed;
 * a slug that is not one of this plan's steps is a 404.
 */
export async function markWizardItem(ctx: RequestContext, slug: string, status: Exclude<WizardItemStatus, 'not_started'>): Promise<WizardState> {
  if (!wizardSteps(ctx.tenant.plan).some((s) => s.slug === slug)) throw new AppError('not_found', WIZARD_STEP_NOT_FOUND);
  const current = (await readWizardProgress(ctx))?.items?.[slug];
  if (!(status === 'started' && current === 'completed')) {
    await WizardProgress.updateOne(scoped(ctx), { $set: { [`items.${slug}`]: status } }, { upsert: true });
  }
  return getWizardState(ctx);
}

export const WIZARD_NOT_FINISHED = 'Complete every step of the setup wizard before acknowledging it.';
export const WIZARD_ACKNOWLEDGED = 'Thank you. Your setup is acknowledged.';

/** acknowledge: the owner confirms the finished set-up, optionally with comments for the platform's team. */
export async function acknowledgeWizard(ctx: RequestContext, comments: string): Promise<{ status: string; message: string; data: WizardState }> {
  const state = await getWizardState(ctx);
  if (state.steps.some((s) => s.status !== 'completed')) throw new AppError('unprocessable', WIZARD_NOT_FINISHED);
  const text = comments.trim();
  await WizardProgress.updateOne(scoped(ctx), {
    $set: { acknowledgedAt: new Date() },
    ...(text ? { $push: { comments: { text, by: ctx.caller?.slug ?? '', at: new Date() } } } : {}),
  }, { upsert: true });
  return { status: 'success', message: WIZARD_ACKNOWLEDGED, data: await getWizardState(ctx) };
}
