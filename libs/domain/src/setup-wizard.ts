import { isBasicPlan, isOwnerOnlyScreen } from './permissions';

/**
 * The setup wizard (spec 3 §2, §4): a guided pass over the settings a new store must get right before it
 * sells online. Each step is a section screen at /admin/wizard/section/{slug}. The spec names ten sections;
 * these are the ones this platform has built (the others join the list when their screens exist).
 */
export const WIZARD_SECTIONS = [
  { title: 'Fulfillment Options', text: 'Choose how shoppers get their orders: pickup in store, local delivery (with the zip codes you deliver to) or shipping.' },
  { title: 'Payment Options', text: 'Choose how shoppers pay: at the store when they collect or receive their order, or by card online through Stripe.' },
  { title: 'Special Order Items', text: 'Decide whether shoppers may order items you do not have in stock, what it costs and how long it usually takes.' },
  { title: 'Tax Rate', text: 'Set the sales tax rate each of your stores charges.' },
] as const;
export type WizardSectionTitle = (typeof WIZARD_SECTIONS)[number]['title'];

/** The section's path segment: the title lower-cased, spaces as dashes (spec 3 §2). */
export const wizardSectionSlug = (title: string) => title.toLowerCase().replace(/\s+/g, '-');

/** The steps about online orders, which the basic plans do not take. */
const ONLINE_ORDER_SECTIONS: readonly WizardSectionTitle[] = ['Fulfillment Options', 'Payment Options'];

/**
 * The steps for a plan. The basic plans (LEB, E2P) take no online orders of their own (shoppers buy in the
 * store, or through the free-upgrade trial the platform sets up), so their shorter list leaves out how
 * orders are fulfilled and paid.
 */
export function wizardSteps(plan: string): { title: WizardSectionTitle; slug: string; text: string }[] {
  const sections = isBasicPlan(plan) ? WIZARD_SECTIONS.filter((s) => !ONLINE_ORDER_SECTIONS.includes(s.title)) : WIZARD_SECTIONS;
  return sections.map((s) => ({ title: s.title, slug: wizardSectionSlug(s.title), text: s.text }));
}

export type WizardItemStatus = 'not_started' | 'started' | 'completed';

/** Plans whose owners acknowledge the finished wizard (spec 3 §3). */
const ACKNOWLEDGING_PLANS = new Set(['E1P', 'E2P']);
export const needsWizardAcknowledgement = (plan: string) => ACKNOWLEDGING_PLANS.has(plan);

export const WIZARD_ALERTS = {
  actions: 'New Actions Required on Your Setup Wizard',
  acknowledgement: 'Acknowledgement Required on Your Setup Wizard',
} as const;

/** The admin header's wizard alert: steps still to complete, else an acknowledgement the plan asks for, else none. */
export function wizardAlert(state: { plan: string; statuses: WizardItemStatus[]; acknowledged: boolean }): string | null {
  if (state.statuses.some((s) => s !== 'completed')) return WIZARD_ALERTS.actions;
  if (needsWizardAcknowledgement(state.plan) && !state.acknowledged) return WIZARD_ALERTS.acknowledgement;
  return null;
}

/** Where a wizard step's Previous / Next lead (query wizard_step, 1-based); null past either end. */
export function wizardNeighbours(slugs: readonly string[], slug: string): { step: number; previous: string | null; next: string | null } {
  const index = slugs.indexOf(slug);
  return { step: index + 1, previous: index > 0 ? slugs[index - 1] : null, next: index >= 0 && index < slugs.length - 1 ? slugs[index + 1] : null };
}

/**
 * Whether a wizard step is the owner's alone: its settings screen is (OWNER_ONLY_SCREENS, whose calls answer a
 * sub-account 403), so a sub-account is not walked through it.
 */
export const isOwnersWizardStep = (slug: string) => isOwnerOnlyScreen(`/admin/settings/${slug}`);

/** The steps a signed-in admin works through: a sub-account (the session's is_sub_account) not the owner's. */
export function wizardStepsOpenTo<T extends { slug: string }>(steps: readonly T[], isSubAccount: boolean | undefined): T[] {
  return isSubAccount ? steps.filter((s) => !isOwnersWizardStep(s.slug)) : [...steps];
}

/** A sub-account who opens the owner's step by its address. */
export const WIZARD_STEP_OWNERS = 'Only the store owner sets how the store takes payment, so this step is left to them.';

export const WIZARD_STEP_NOT_FOUND = 'This setup wizard step does not exist.';
export const WIZARD_NEEDS_ADMIN = "Please sign in with the store's admin account to set up the store.";

/** An owner whose store's wizard still asks something of them is reminded by e-mail at most once a week. */
export const WIZARD_REMINDER_EVERY_MS = 7 * 24 * 60 * 60 * 1000;
export const wizardReminderDue = (lastSentAt: Date | null, now: Date) => !lastSentAt || now.getTime() - lastSentAt.getTime() >= WIZARD_REMINDER_EVERY_MS;

/** The reminder e-mail: what is still open, where to continue, and the one-click way to stop these e-mails. */
export function wizardReminderEmail(input: { storeName: string; alert: string; openSteps: string[]; wizardUrl: string; stopUrl: string }): { subject: string; text: string } {
  const steps = input.openSteps.length
    ? `Still to do:\n${input.openSteps.map((s) => `- ${s}`).join('\n')}`
    : 'Every step is done: please confirm your setup so our team knows the store is ready.';
  return {
    subject: `${input.storeName}: ${input.alert}`,
    text: `${steps}\n\nContinue your setup: ${input.wizardUrl}\n\nTo stop these reminders: ${input.stopUrl}`,
  };
}
