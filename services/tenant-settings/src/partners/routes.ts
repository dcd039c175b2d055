import { Type } from 'typebox';
import { PartnerSettings } from '@platform/contracts';
import { MAX_PARTNER_BUSINESSES, ONLY_STORE_OWNER_PARTNERS } from '@platform/domain';
import { requireStoreOwner, type ServicePlugin } from '@platform/server-kit';
import { partnerSettings, savePartners } from './partners';

const tags = ['tenant-settings'];
const security = [{ bearer: [] }];
/** The store's partner businesses (docs/PARTNER-INVENTORY.md): the owner's alone, as payment settings are. */
export const partnerRoutes: ServicePlugin = async (app) => {
  const ownerOnly = requireStoreOwner(ONLY_STORE_OWNER_PARTNERS);

  app.get('/admin/settings/partner-businesses', {
    preHandler: ownerOnly,
    schema: { tags, summary: "Store owner: the businesses this store lists as partners, each shown (its name) once it lists this store back", security, response: { 200: Type.Object({ data: PartnerSettings }) } },
  }, async (request) => ({ data: await partnerSettings(request.ctx) }));

  app.post('/admin/settings/partner-businesses', {
    preHandler: ownerOnly,
    schema: {
      tags, summary: `Store owner: the partner businesses by business id (at most ${MAX_PARTNER_BUSINESSES}; its own left out); another store's stock shows in partner-business-product-inventory only where both list each other`,
      security, body: Type.Object({ business_ids: Type.Array(Type.Integer({ minimum: 1, maximum: 999999999999 }), { maxItems: MAX_PARTNER_BUSINESSES }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: PartnerSettings }) },
    },
  }, async (request) => savePartners(request.ctx, request.body.business_ids));
};
