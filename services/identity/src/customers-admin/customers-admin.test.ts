import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { Customer, hashPassword, identityService } from '../index';
import { customerKeys } from './customer-index';
import { XLSX_TYPE } from './service';

/** The first sheet's rows as text (a date as its ISO time), as a spreadsheet program would read the file. */
async function sheetRows(file: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) => {
    rows.push(Array.from({ length: 7 }, (_, i) => {
      const v = row.getCell(i + 1).value;
      return v instanceof Date ? v.toISOString() : v == null ? '' : String(v);
    }));
  });
  return rows;
}

let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId = '';
let otherTenantId = '';
let admin = '';
let otherAdmin = '';
/** A shopper whose name reads as a formula, listed for the two export tests only. */
let formulaId: unknown;
const PASSWORD = 'Shopper-Pass-1';
const get = (url: string, token?: string, slug = 'cust-a') =>
  harness.app.inject({ method: 'GET', url: `/api/${url}`, headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
const post = (url: string, payload: object, token?: string, slug = 'cust-a') =>
  harness.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: { 'business-slug': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
const names = (body: { data: { first_name: string }[] }) => body.data.map((c) => c.first_name);
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

beforeAll(async () => {
  harness = await createTestApp([identityService], 'customers-admin');
  tenantId = (await createTenant('cust-a')).id;
  otherTenantId = (await createTenant('cust-b')).id;
  const hash = await hashPassword(PASSWORD);
  await Customer.create({ tenantId, slug: 'owner', email: 'owner@cust.test', firstName: 'Olive', passwordHash: hash, isAdmin: true, createdAt: day(1) });
  await Customer.create({ tenantId, slug: 'staff', email: 'staff@cust.test', firstName: 'Sam', passwordHash: hash, isAdmin: true, isSubAccount: true, createdAt: day(2) });
  // 12 shoppers, a day apart: Ann Lee is the newest.
  const people = [['Bob', 'Stone'], ['Cara', 'Mills'], ['Dan', 'Ortiz'], ['Eve', 'Park'], ['Finn', 'Quinn'], ['Gus', 'Reed'], ['Hana', 'Shaw'],
    ['Ivan', 'Lee'], ['Jo', 'Tran'], ['Kim', 'Vale'], ['Liam', 'West'], ['Ann', 'Lee']];
  for (const [i, [first, last]] of people.entries()) {
    await Customer.create({
      tenantId, slug: `${first.toLowerCase()}-${i}`, email: `${first.toLowerCase()}@cust.test`, telephone: `50355501${String(i).padStart(2, '0')}`,
      firstName: first, lastName: last, passwordHash: hash, receiveMarketing: i % 3 === 0, createdAt: day(10 + i),
    });
  }
  await Customer.create({ tenantId: otherTenantId, slug: 'zed-b', email: 'zed@cust.test', firstName: 'Zed', lastName: 'Lee', passwordHash: hash, createdAt: day(5) });
  admin = await issueToken(tenantId, { slug: 'owner', isAdmin: true });
  otherAdmin = await issueToken(otherTenantId, { slug: 'b-owner', isAdmin: true });
});
afterAll(async () => { await harness?.close(); });

describe('GET admin/customers', () => {
  it("lists the store's shoppers (not admins or staff), newest first, 10 a page, from Redis built from the database", async () => {
    const first = await get('admin/customers', admin);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ total: 12, current_page: 1, last_page: 2, per_page: 10 });
    expect(names(body)).toEqual(['Ann', 'Liam', 'Kim', 'Jo', 'Ivan', 'Hana', 'Gus', 'Finn', 'Eve', 'Dan']);
    expect(body.data[0]).toEqual({
      id: 'ann-11', first_name: 'Ann', last_name: 'Lee', email: 'ann@cust.test', telephone: '5035550111', created_at: day(21).toISOString(), receive_marketing: false, receive_sms: true,
    });
    expect(names((await get('admin/customers?page=2', admin)).json())).toEqual(['Cara', 'Bob']);
    expect((await get('admin/customers?limit=51', admin)).statusCode).toBe(400);
  });

  it('finds shoppers by name words, e-mail or phone (however written)', async () => {
    expect(names((await get('admin/customers?search=lee', admin)).json())).toEqual(['Ann', 'Ivan']);
    expect(names((await get('admin/customers?search=Ann%20LEE', admin)).json())).toEqual(['Ann']);
    expect(names((await get('admin/customers?search=gus@cust.test', admin)).json())).toEqual(['Gus']);
    expect(names((await get(`admin/customers?search=${encodeURIComponent('(503) 555-0103')}`, admin)).json())).toEqual(['Eve']);
    expect((await get('admin/customers?search=nobody', admin)).json()).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('counts the accounts and those who agreed to marketing e-mails; subscribers lists those', async () => {
    expect((await get('admin/customers/totalAccounts', admin)).json()).toEqual({ total: 12, marketing: 4 });
    const subscribers = (await get('subscribers', admin)).json();
    expect(subscribers).toMatchObject({ total: 4, per_page: 10 });
    expect(names(subscribers)).toEqual(['Kim', 'Hana', 'Eve', 'Bob']);
  });

  it('exports every match as an Excel workbook (excel=1), with the search; text that looks like a formula stays text', async () => {
    formulaId = (await Customer.create({ tenantId, slug: 'formula', email: 'formula@cust.test', firstName: '=HYPERLINK("x")', lastName: 'Lee', passwordHash: 'x', createdAt: day(3) }))._id;
    await harness.resources.redis.del(customerKeys.built({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId));
    const all = await get('admin/customers?excel=1', admin);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe(XLSX_TYPE);
    expect(all.headers['content-disposition']).toMatch(/attachment; filename="customers-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const rows = await sheetRows(all.rawPayload);
    expect(rows[0]).toEqual(['First name', 'Last name', 'E-mail', 'Phone', 'Signed up (UTC)', 'Marketing e-mails', 'Order texts']);
    expect(rows).toHaveLength(14);
    expect(rows[1]).toEqual(['Ann', 'Lee', 'ann@cust.test', '5035550111', day(21).toISOString(), 'No', 'Yes']);
    expect(rows[13]).toEqual(['=HYPERLINK("x")', 'Lee', 'formula@cust.test', '', day(3).toISOString(), 'No', 'Yes']);
    const searched = await sheetRows((await get('admin/customers?format=xlsx&search=lee', admin)).rawPayload);
    expect(searched.slice(1).map((r) => r[0])).toEqual(['Ann', 'Ivan', '=HYPERLINK("x")']);
    const none = await sheetRows((await get('admin/customers?excel=1&search=nobody', admin)).rawPayload);
    expect(none).toHaveLength(1);
  });

  it('exports every match as CSV (format=csv), a cell that would run as a formula kept as text', async () => {
    const all = await get('admin/customers?format=csv', admin);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('text/csv');
    expect(all.headers['content-disposition']).toMatch(/attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = all.body.trim().split('\n');
    expect(lines[0]).toBe('First name,Last name,E-mail,Phone,Signed up (UTC),Marketing e-mails,Order texts');
    expect(lines).toHaveLength(14);
    expect(lines[1]).toBe(`Ann,Lee,ann@cust.test,5035550111,${day(21).toISOString()},No,Yes`);
    expect(lines[13]).toBe(`"'=HYPERLINK(""x"")",Lee,formula@cust.test,,${day(3).toISOString()},No,Yes`);
    const searched = (await get('admin/customers?format=csv&search=lee', admin)).body.trim().split('\n');
    expect(searched.slice(1).map((l) => l.split(',')[0])).toEqual(['Ann', 'Ivan', `"'=HYPERLINK(""x"")"`]);
    await Customer.deleteOne({ tenantId, _id: formulaId });
    await harness.resources.redis.del(customerKeys.built({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenantId));
  });

  it('refuses shoppers (403) and visitors (401); another store sees only its own', async () => {
    const shopper = await issueToken(tenantId, { slug: 'ann-11' });
    for (const url of ['admin/customers', 'admin/customers/totalAccounts', 'subscribers', 'admin/customers?excel=1']) {
      expect((await get(url, shopper)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
    }
    expect((await get('admin/customers', admin, 'cust-b')).statusCode).toBe(401); // a token is its own store's
    const other = (await get('admin/customers?search=lee', otherAdmin, 'cust-b')).json();
    expect(names(other)).toEqual(['Zed']);
    expect((await get('admin/customers/totalAccounts', otherAdmin, 'cust-b')).json()).toEqual({ total: 1, marketing: 0 });
  });
});

describe('the lists follow the accounts', () => {
  it('a new sign-up appears at once, and an account change moves its search words', async () => {
    const signed = await post('signup', { first_name: 'Nora', last_name: 'Bell', telephone: '503-555-0199', email: 'nora@cust.test', password: PASSWORD, c_password: PASSWORD, receive_marketing: true });
    expect(signed.statusCode).toBe(200);
    expect(names((await get('admin/customers', admin)).json())[0]).toBe('Nora');
    expect((await get('admin/customers/totalAccounts', admin)).json()).toEqual({ total: 13, marketing: 5 });
    const nora = (await post('login', { email: 'nora@cust.test', password: PASSWORD })).json().access_token as string;
    expect((await post('customer/name', { first_name: 'Nora', last_name: 'Kent' }, nora)).statusCode).toBe(200);
    expect(names((await get('admin/customers?search=bell', admin)).json())).toEqual([]);
    expect(names((await get('admin/customers?search=kent', admin)).json())).toEqual(['Nora']);
    expect((await post('customer/set-marketing', { receive_marketing: 0 }, nora)).statusCode).toBe(200);
    expect((await get('admin/customers/totalAccounts', admin)).json()).toEqual({ total: 13, marketing: 4 });
  });

  it('a deleted account disappears', async () => {
    const nora = (await post('login', { email: 'nora@cust.test', password: PASSWORD })).json().access_token as string;
    expect((await post('customer/delete', { password: PASSWORD }, nora)).statusCode).toBe(200);
    expect(names((await get('admin/customers', admin)).json())[0]).toBe('Ann');
    expect((await get('admin/customers?search=nora@cust.test', admin)).json().total).toBe(0);
    expect((await get('admin/customers/totalAccounts', admin)).json()).toEqual({ total: 12, marketing: 4 });
  });

  it('are rebuilt from the database when Redis lost them', async () => {
    const store = { redis: harness.resources.redis, prefix: harness.resources.queuePrefix };
    const keys = await harness.resources.redis.keys(`${store.prefix}:customers:${tenantId}:*`);
    expect(keys).toContain(customerKeys.built(store, tenantId));
    await harness.resources.redis.del(...keys);
    expect((await get('admin/customers/totalAccounts', admin)).json()).toEqual({ total: 12, marketing: 4 });
    expect(names((await get('admin/customers?search=lee', admin)).json())).toEqual(['Ann', 'Ivan']);
  });
});
