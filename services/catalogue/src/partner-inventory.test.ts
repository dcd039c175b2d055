import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_NOT_FOUND, PARTNER_PRODUCT_NOT_FOUND } from '@platform/domain';
import { StoreProfile } from '@platform/tenant-settings';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { catalogueService, Product, productDocId, StoreProduct, storeProductDocId } from './index';
import { createCatalogueFixture } from './testing';

/**
 * GET partner-business-product-inventory/{sku} (docs/PARTNER-INVENTORY.md): a product's stock at each location of the
 * store, and at a partner business's where both stores list each other; against the real database and Redis, read
 * from the in-memory catalogues.
 */
let harness: Awaited<ReturnType<typeof createTestApp>>;
const business: Record<'a' | 'b' | 'c' | 'd', number> = { a: 0, b: 0, c: 0, d: 0 };

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
