import { Type } from 'typebox';
import { CustomerAccountSettings } from '@platform/contracts';
import { errorAnswers, requirePermission, type ServicePlugin } from '@platform/server-kit';
import { accountSettings, saveAccountSettings } from './service';

const tags = ['customers'];
const security = [{ bearer: [] }];

/**
 * The Customers area's account settings (spec 3 §7 Customers: POST admin/customers/accountSettings; the GET is ours,
 * for the owner's form). They shape the storefront's registration, so they need edit_user_inputs, as the sign-up
 * form's custom fields do (docs/API-DECISIONS.md "Customer account settings").
 */
export const accountSettingsRoutes: ServicePlugin = async (app) => {
  const resources = { redis: app.resources.redis, prefix: app.resources.queuePrefix };
  const editUserInputs = requirePermission('edit_user_inputs');

  app.get('/admin/customers/accountSettings', {
    preHandler: editUserInputs,
    schema: {
      tags, security,
      summary: "Admin: the customer account settings: Sign In and Sign Up in the header, texts to shoppers, registration's account-number field",
      response: { 200: Type.Object({ data: CustomerAccountSettings }), ...errorAnswers(401, 403) },
    },
  }, async (request) => ({ data: await accountSettings(request.ctx) }));

  app.post('/admin/customers/accountSettings', {
    preHandler: editUserInputs,
    schema: {
      tags, security,
      summary: "Admin: saves the customer account settings; the storefront's header and registration follow at once (422 names each bad field; nothing is saved then)",
      body: CustomerAccountSettings,
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: CustomerAccountSettings }), ...errorAnswers(401, 403, 422) },
    },
  }, async (request) => saveAccountSettings(request.ctx, resources, request.body));
};
