import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_NOT_FOUND, PARTNER_PRODUCT_NOT_FOUND } from '@platform/domain';
import { StoreProfile } from '@platform/tenant-settings';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { catalogueService, Product, productDocId, StoreProduct, storeProductDocId } from './index';
import { createCatalogueFixture } from './testing';

/**
 * GET partner-business-product-inventory/{sku} (docs/PARTNER-INVENTORY.md): a product's stock at each location of the
 * store, and at a partner business's where both stores list each other; against the real database and Redis, read
 * from the in-memory catalogues.
 */
let harness: Awaited<ReturnType<typeof createTestApp>>;
const business: Record<'a' | 'b' | 'c' | 'd', number> = { a: 0, b: 0, c: 0, d: 0 };
let ownerOfA = '';

const inventory = (slug: string, sku: string, partner?: string) => harness.app.inject({
  url: `/api/partner-business-product-inventory/${encodeURIComponent(sku)}${partner === undefined ? '' : `?partner=${partner}`}`,
  headers: { 'business-slug': slug },
});
const place = (label: string, id: number, num_inventory: number) => ({
  location_id: id, name: `${label} store ${id}`, address: `${id} Main St`, city: 'Town', state: 'OR', zip: '97301', phone: '', num_inventory, in_stock: num_inventory > 0,
});

beforeAll(async () => {
  harness = await createTestApp([catalogueService], 'partner-inventory');
  const tenants = { a: await createTenant('pinv-a'), b: await createTenant('pinv-b'), c: await createTenant('pinv-c'), d: await createTenant('pinv-d') };
  for (const [key, tenant] of Object.entries(tenants)) {
    business[key as keyof typeof business] = tenant.businessId;
    await createCatalogueFixture(tenant.id, tenant.slug);
  }
  ownerOfA = await issueToken(tenants.a.id, { isAdmin: true });
  // A and B list each other; A lists C, which does not list A back; D lists A, which does not list D.
  await StoreProfile.create({ tenantId: tenants.a.id, business: { partner_business_ids: [business.b, business.c] } });
  await StoreProfile.create({ tenantId: tenants.b.id, business: { partner_business_ids: [business.a] } });
  await StoreProfile.create({ tenantId: tenants.d.id, business: { partner_business_ids: [business.a] } });
  // Only B sells a ladder (at its store 2); A's saw is hidden.
  await Product.create({ _id: productDocId(tenants.b.id, 7), tenantId: tenants.b.id, productId: 7, sku: 'LADDER-7', slug: 'pinv-b-ladder', title: 'Step Ladder', originalTitle: 'Step Ladder' });
  await StoreProduct.create({ _id: storeProductDocId(tenants.b.id, 72), tenantId: tenants.b.id, storeProductId: 72, locationId: 2, productId: 7, sku: 'LADDER-7', title: 'Step Ladder', priceCents: 8900, inventory: 2 });
  await Product.create({ _id: productDocId(tenants.a.id, 5), tenantId: tenants.a.id, productId: 5, sku: 'SAW-5', slug: 'pinv-a-saw', title: 'Hidden Saw', originalTitle: 'Hidden Saw', hidden: true });
  await StoreProduct.create({ _id: storeProductDocId(tenants.a.id, 51), tenantId: tenants.a.id, storeProductId: 51, locationId: 1, productId: 5, sku: 'SAW-5', title: 'Hidden Saw', priceCents: 2599, inventory: 3 });
});
afterAll(async () => { await harness?.close(); });

describe('GET /api/partner-business-product-inventory/{sku}', () => {
  it("answers the product's stock at each of the store's locations, then at each partner's that lists the store back", async () => {
    const res = await inventory('pinv-a', '1001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { sku: '1001', businesses: [
      { business_id: business.a, name: 'pinv-a store', partner: false, title: 'pinv-a Cordless Drill', locations: [place('pinv-a', 1, 5), place('pinv-a', 2, 0)] },
      { business_id: business.b, name: 'pinv-b store', partner: true, title: 'pinv-b Cordless Drill', locations: [place('pinv-b', 1, 5), place('pinv-b', 2, 0)] },
    ] } });
    // Both ways: B shows A's stock too.
    expect((await inventory('pinv-b', '1002')).json().data.businesses.map((b: { business_id: number; partner: boolean }) => [b.business_id, b.partner])).toEqual([[business.b, false], [business.a, true]]);
  });

  it("never shows a store that did not list this one back, nor to a store this one did not list (another tenant's data stays its own)", async () => {
    // A lists C, but C does not list A: C's stock is not shown, and C cannot be asked for.
    expect((await inventory('pinv-a', '1002')).json().data.businesses.map((b: { business_id: number }) => b.business_id)).toEqual([business.a, business.b]);
    expect((await inventory('pinv-a', '1002', String(business.c))).json()).toMatchObject({ status: 404, message: PARTNER_NOT_FOUND });
    // D lists A, but A does not list D: D sees only its own.
    expect((await inventory('pinv-d', '1002')).json().data.businesses.map((b: { business_id: number }) => b.business_id)).toEqual([business.d]);
    expect((await inventory('pinv-d', '1002', String(business.a))).statusCode).toBe(404);
    // C lists nobody.
    expect((await inventory('pinv-c', '1002')).json().data.businesses).toHaveLength(1);
  });

  it('partner narrows the answer to one business: this one or a partner shown; any other business is 404', async () => {
    expect((await inventory('pinv-a', '1001', String(business.b))).json().data.businesses.map((b: { name: string }) => b.name)).toEqual(['pinv-b store']);
    expect((await inventory('pinv-a', '1001', String(business.a))).json().data.businesses.map((b: { name: string }) => b.name)).toEqual(['pinv-a store']);
    for (const other of ['999999', 'abc']) {
      const res = await inventory('pinv-a', '1001', other);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: PARTNER_NOT_FOUND });
    }
  });

  it("answers 404 for a sku no business shows (unknown, or hidden); a product only a partner sells is the partner's alone", async () => {
    for (const sku of ['NO-SUCH-SKU', 'SAW-5']) {
      const res = await inventory('pinv-a', sku);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PARTNER_PRODUCT_NOT_FOUND);
    }
    expect((await inventory('pinv-a', 'LADDER-7')).json().data.businesses).toEqual([
      { business_id: business.b, name: 'pinv-b store', partner: true, title: 'Step Ladder', locations: [place('pinv-b', 2, 2)] },
    ]);
    expect((await inventory('pinv-d', 'LADDER-7')).statusCode).toBe(404);
  });
});

describe('GET /api/get-department-hierarchy-with-alias?partner=', () => {
  const hierarchy = (slug: string, partner: string, extra = '', headers: Record<string, string> = {}) => harness.app.inject({
    url: `/api/get-department-hierarchy-with-alias?partner=${partner}${extra}`, headers: { 'business-slug': slug, ...headers },
  });
  // The fixture names each store's drill aliases after the store: whose tree it is shows there.
  const aliasesOf = (nodes: { name: string; aliases: { name: string }[]; children: unknown[] }[]): string[] =>
    nodes.flatMap((n) => [...n.aliases.map((a) => a.name), ...aliasesOf(n.children as never)]);

  it("answers the store's own tree for its own business id, and a partner's tree where both list each other (both ways)", async () => {
    const own = await hierarchy('pinv-a', String(business.a));
    expect(own.statusCode, own.body).toBe(200);
    expect(aliasesOf(own.json().data)).toEqual(['pinv-a drill drivers']);
    const partner = await hierarchy('pinv-a', String(business.b));
    expect(partner.statusCode, partner.body).toBe(200);
    expect(aliasesOf(partner.json().data)).toEqual(['pinv-b drill drivers']);
    expect(partner.json().data.map((d: { name: string }) => d.name)).toEqual(['Tools', 'Paint']);
    expect(aliasesOf((await hierarchy('pinv-b', String(business.a))).json().data)).toEqual(['pinv-a drill drivers']);
  });

  it("never shows a partner's hidden departments, even to staff who may see their own", async () => {
    const res = await hierarchy('pinv-a', String(business.b), '&showHiddenDept=1', { authorization: `Bearer ${ownerOfA}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('Secret');
    expect((await hierarchy('pinv-a', String(business.a), '&showHiddenDept=1', { authorization: `Bearer ${ownerOfA}` })).body).toContain('Secret');
  });

  it("answers 404 'Store not found.' for a one-sided listing (either way) and an unknown business, telling nothing of it", async () => {
    for (const [slug, partner] of [['pinv-a', String(business.c)], ['pinv-d', String(business.a)], ['pinv-a', String(business.d)], ['pinv-a', '999999'], ['pinv-a', 'abc']]) {
      const res = await hierarchy(slug, partner);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: PARTNER_NOT_FOUND });
      expect(res.body).not.toContain('drill drivers');
    }
  });
});
