import { Type } from 'typebox';
import { AdminOrder, ArAccount, ArAccountSearchHit, ArAccountSummary, ShopperArAccount } from '@platform/contracts';
import { AR_ACCOUNT_STATUSES } from '@platform/domain';
import { errorAnswers, requirePermission, type ServicePlugin } from '@platform/server-kit';
import type { CheckoutIo } from '../checkout';
import { shopperArAccount } from './checkout-account';
import { buildArCustomerIndexes } from './customer-index';
import { arAccount, assignArAccount, createArAccount, deleteArAccount, listArAccounts, recordArPayment, removeArCustomer, searchArAccounts, updateArAccount } from './service';

const tags = ['ar accounts'];
const security = [{ bearer: [] }];
const Id = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) });
const Details = Type.Object({
  number: Type.String({ maxLength: 40, description: 'Letters, digits and dashes, up to 20 (kept in capitals); one account per number in a store' }),
  name: Type.String({ maxLength: 200 }),
  contact_name: Type.Optional(Type.String({ maxLength: 200 })),
  contact_email: Type.Optional(Type.String({ maxLength: 254 })),
  contact_phone: Type.Optional(Type.String({ maxLength: 30, description: 'A US phone; kept as 10 digits' })),
  credit_limit: Type.String({ maxLength: 20, description: "Dollars and cents above 0, as typed ('2500', '2,500.00', '$2500')" }),
  status: Type.Optional(Type.Union(AR_ACCOUNT_STATUSES.map((s) => Type.Literal(s)), { description: 'on_hold: the account takes no new charges or customers' })),
}, { additionalProperties: false });
const WithAccount = Type.Object({ status: Type.String(), message: Type.String(), data: ArAccount });

/**
 * AR (charge) accounts (spec 3 settings ar-accounts, Orders ar-account-search / assign-ar-account): every call needs
 * `manage_ar_accounts` (the store owner has it). Registered from the orders routes, whose io (Redis, queues) it shares.
 */
export function arAccountRoutes(io: CheckoutIo): ServicePlugin {
  return async (app) => {
    const preHandler = requirePermission('manage_ar_accounts');
    // Which account each customer is on (the shopper's payment step), built from the database where Redis lacks it.
    void buildArCustomerIndexes(io).catch((err) => app.log.error({ err }, 'AR account customers could not be indexed'));

    app.get('/admin/ar-accounts', {
      preHandler,
      schema: { tags, summary: "The store's AR accounts by number, each with its credit limit, balance and status", security, response: { 200: Type.Object({ data: Type.Array(ArAccountSummary) }) } },
    }, async (request) => ({ data: await listArAccounts(request.ctx) }));

    app.post('/admin/ar-accounts', {
      preHandler,
      schema: { tags, summary: 'Opens an account (422 names each bad field: a number taken, no name, a limit that is not an amount above 0)', security, body: Details, response: { 200: WithAccount, ...errorAnswers(409, 422) } },
    }, async (request) => createArAccount(request.ctx, io, request.body));

    app.get('/admin/ar-accounts/:id', {
      preHandler,
      schema: { tags, summary: 'One account with its customers, the orders charged to it and its payments (newest first, 100 of each)', security, params: Id, response: { 200: Type.Object({ data: ArAccount }) } },
    }, async (request) => ({ data: await arAccount(request.ctx, request.params.id) }));

    app.post('/admin/ar-accounts/:id', {
      preHandler,
      schema: { tags, summary: "Changes an account's details, credit limit or status (on hold / active); orders charged keep the number they were charged under", security, params: Id, body: Details, response: { 200: WithAccount, ...errorAnswers(409, 422) } },
    }, async (request) => updateArAccount(request.ctx, io, request.params.id, request.body));

    app.delete('/admin/ar-accounts/:id', {
      preHandler,
      schema: { tags, summary: 'Deletes an account nothing was charged to or paid on (409 otherwise: put it on hold)', security, params: Id, response: { 200: Type.Object({ status: Type.String(), message: Type.String() }), ...errorAnswers(409) } },
    }, async (request) => deleteArAccount(request.ctx, io, request.params.id));

    app.post('/admin/ar-accounts/:id/payments', {
      preHandler,
      schema: {
        tags, summary: 'Records a payment the account made (no more than it owes)', security, params: Id,
        body: Type.Object({ amount: Type.String({ maxLength: 20 }), note: Type.Optional(Type.String({ maxLength: 500, description: 'e.g. a cheque number' })) }, { additionalProperties: false }),
        response: { 200: WithAccount, ...errorAnswers(409, 422) },
      },
    }, async (request) => recordArPayment(request.ctx, io, request.params.id, request.body));

    app.post('/admin/ar-accounts/:id/customers/remove', {
      preHandler,
      schema: {
        tags, summary: "Takes a customer off the account (orders charged already stay charged)", security, params: Id,
        body: Type.Object({ customer_id: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }), response: { 200: WithAccount, ...errorAnswers(409) },
      },
    }, async (request) => removeArCustomer(request.ctx, io, request.params.id, request.body.customer_id));

    app.get('/admin/orders/ar-account-search', {
      preHandler,
      schema: {
        tags: [...tags, 'orders'], summary: "Accounts by the start of their number or of their name's words (20 at most; all when the search is empty); with order_id, the account the order's customer is on first (customer_account)", security,
        querystring: Type.Object({ search: Type.String({ maxLength: 100, default: '' }), order_id: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })) }),
        response: { 200: Type.Object({ data: Type.Array(ArAccountSearchHit) }) },
      },
    }, async (request) => ({ data: await searchArAccounts(request.ctx, request.query.search, request.query.order_id) }));

    app.post('/admin/orders/assign-ar-account', {
      preHandler,
      schema: {
        tags: [...tags, 'orders'], security,
        summary: 'Assigns a customer (their orders can be charged to the account) or charges an order to the account (what is left to pay becomes the account\'s); one of customerId and orderId. 422: on hold, over the credit limit, paid by card; 409: charged already, cancelled',
        body: Type.Object({
          customerId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "The customer's slug (admin/customer/{id})" })),
          orderId: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
          accountId: Type.String({ minLength: 1, maxLength: 40 }),
        }, { additionalProperties: false }),
        response: { 200: Type.Object({ status: Type.String(), message: Type.String(), account: ArAccount, order: Type.Union([AdminOrder, Type.Null()]) }), ...errorAnswers(409, 422) },
      },
    }, async (request) => assignArAccount(request.ctx, io, request.body));

    // The shopper's side: checkout's 'Charge to account' (no permission; a guest or an admin is on no account).
    app.get('/customer/ar-account', {
      schema: {
        tags: [...tags, 'checkout'], summary: "The signed-in shopper's AR account where the store lets them charge orders to it at checkout (payment_charge_account), with what it may still charge; null otherwise", security,
        // 409: the account's balance was being loaded by another change of it (its lock busy for 5 s).
        response: { 200: Type.Object({ data: Type.Union([ShopperArAccount, Type.Null()]) }), ...errorAnswers(409) },
      },
    }, async (request) => ({ data: await shopperArAccount(request.ctx, io) }));
  };
}
