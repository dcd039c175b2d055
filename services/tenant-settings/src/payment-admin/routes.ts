import { Type } from 'typebox';
import { PaymentSettingsAdmin, PaymentSettingsUpdate } from '@platform/contracts';
import { ONLY_STORE_OWNER_PAYMENTS } from '@platform/domain';
import { errorAnswers, requireStoreOwner, type ServicePlugin } from '@platform/server-kit';
import { getPaymentSettingsForOwner, savePaymentSettings } from './payment-admin';

const tags = ['tenant-settings'];
const security = [{ bearer: [] }];

/** How the store takes payment (spec 3 §7 admin/fulfillment/payment-settings): the store owner's alone, never a sub-account's. */
export const paymentAdminRoutes: ServicePlugin = async (app) => {
  const ownerOnly = requireStoreOwner(ONLY_STORE_OWNER_PAYMENTS);

  app.get('/admin/fulfillment/payment-settings', {
    preHandler: ownerOnly,
    schema: {
      tags, summary: "Store owner: the store's payment provider (null: payment at the store only) with every provider's public fields and whether each secret is stored (secrets are never answered)",
      security, response: { 200: Type.Object({ data: PaymentSettingsAdmin }) },
    },
  }, async (request) => ({ data: await getPaymentSettingsForOwner(request.ctx) }));

  app.post('/admin/fulfillment/payment-settings', {
    preHandler: ownerOnly,
    schema: {
      tags, summary: "Store owner: choose payment at the store only or cards through Stripe, Adyen, Authorize.Net, Plug'n Pay or Fiserv, with its keys; an empty secret keeps the stored one. 422 names each bad field (a key of the wrong shape, a key Stripe refuses, a hosted payment page's live mode) and saves nothing; 503 when Stripe does not answer",
      security, body: PaymentSettingsUpdate,
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: PaymentSettingsAdmin }), ...errorAnswers(422, 503) },
    },
  }, async (request) => savePaymentSettings(request.ctx, app.resources.redis, app.resources.queuePrefix, request.body));
};
