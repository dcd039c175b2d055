import { Type } from 'typebox';
import { AdminCustomerPage, CustomerTotals, PageNumber } from '@platform/contracts';
import { errorAnswers, requireAdmin, type ServicePlugin } from '@platform/server-kit';
import { exportCustomers, exportCustomersXlsx, listCustomers, listSubscribers, totalAccounts, XLSX_TYPE } from './service';
import type { CustomerIndexStore } from './customer-index';

const tags = ['customers'];
const security = [{ bearer: [] }];
const Search = Type.Optional(Type.String({ maxLength: 100, description: 'Words of the name, an e-mail or a phone; a customer matches when they have every word' }));

/**
 * The admin's Customers area (spec 3 §7 Customers): any admin (spec 3 §6 has no customers permission). Read from
 * the customer lists in Redis (customer-index.ts), never by a query over the customers.
 */
export const customersAdminRoutes: ServicePlugin = async (app) => {
  const store: CustomerIndexStore = { redis: app.resources.redis, prefix: app.resources.queuePrefix };

  app.get('/admin/customers', {
    preHandler: requireAdmin,
    schema: {
      tags, security,
      summary: "The store's shopper accounts (not admins or staff), newest first, 10 a page by default; excel=1 (or format=xlsx): every match as an Excel workbook; format=csv: as CSV",
      querystring: Type.Object({
        page: PageNumber, limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }), search: Search,
        excel: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('true'), Type.Literal('0'), Type.Literal('false')])),
        format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('xlsx'), Type.Literal('json')])),
      }),
      response: {
        200: {
          description: 'A page of customers, or every match (with the search) as an Excel workbook (excel=1, format=xlsx) or CSV (format=csv), as a download',
          content: {
            'application/json': { schema: AdminCustomerPage },
            [XLSX_TYPE]: { schema: Type.String({ format: 'binary' }) },
            'text/csv': { schema: Type.String() },
          },
        },
        ...errorAnswers(401, 403),
      },
    },
  }, async (request, reply) => {
    const q = request.query;
    const day = new Date().toISOString().slice(0, 10);
    // A stream is sent as it is; the schema's page is what the JSON answer is.
    if (q.format === 'csv') {
      const csv = await exportCustomers(request.ctx, store, q.search);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="customers-${day}.csv"`).send(csv as unknown as AdminCustomerPage);
    }
    if (q.format === 'xlsx' || ((q.excel === '1' || q.excel === 'true') && q.format !== 'json')) {
      const workbook = exportCustomersXlsx(request.ctx, store, q.search);
      return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="customers-${day}.xlsx"`).send(workbook as unknown as AdminCustomerPage);
    }
    return listCustomers(request.ctx, store, q);
  });

  app.get('/admin/customers/totalAccounts', {
    preHandler: requireAdmin,
    schema: { tags, security, summary: 'How many shopper accounts the store has, and how many agreed to marketing e-mails', response: { 200: CustomerTotals, ...errorAnswers(401, 403) } },
  }, async (request) => totalAccounts(request.ctx, store));

  app.get('/subscribers', {
    preHandler: requireAdmin,
    schema: {
      tags, security,
      summary: 'The shoppers who agreed to marketing e-mails (the platform keeps no separate newsletter list), newest first, 10 a page by default',
      querystring: Type.Object({ page: PageNumber, limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }), search: Search }),
      response: { 200: AdminCustomerPage, ...errorAnswers(401, 403) },
    },
  }, async (request) => listSubscribers(request.ctx, store, request.query));
};
