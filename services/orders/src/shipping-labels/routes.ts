import { Type } from 'typebox';
import { AddressInput, AdminOrder, CarrierInfo, ConnectedCarrier, LabelCarrierOption, LabelQuote, PageNumber, ShippingLabel, VerifiedAddress } from '@platform/contracts';
import { ONLY_STORE_OWNER_CARRIERS } from '@platform/domain';
import { errorAnswers, requireAdmin, requireStoreOwner, type ServicePlugin } from '@platform/server-kit';
import { addCarrier, availableCarriers, carrierInfo, connectedCarriers, deleteCarrier, verifyShippingAddress } from './carriers-admin';
import { buyLabel, insuranceRate, labelFile, quoteLabel, refundLabel, storeLabels, type LabelIo } from './labels';
import { dropShipRoutes } from './drop-ship-routes';

const tags = ['shipping labels'];
const security = [{ bearer: [] }];
const OrderId = Type.String({ minLength: 1, maxLength: 40, description: "The order's id (admin order lists' id)" });
const LabelId = Type.String({ minLength: 1, maxLength: 40, description: "The label's id (admin/shipping/labels' id)" });
const Answer = <T extends Parameters<typeof Type.Object>[0]>(data: T) => Type.Object({ status: Type.String(), message: Type.String(), ...data });
const Inches = Type.Number({ minimum: 0, maximum: 1000 });

/**
 * Shipping labels and the carriers admin (spec 3 §7: admin/shipping/getAvailableCarriers, getCarriers, {id}/info,
 * addCarrier, deleteCarrier, {id}/quotes, insurance-rate, {id}/buy, validateAddress, labels, {id}/refund), plus
 * labels/{id}/file for printing. Any admin of the store works with labels (order work needs no permission of spec
 * 3 §6); only the store owner connects or removes the account that pays for them (docs/SHIPPING-LABELS.md).
 */
export const shippingLabelRoutes: ServicePlugin = async (app) => {
  const io: LabelIo = { resources: app.resources, log: (err) => app.log.warn({ err }, 'Carrier call failed') };
  const ownerOnly = requireStoreOwner(ONLY_STORE_OWNER_CARRIERS);
  await app.register(dropShipRoutes(io));

  app.get('/admin/shipping/getAvailableCarriers', {
    preHandler: requireAdmin,
    schema: { tags, summary: 'The label carriers the platform can connect (EasyPost), with the fields their form asks for and whether the store has connected each', security, response: { 200: Type.Object({ data: Type.Array(LabelCarrierOption) }) } },
  }, async (request) => ({ data: await availableCarriers(request.ctx) }));

  app.get('/admin/shipping/getCarriers', {
    preHandler: requireAdmin,
    schema: { tags, summary: "The carriers the store connected: its EasyPost account's mode and key's last 4 characters (the key itself is never answered)", security, response: { 200: Type.Object({ data: Type.Array(ConnectedCarrier) }) } },
  }, async (request) => ({ data: await connectedCarriers(request.ctx) }));

  app.get('/admin/shipping/:id/info', {
    preHandler: requireAdmin,
    schema: {
      tags, summary: 'A connected carrier (id: easypost) with the carrier accounts EasyPost has for the store (USPS, UPS ...). 409: EasyPost refused the stored key; 503: EasyPost did not answer', security,
      params: Type.Object({ id: Type.String({ maxLength: 40 }) }), response: { 200: Type.Object({ data: CarrierInfo }), ...errorAnswers(409, 422, 503) },
    },
  }, async (request) => ({ data: await carrierInfo(request.ctx, request.params.id, io.log) }));

  app.post('/admin/shipping/addCarrier', {
    preHandler: ownerOnly,
    schema: {
      tags, summary: "Store owner: connects the store's EasyPost account (or gives it a new key), or a supplier's drop-ship account (doitbest, emery: account_number and api_key). The carrier is asked first: credentials it refuses are 422 and nothing is saved; the key is stored sealed. 503: the carrier did not answer", security,
      body: Type.Object({
        carrier: Type.String({ maxLength: 40, description: 'easypost, or a supplier getAvailableCarriers offers (doitbest, emery)' }),
        credentials: Type.Object({
          api_key: Type.String({ maxLength: 300 }),
          account_number: Type.Optional(Type.String({ maxLength: 40, description: "A supplier's member (Do it Best) or customer (Emery) number" })),
        }),
        description: Type.Optional(Type.String({ maxLength: 100 })),
      }),
      response: { 200: Answer({ data: ConnectedCarrier }), ...errorAnswers(422, 503) },
    },
  }, async (request) => addCarrier(request.ctx, request.body, io.log));

  app.post('/admin/shipping/deleteCarrier', {
    preHandler: ownerOnly,
    schema: {
      tags, summary: "Store owner: disconnects a carrier (its key is forgotten); bought labels stay listed and printable, checkout quotes the store's own rates again", security,
      body: Type.Object({ carrier_id: Type.String({ maxLength: 40 }) }), response: { 200: Answer({}) },
    },
  }, async (request) => deleteCarrier(request.ctx, request.body.carrier_id));

  app.post('/admin/shipping/validateAddress', {
    preHandler: requireAdmin,
    schema: {
      tags, summary: "Verifies a US shipping address with EasyPost through the store's account; answers it as EasyPost corrected it. 422: a field missing, or an address the carrier could not find (by field); 409: no carrier connected or its key refused; 503: EasyPost did not answer",
      security, body: AddressInput, response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: VerifiedAddress }), ...errorAnswers(409, 422, 503) },
    },
  }, async (request) => ({ status: 'success', message: 'EasyPost verified this address.', data: await verifyShippingAddress(request.ctx, request.body, io.log) }));

  app.post('/admin/shipping/insurance-rate', {
    preHandler: requireAdmin,
    schema: {
      tags, summary: "What insuring a parcel's contents costs through EasyPost: 1% of the value, at least $1.00, up to $5,000 insured", security,
      body: Type.Object({ amount: Type.String({ maxLength: 20, description: 'The value of the contents in dollars, like 249.99' }) }),
      response: { 200: Type.Object({ data: Type.Object({ amount: Type.String(), fee: Type.String() }) }), ...errorAnswers(422) },
    },
  }, async (request) => ({ data: insuranceRate(request.body.amount) }));

  app.post('/admin/shipping/:id/quotes', {
    preHandler: requireAdmin,
    schema: {
      tags, summary: "The carriers' rates for a shipping order's parcel (weight in lb and oz, sizes in inches) from its store to its address, cheapest first; kept a day for {id}/buy. 409: not a shipping order being filled, a label already, or no carrier connected; 422: the parcel (by field) or no rate offered; 503: EasyPost did not answer",
      security, params: Type.Object({ id: OrderId }),
      body: Type.Object({
        weight_lb: Type.Optional(Type.Number({ minimum: 0, maximum: 1000 })), weight_oz: Type.Optional(Type.Number({ minimum: 0, maximum: 16_000 })),
        length: Type.Optional(Inches), width: Type.Optional(Inches), height: Type.Optional(Inches),
      }),
      response: { 200: Type.Object({ data: LabelQuote }), ...errorAnswers(409, 422, 503) },
    },
  }, async (request) => ({ data: await quoteLabel(request.ctx, io, request.params.id, request.body) }));

  app.post('/admin/shipping/:id/buy', {
    preHandler: requireAdmin,
    schema: {
      tags, summary: "Buys one of the rates last quoted for the order, insured for `insurance` dollars if given: the label's PDF is kept, the tracking goes on the order and the customer is e-mailed it. 409: the order cannot get a label now; 422: a rate not quoted or expired, a bad amount, or EasyPost refused; 503: EasyPost did not answer (nothing bought), or the label could not be kept (refunded at once)",
      security, params: Type.Object({ id: OrderId }),
      body: Type.Object({ rate_id: Type.String({ minLength: 1, maxLength: 100 }), insurance: Type.Optional(Type.String({ maxLength: 20, description: 'Dollars to insure the contents for, like 249.99' })) }),
      response: { 200: Answer({ data: Type.Object({ label: ShippingLabel, order: AdminOrder }) }), ...errorAnswers(409, 422, 503) },
    },
  }, async (request) => buyLabel(request.ctx, io, request.params.id, request.body));

  app.post('/admin/shipping/:id/refund', {
    preHandler: requireAdmin,
    schema: {
      tags, summary: "Asks EasyPost to refund an unused label ({id}: the label's id): its tracking leaves the order. 409: refunded or asked already, the carrier rejected it (the parcel was scanned), or no carrier connected; 422: EasyPost refused; 503: EasyPost did not answer",
      security, params: Type.Object({ id: LabelId }),
      response: { 200: Answer({ data: ShippingLabel }), ...errorAnswers(409, 422, 503) },
    },
  }, async (request) => refundLabel(request.ctx, io, request.params.id));

  app.get('/admin/shipping/labels', {
    preHandler: requireAdmin,
    schema: {
      tags, summary: "The store's bought labels (or one order's), newest first, 20 a page", security,
      querystring: Type.Object({ page: PageNumber, limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }), order_id: Type.Optional(Type.String({ maxLength: 40 })) }),
      response: { 200: Type.Object({ data: Type.Array(ShippingLabel), total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer() }) },
    },
  }, async (request) => storeLabels(request.ctx, io, request.query));

  app.get('/admin/shipping/labels/:id/file', {
    preHandler: requireAdmin,
    schema: {
      tags, summary: "A label's file (the carrier's PDF) as kept when it was bought, to print", security, params: Type.Object({ id: LabelId }),
      response: { 200: { description: 'The label', content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } } } },
    },
  }, async (request, reply) => {
    const file = await labelFile(request.ctx, request.params.id);
    return reply.type(file.contentType).header('content-disposition', `inline; filename="${file.name}"`).header('cache-control', 'private, no-store').send(file.data as unknown as string);
  });
};
