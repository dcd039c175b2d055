/**
 * E-mails the platform sends a store owner carry a one-click link to stop them (spec 1 §2 /wizard-unsubscribe,
 * /landing-page-auto-update-opt-out). One entry per kind: its page and what the owner is told.
 */
export const OPT_OUTS = {
  'wizard-reminders': { path: '/wizard-unsubscribe', done: 'You will no longer get setup wizard reminders by e-mail.' },
  'landing-page-auto-update': { path: '/landing-page-auto-update-opt-out', done: 'Automatic updates of your landing page are turned off. Your home page stays as you left it.' },
} as const;
export type OptOutKind = keyof typeof OPT_OUTS;

export const OPT_OUT_LINK_INVALID = 'This link is not valid for this store. Open the link from your latest e-mail, or sign in to change it in your settings.';
