import { Type } from 'typebox';
import { WizardState } from '@platform/contracts';
import { errorAnswers, requireAdmin, type ServicePlugin } from '@platform/server-kit';
import { acknowledgeWizard, getWizardState, markWizardItem } from './wizard';

const tags = ['setup-wizard'];
const security = [{ bearer: [] }];
const Slug = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 60 }) });

/** The setup wizard's calls (spec 3 §7 Setup wizard), for any admin of the store. */
export const wizardRoutes: ServicePlugin = async (app) => {
  app.get('/setup-wizard/get', {
    preHandler: requireAdmin,
    schema: { tags, summary: "The store's setup wizard: its steps in order with their state, whether it was begun, the header alert", security, response: { 200: Type.Object({ data: WizardState }) } },
  }, async (request) => ({ data: await getWizardState(request.ctx) }));

  for (const [path, status] of [['/setup-wizard/mark-item-started', 'started'], ['/setup-wizard/mark-item-completed', 'completed']] as const) {
    app.post(path, {
      preHandler: requireAdmin,
      schema: { tags, summary: `Marks a wizard step ${status} (404 for a step the store's plan does not have)`, security, body: Slug, response: { 200: Type.Object({ data: WizardState }) } },
    }, async (request) => ({ data: await markWizardItem(request.ctx, request.body.slug, status) }));
  }

  app.post('/setup-wizard/acknowledge', {
    preHandler: requireAdmin,
    schema: {
      tags, summary: 'The owner acknowledges the finished set-up, with optional comments (422 while a step is open)', security,
      body: Type.Object({ comments: Type.Optional(Type.String({ maxLength: 2000 })) }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: WizardState }), ...errorAnswers(422) },
    },
  }, async (request) => acknowledgeWizard(request.ctx, request.body.comments ?? ''));
};
