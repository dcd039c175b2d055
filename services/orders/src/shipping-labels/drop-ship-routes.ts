import { Type } from 'typebox';
import { AdminOrder, DropShipOption, DropShipQuote, DropShipService, ShippingLabel } from '@platform/contracts';
import { errorAnswers, requireAdmin, type ServicePlugin } from '@platform/server-kit';
import { prepareDropShip, sendDropShip, setSupplierItemNumber, supplierServices, warehouseOptions } from './drop-ship';
import type { LabelIo } from './labels';

const tags = ['shipping labels'];
const security = [{ bearer: [] }];
const OrderId = Type.String({ minLength: 1, maxLength: 40, description: "The order's id (admin order lists' id)" });
const Rsc = Type.String({ maxLength: 20, description: "A Do it Best RSC's code (rscOptions' id)" });
const ServiceId = Type.String({ minLength: 1, maxLength: 40, description: "A shipping service the supplier offered at prepare (its rates' id)" });
const Sent = Type.Object({ status: Type.String(), message: Type.String(), data: Type.Object({ label: ShippingLabel, order: AdminOrder }) });
const NOT_READY = '409: the supplier is not connected or refused the store\'s credentials; 503: it did not answer';
const ReturnStock = Type.Optional(Type.Boolean({ description: "Give the shelf units back to stock: the units the order took off its location's count at checkout go back to it, once (default false)" }));
const ItemNumberSet = Type.Object({
  status: Type.String(), message: Type.String(),
  data: Type.Object({ sku: Type.String(), item_number: Type.Union([Type.String(), Type.Null()], { description: "The supplier's item number kept for the product; null: its SKU is asked for" }) }),
});

/**
 * Supplier drop-ship (spec 3 §7 "Supplier shipping"): Do it Best's and Emery's calls. Order work, so any admin of
 * the store (as labels); connecting a supplier's account is the store owner's (admin/shipping/addCarrier). Staff
 * bound to a location reach only its orders (another's is 404). docs/SHIPPING-LABELS.md.
 */
export function dropShipRoutes(io: LabelIo): ServicePlugin {
  return async (app) => {
    app.get('/admin/orders/rscOptions', {
      preHandler: requireAdmin,
      schema: { tags, security, summary: `The Do it Best RSCs (Retail Service Centers) the store's member account can drop-ship from. ${NOT_READY}`, response: { 200: Type.Object({ data: Type.Array(DropShipOption) }), ...errorAnswers(409, 422, 503) } },
    }, async (request) => ({ data: await warehouseOptions(request.ctx, io, 'doitbest') }));

    for (const supplier of ['doitbest', 'emery'] as const) {
      const name = supplier === 'doitbest' ? 'Do it Best' : 'Emery';
      app.get(`/admin/orders/${supplier}/shippingServices`, {
        preHandler: requireAdmin,
        schema: { tags, security, summary: `The shipping services ${name} drop-ships by. ${NOT_READY}`, response: { 200: Type.Object({ data: Type.Array(DropShipService) }), ...errorAnswers(409, 422, 503) } },
      }, async (request) => ({ data: await supplierServices(request.ctx, io, supplier) }));

      app.post(`/admin/orders/:id/${supplier}/item-number`, {
        preHandler: requireAdmin,
        schema: {
          tags, security, params: Type.Object({ id: OrderId }),
          body: Type.Object({
            sku: Type.String({ minLength: 1, maxLength: 64, description: "A product on the order, by its SKU (the spec's UPC)" }),
            item_number: Type.String({ maxLength: 40, description: `${name}'s item number for it; empty: ask for it by its SKU again` }),
          }, { additionalProperties: false }),
          summary: `Keeps ${name}'s item number for a product of the order: every drop-ship to ${name} asks for it from then on (empty forgets it); the order's quote is dropped, so check again before sending. 404: not this store's order, or no such SKU on it; 422: not an item number`,
          response: { 200: ItemNumberSet, ...errorAnswers(404, 422) },
        },
      }, async (request) => setSupplierItemNumber(request.ctx, io, supplier, request.params.id, request.body));
    }

    app.post('/admin/orders/:id/doitbest/prepare', {
      preHandler: requireAdmin,
      schema: {
        tags, security, params: Type.Object({ id: OrderId }), body: Type.Object({ rsc: Rsc }),
        summary: "What Do it Best's RSC can drop-ship of a shipping order (each line's units there and cost) and each service's freight, cheapest first; kept a day for send. 409: the order cannot ship now, Do it Best not connected or its credentials refused; 422: no RSC, Do it Best refused; 503: no answer",
        response: { 200: Type.Object({ data: DropShipQuote }), ...errorAnswers(409, 422, 503) },
      },
    }, async (request) => ({ data: await prepareDropShip(request.ctx, io, 'doitbest', request.params.id, request.body) }));

    app.post('/admin/orders/:id/doitbest/send', {
      preHandler: requireAdmin,
      schema: {
        tags, security, params: Type.Object({ id: OrderId }), body: Type.Object({ rsc: Rsc, shipping_service: ServiceId, return_stock: ReturnStock }),
        summary: "Sends the order prepared last to Do it Best: the RSC ships it by the service chosen; its packing slip is kept, the tracking goes on the order and the customer is e-mailed; return_stock gives the order's shelf units back to its location's stock (once). 409: the order cannot ship now or a line is short at the RSC; 422: not prepared (or for another RSC), a service not offered, Do it Best refused; 503: no answer (nothing sent), or it could not be kept (cancelled at once)",
        response: { 200: Sent, ...errorAnswers(409, 422, 503) },
      },
    }, async (request) => sendDropShip(request.ctx, io, 'doitbest', request.params.id, request.body));

    app.post('/admin/orders/:id/emery/prepare', {
      preHandler: requireAdmin,
      schema: {
        tags, security, params: Type.Object({ id: OrderId }), body: Type.Optional(Type.Object({})),
        summary: "What Emery's warehouse can drop-ship of a shipping order (each line's units there and cost) and each service's freight, cheapest first; kept a day for send. 409: the order cannot ship now, Emery not connected or its credentials refused; 422: Emery refused; 503: no answer",
        response: { 200: Type.Object({ data: DropShipQuote }), ...errorAnswers(409, 422, 503) },
      },
    }, async (request) => ({ data: await prepareDropShip(request.ctx, io, 'emery', request.params.id, {}) }));

    app.post('/admin/orders/:id/emery/send', {
      preHandler: requireAdmin,
      schema: {
        tags, security, params: Type.Object({ id: OrderId }), body: Type.Object({ shipping_service: ServiceId, return_stock: ReturnStock }),
        summary: "Sends the order prepared last to Emery, by the service chosen; its packing list is kept, the tracking goes on the order and the customer is e-mailed; return_stock gives the order's shelf units back to its location's stock (once). 409: the order cannot ship now or a line is short; 422: not prepared, a service not offered, Emery refused; 503: no answer (nothing sent), or it could not be kept (cancelled at once)",
        response: { 200: Sent, ...errorAnswers(409, 422, 503) },
      },
    }, async (request) => sendDropShip(request.ctx, io, 'emery', request.params.id, request.body));
  };
}
