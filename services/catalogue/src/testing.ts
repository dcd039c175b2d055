import { Location } from '@platform/db';
import { Brand, Department, Product, productDocId, StoreProduct, storeProductDocId } from './models';

/**
 * A small catalogue for service tests: 2 locations about 41 miles apart, departments Tools > Power Tools >
 * Drills (with an alias carrying the slug) and Paint, brands (one without products, one hidden), and products whose titles carry the tenant
 * slug so a leak to another tenant is visible.
 */
export async function createCatalogueFixture(tenantId: string, label: string) {
  await Location.insertMany([1, 2].map((locationId) => ({
    tenantId, locationId, name: `${label} store ${locationId}`, address: `${locationId} Main St`, city: 'Town', state: 'OR', zip: '97301',
    latitude: locationId === 1 ? 44.9 : 45.5, longitude: -123, storeNumber: String(locationId), sortOrder: locationId,
  })));
  await Department.insertMany([
    { tenantId, deptId: 1, name: 'Tools', slug: 'tools', parentId: null, level: 1, sortOrder: 1 },
    { tenantId, deptId: 2, name: 'Power Tools', slug: 'power-tools', parentId: 1, level: 2 },
    { tenantId, deptId: 3, name: 'Drills', slug: 'drills', parentId: 2, level: 3, aliases: [{ id: 31, aliasId: 7, name: `${label} drill drivers` }] },
    { tenantId, deptId: 4, name: 'Paint', slug: 'paint', parentId: null, level: 1, sortOrder: 2 },
    { tenantId, deptId: 5, name: 'Secret', slug: 'secret', parentId: null, level: 1, hidden: true },
  ]);
  await Brand.insertMany([
    { tenantId, brandId: 1, name: `${label} Brand`, slug: `${label}-brand`, alias: 'House Brand', videos: [{ title: `${label} brand story`, url: 'https://video.example/brand' }] },
    { tenantId, brandId: 2, name: `${label} Empty Brand`, slug: `${label}-empty-brand` },
    { tenantId, brandId: 3, name: `${label} Hidden Brand`, slug: `${label}-hidden-brand`, hidden: true },
  ]);
  const products = [
    { productId: 1, sku: '1001', title: `${label} Cordless Drill`, path: [1, 2, 3], prices: [12999, 13499], stock: [5, 0] },
    { productId: 2, sku: '1002', title: `${label} Hammer`, path: [1], prices: [1999, 1999], stock: [40, 40] },
    { productId: 3, sku: '1003', title: `${label} Wall Paint`, path: [4], prices: [3450, 3450], stock: [0, 0], promo: 2999 },
  ];
  await Product.insertMany(products.map((p) => ({
    _id: productDocId(tenantId, p.productId), tenantId, productId: p.productId, sku: p.sku, slug: `${label}-product-${p.productId}`, title: p.title, originalTitle: p.title,
    brandId: 1, brandName: `${label} Brand`, modelNumber: `M${p.productId}`, departmentPath: p.path, imageUrl: p.productId === 2 ? null : `/img/${p.productId}.svg`,
    vendorId: p.productId === 3 ? 305 : 101,
    attributes: { color: p.productId === 3 ? 'White' : 'Black' },
    ...(p.productId === 1 ? {
      addonProductIds: [2, 99], videos: [{ title: `${label} drill demo`, url: 'https://video.example/drill' }],
      additionalFeeDetails: [{ message: 'Battery recycling fee', priceImpactCents: 150 }], extra: { promoLabel: 'Weekly Deal' },
    } : {}),
    ...(p.productId === 2 ? { competitors: [{ name: 'Big Box', priceCents: 2199, logo: null }] } : {}),
  })));
  await StoreProduct.insertMany(products.flatMap((p) => [1, 2].map((locationId, i) => ({
    _id: storeProductDocId(tenantId, p.productId * 10 + locationId), tenantId, storeProductId: p.productId * 10 + locationId, locationId, productId: p.productId, sku: p.sku, title: p.title, brandId: 1,
    departmentPath: p.path, priceCents: p.prices[i], promoPriceCents: p.promo ?? null, inventory: p.stock[i],
    vendorAllowsSpecialOrder: p.productId === 3, listedAt: new Date(Date.UTC(2026, 0, p.productId)),
  }))));
}
