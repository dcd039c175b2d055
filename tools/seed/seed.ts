import { Faker, en } from '@faker-js/faker';
import { connectMongo, disconnectMongo, inBackground, Location, Tenant, syncIndexes, mongoose } from '@platform/db';
import { nextOrderNumber, slugify } from '@platform/domain';
import { Brand, Department, FeaturedProduct, Product, productDocId, rebuildSearchRows, recountSales, StoreProduct, storeProductDocId, type SoldOrder } from '@platform/catalogue';
import { adminIds, Customer, CustomerKey, customerKeyDocs, hashPassword, startSessionLists } from '@platform/identity';
import { sealSecret } from '@platform/server-kit';
import { CustomPageModel, HomepageWidgetModel, RentalCategory, RentalProduct, enrolRewardsMember, StoreProfile } from '@platform/tenant-settings';
import { ArAccountModel, indexOrders, Order } from '@platform/orders';
import { Coupon } from '@platform/cart';
import { createRedis } from '@platform/queue';
import type { Redis } from 'ioredis';

/** Where the gateway keeps order lists (its queue prefix); the seed writes the lists of the orders it inserts, so the gateway has nothing to rebuild. */
let orderLists: { redis: Redis; prefix: string } | null = null;
/** Where the order and session lists go (the CLI: the gateway's Redis and prefix; a test: its own prefix); null writes none. */
export function writeListsTo(store: { redis: Redis; prefix: string } | null): void { orderLists = store; }
/** What the seed's orders sold, per tenant (not cancelled): the sales counts are set from it, not by reading the orders back. */
const soldBySeed = new Map<string, SoldOrder[]>();
const listOrders = async (tenantId: string, orders: unknown[]) => {
  const sold = soldBySeed.get(tenantId) ?? [];
  for (const o of orders as (SoldOrder & { status: string })[]) if (o.status !== 'cancelled') sold.push({ orderNumber: o.orderNumber, placedAt: o.placedAt, items: o.items.map((i) => ({ sku: i.sku, quantity: i.quantity })) });
  soldBySeed.set(tenantId, sold);
  if (orderLists) await indexOrders(orderLists, tenantId, orders as Parameters<typeof indexOrders>[2], false);
};
import { HARDWARE_TREE, PAINT_TREE, PRODUCT_IMAGES } from './catalogue-tree';

import { DEMO_LOGINS } from '../demo-logins.mjs';


interface TenantPlan {
  slug: string;
  name: string;
  businessId: number;
  variant: 'hardware-cooperative' | 'paint-brand';
  /** The store's plan code: LEB and E2P are the basic plans (admins land on the store information). */
  ecommercePlan: string;
  /** The store has the setup wizard; seeded not begun, so the owner's first sign-in lands on its welcome. */
  setupWizard: boolean;
  domains: string[];
  tree: Record<string, Record<string, string[]>>;
  productShare: number;
  colors: Record<string, string>;
  font: string;
  locations: { name: string; address: string; city: string; state: string; zip: string; latitude: number; longitude: number }[];
  navigation: SeedNavItem[];
  /** Header menus the store added (custom-nav). */
  navGroups: { name: string; hide_on_locations?: string; items: SeedNavItem[] }[];
}
interface SeedNavItem {
  name: string; target: string; custom?: boolean; sub_target?: string; align?: 'left' | 'right'; hide_on_locations?: string;
  dropdown?: { items: SeedNavItem[]; config?: { search?: boolean; width?: number } };
}

const TENANTS: TenantPlan[] = [
  {
    slug: 'demo-hardware', name: 'Riverside Hardware Co-op', businessId: 1001, variant: 'hardware-cooperative', ecommercePlan: 'standard', setupWizard: false,
    domains: ['www.riverside-hardware.test'], tree: HARDWARE_TREE, productShare: 1,
    colors: { primary: '#c8102e', secondary: '#1d3557', headerBackground: '#ffffff', headerText: '#1d3557', footerBackground: '#1d3557', footerText: '#ffffff', link: '#c8102e' },
    font: '"Trebuchet MS", Helvetica, sans-serif',
    locations: [
      { name: 'Riverside Main Street', address: '120 Main St', city: 'Riverside', state: 'OR', zip: '97301', latitude: 44.9429, longitude: -123.0351 },
      { name: 'Riverside Eastgate', address: '4410 Eastgate Blvd', city: 'Riverside', state: 'OR', zip: '97317', latitude: 44.9301, longitude: -122.9812 },
      { name: 'Millbrook', address: '18 Mill Rd', city: 'Millbrook', state: 'OR', zip: '97325', latitude: 44.8210, longitude: -122.8601 },
    ],
    navigation: [
      { name: 'Home', target: '/' }, { name: 'Departments', target: '/departments' }, { name: 'Lawn & Garden', target: 'department:Lawn & Garden' },
      { name: 'Services', target: 'services', dropdown: { items: [
        { name: 'Tool Rental Policy', target: 'rental-policy', custom: true, sub_target: '1' },
        { name: 'Tool Rentals', target: '/rentals' },
        { name: 'Weekly Ad', target: '/local-ad' },
        { name: 'Rewards', target: '/rewards' },
        { name: 'Promotions', target: '/promotions' },
        { name: 'Call Main Street', target: 'tel:5035550120', hide_on_locations: '2,3' },
        { name: 'Call Eastgate', target: 'tel:5035550140', hide_on_locations: '1,3' },
      ] } },
      { name: 'Contact Us', target: '/contact-us', align: 'right' },
    ],
    navGroups: [{ name: 'Pro Desk', hide_on_locations: '3', items: [{ name: 'Work With Us', target: 'work-with-us', custom: true, sub_target: '2' }, { name: 'Brands We Carry', target: '/brands' }] }],
  },
  {
    slug: 'demo-paint', name: 'Harbor Paint & Color', businessId: 2001, variant: 'paint-brand', ecommercePlan: 'E2P', setupWizard: true,
    domains: ['www.harbor-paint.test'], tree: PAINT_TREE, productShare: 0.3,
    colors: { primary: '#2a6f97', secondary: '#e9c46a', headerBackground: '#f7f3ea', headerText: '#14213d', footerBackground: '#14213d', footerText: '#f7f3ea', link: '#2a6f97' },
    font: 'Georgia, "Times New Roman", serif',
    locations: [{ name: 'Harbor Paint Downtown', address: '9 Wharf St', city: 'Harbor City', state: 'WA', zip: '98101', latitude: 47.6062, longitude: -122.3321 }],
    navigation: [{ name: 'Home', target: '/' }, { name: 'Departments', target: '/departments' }, { name: 'Interior Paint', target: 'department:Interior Paint' }, { name: 'Contact Us', target: '/contact-us', align: 'right' }],
    navGroups: [],
  },
];

const HOURS = {
  mon: { open: '07:00', close: '19:00', closed: false }, tue: { open: '07:00', close: '19:00', closed: false },
  wed: { open: '07:00', close: '19:00', closed: false }, thu: { open: '07:00', close: '19:00', closed: false },
  fri: { open: '07:00', close: '20:00', closed: false }, sat: { open: '08:00', close: '18:00', closed: false },
  sun: { open: '09:00', close: '17:00', closed: false },
};

async function insertInBatches(model: mongoose.Model<any>, docs: object[], size = 1000) {
  for (let i = 0; i < docs.length; i += size) await model.insertMany(docs.slice(i, i + size), { ordered: false });
}

const COLORS = ['Black', 'White', 'Red', 'Blue', 'Green', 'Gray', 'Yellow'];
const SIZES = ['Small', 'Medium', 'Large', 'XL'];
const FINISHES = ['Flat', 'Eggshell', 'Satin', 'Semi-Gloss', 'Gloss'];

/** Facet attributes for about two thirds of the products (some have none, as in real catalogues). */
function productAttributes(productId: number, faker: Faker): Record<string, string> {
  if (productId % 3 === 0) return {};
  const attributes: Record<string, string> = { color: faker.helpers.arrayElement(COLORS) };
  if (productId % 2 === 0) attributes.size = faker.helpers.arrayElement(SIZES);
  if (productId % 5 === 1) attributes.finish = faker.helpers.arrayElement(FINISHES);
  return attributes;
}

/** Item settings of spec 1 §3 on a share of products: price wording, and items that cannot be delivered or shipped. */
function productSettings(productId: number): Record<string, unknown> {
  const settings: Record<string, unknown> = productId % 53 === 0 ? { regText: 'was', hidePriceText: 'Ask at the service desk' } : {};
  if (productId % 59 === 0) Object.assign(settings, { disableDelivery: true, disableDeliveryText: 'Too bulky for our delivery van: pick it up or have it shipped' });
  if (productId % 61 === 0) settings.disableShipping = true; // the default words: 'Not available for shipping'
  if (productId % 67 === 0) Object.assign(settings, { disableDelivery: true, disableShipping: true, disableShippingText: 'Hazardous material: in-store pickup only' });
  return settings;
}

/** Product flags of spec 1 §3 spread over the catalogue, so every label and rule has demo products. */
function productExtra(productId: number): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  if (productId % 17 === 0) extra.clearance = true;
  if (productId % 14 === 0) extra.promoLabel = 'Weekly Deal';
  if (productId % 19 === 0) extra.fpack = 4;
  if (productId % 23 === 0) extra.max_order_quantity = 10;
  if (productId % 29 === 0) extra.hide_price = true;
  if (productId % 31 === 0) extra.disable_order = true;
  if (productId % 37 === 0) extra.always_allow_special_order = true;
  if (productId % 41 === 0) extra.unit = 'each';
  if (productId % 43 === 0) extra.onOrder = true;
  // Shipping weight in pounds (0.5 to 12); table rates price parcels by it.
  extra.weight = ((productId * 7) % 24) / 2 + 0.5;
  if (productId % 47 === 0) extra.hide_quantity = true;
  return extra;
}

/** Writes one demo tenant: settings, locations, departments, brands, products per location, accounts. */
/**
 * Completed demo orders over the last 60 days (dates relative to the day of seeding), so best sellers and
 * 'Customers also purchased' have history: a few products sell most, and add-on pairs sell together.
 */
async function seedOrderHistory(tenantId: string, slug: string, products: { productId: number; sku: string; title: string }[], priceOf: Map<number, number>, faker: Faker) {
  const popular = Math.min(products.length, 60);
  const orders = Array.from({ length: Math.min(150, products.length * 2) }, (_, n) => {
    const pick = () => products[Math.floor(popular * faker.number.float({ min: 0, max: 1 }) ** 2)];
    const lines = [pick()];
    const first = lines[0];
    if (first.productId % 9 === 0 && products[first.productId]) lines.push(products[first.productId]); // its add-on
    if (faker.datatype.boolean()) lines.push(pick());
    const items = [...new Map(lines.map((p) => [p.sku, p])).values()].map((p) => ({
      productId: p.productId, sku: p.sku, title: p.title, quantity: faker.number.int({ min: 1, max: 3 }), priceCents: priceOf.get(p.productId) ?? 0,
    }));
    return {
      tenantId, orderNumber: `${slug.toUpperCase()}-${1001 + n}`, status: 'completed', locationId: 1, customerName: faker.person.fullName(),
      orderType: 'pickup', totalCents: items.reduce((sum, i) => sum + i.priceCents * i.quantity, 0),
      placedAt: new Date(Date.now() - faker.number.int({ min: 1, max: 60 * 24 }) * 3600_000), items,
    };
  });
  await listOrders(tenantId, await Order.insertMany(orders));
  return orders.length;
}

async function seedTenant(plan: TenantPlan, productCount: number, faker: Faker) {
  const tenant = await Tenant.create({ slug: plan.slug, name: plan.name, businessId: plan.businessId, variant: plan.variant, plan: plan.ecommercePlan, domains: plan.domains });
  const tenantId = String(tenant._id);
  await Location.insertMany(plan.locations.map((loc, index) => ({
    tenantId, locationId: index + 1, ...loc, phone: faker.phone.number({ style: 'national' }), storeNumber: String(100 + index), sortOrder: index, hours: HOURS,
  })));

  const departments: { tenantId: string; deptId: number; name: string; slug: string; parentId: number | null; level: number; sortOrder: number; highlighted?: boolean }[] = [];
  const leaves: number[][] = [];
  let deptId = 1;
  Object.entries(plan.tree).forEach(([top, subs], i) => {
    const topId = deptId++;
    departments.push({ tenantId, deptId: topId, name: top, slug: slugify(top), parentId: null, level: 1, sortOrder: i, highlighted: i < 6 });
    Object.entries(subs).forEach(([sub, leafNames], j) => {
      const subId = deptId++;
      departments.push({ tenantId, deptId: subId, name: sub, slug: slugify(sub), parentId: topId, level: 2, sortOrder: j });
      leafNames.forEach((leaf, k) => {
        const leafId = deptId++;
        departments.push({ tenantId, deptId: leafId, name: leaf, slug: slugify(leaf), parentId: subId, level: 3, sortOrder: k });
        leaves.push([topId, subId, leafId]);
      });
    });
  });
  await Department.insertMany(departments);
  const deptName = new Map(departments.map((d) => [d.deptId, d.name]));
  // 'department:Name' navigation targets point at that department's product list.
  const navTarget = (target: string) => {
    const dept = target.startsWith('department:') ? departments.find((d) => d.name === target.slice('department:'.length)) : null;
    return dept ? `/d/${slugify(dept.name)}-${dept.deptId}` : target;
  };
  await StoreProfile.create({
    tenantId,
    // The About us story, the home page's announcement line (hardware store) and the link-preview text.
    content: {
      about: { title: 'Our story', body: plan.variant === 'hardware-cooperative'
        ? '<p>A member-owned hardware co-op since 1952: three stores, one counter of people who know their tools.</p><p>Bring us your project and we will help you finish it.</p>'
        : '<p>Colour matched by hand on the waterfront since 1987.</p>' },
      banner: plan.variant === 'hardware-cooperative' ? { text: 'Spring hours: open until 8pm on weekdays.', link: '/store-info', link_text: 'See our hours' } : {},
      seo: { meta_description: `${plan.name}: shop online, pick up in store.` },
    },
    // The hardware store takes cards through Stripe in test mode (the local stand-in answers), besides paying at
    // the store; the paint store takes payment at the store only. A test key only, sealed as every stored secret.
    // Its trade customers on an AR (charge) account may charge their orders to it at checkout (payment_charge_account).
    payment: plan.variant === 'hardware-cooperative' ? { payment_provider: 'stripe', payment_charge_account: true, stripe: { publishable_key: 'pk_test_demohardware', secret_key: sealSecret('sk_test_demohardware'), is_live: false, disable_save_card: false } } : {},
    settings: { cart: { taxDisclaimer: 'Tax is estimated until checkout.' }, featuredProductsTitle: plan.variant === 'hardware-cooperative' ? 'Staff Picks' : '',
      // Registration asks trade customers for their company and trade (custom signup fields).
      custom_fields: { signup: plan.variant === 'hardware-cooperative' ? [
        { name: 'company_name', label: 'Company Name', type: 'text', required: false, placeholder: 'If you buy for a business' },
        { name: 'trade', label: 'Trade', type: 'select', required: false, options: [{ value: 'homeowner', text: 'Homeowner' }, { value: 'contractor', text: 'Contractor' }, { value: 'landscaper', text: 'Landscaper' }] },
      ] : [] }, colors: plan.colors, font: plan.font, homeAlert: { text: `Free in-store pickup at ${plan.locations.length === 1 ? 'our store' : `all ${plan.locations.length} locations`}`, fontSize: 13 },
      buyingFromAlert: plan.locations.length > 1 ? { text: 'You are buying from {store}. Prices and stock are for this store.' } : null },
    business: { wizard_enabled: plan.setupWizard, contact_email: `hello@${plan.slug}.test`, facebook_link: `https://www.facebook.com/${plan.slug}`, instagram_link: `https://www.instagram.com/${plan.slug}`, pickup_enabled: true, delivery_enabled: plan.locations.length > 1, shipping_enabled: true, show_oos_special: plan.variant === 'hardware-cooperative', show_competitors: plan.variant === 'hardware-cooperative',
      // The hardware store's trade customers repeat their orders (recurring orders); the paint store does not offer it.
      recurring_orders_enabled: plan.variant === 'hardware-cooperative',
      delivery_locations: plan.locations.length > 1 ? [
        { code: '97301', fee: '9.99', minThreshold: '75.00', thresholdFee: '0.00' },
        { code: '97302', fee: '12.50', minThreshold: null, thresholdFee: null },
        { code: '97304', fee: '14.00', minThreshold: '150.00', thresholdFee: '4.99' },
      ] : [],
      special_order_fee: plan.variant === 'hardware-cooperative' ? '4.99' : '0.00',
      // The hardware store words its own disclaimers; the paint store keeps spec 2's defaults.
      ...(plan.variant === 'hardware-cooperative' ? {
        pickup_disclaimer: 'Most orders are ready within 2 hours. We will text you when yours is waiting at the pickup counter.',
        delivery_settings: { delivery_disclaimer: 'Our delivery team will call to set a time. Deliveries run Monday to Saturday.' },
      } : {}),
      rewards_enabled: plan.variant === 'hardware-cooperative', loyality_lookup_field: 'phone',
      // The cooperative's weekly ad, dated around the day of seeding.
      local_ad: plan.variant === 'hardware-cooperative' ? {
        enabled: true, title: 'Weekly Ad', valid_from: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10), valid_to: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
        pages: [{ image: '/assets/banners/demo-hardware-1.svg', alt: 'Fall lawn care: aerators, seed and fertilizer on sale' }, { image: '/assets/banners/demo-hardware-2.svg', alt: 'Tools for every project' }],
      } : undefined,
      tax_rates: plan.locations.map((_, index) => ({ location_id: index + 1, rate: index === 0 ? '8.25' : '7.75' })),
      destination_tax_rates: plan.locations.length > 1 ? [{ zip: '97302', rate: '6.00' }] : [],
      other_tax_rows: plan.variant === 'paint-brand' ? [{ label: 'Paint stewardship fee', rate: '0.50' }] : [],
      shipping_settings: { handling_fee: '1.50', table_rates: [
        { carrier: 'Store Shipping', service: 'Ground', delivery_days: '3-5 days', free_over: '199.00', bands: [{ up_to_weight: 5, fee: '8.99' }, { up_to_weight: 20, fee: '14.99' }, { up_to_weight: 70, fee: '29.99' }] },
        { carrier: 'Store Shipping', service: 'Express', delivery_days: '1-2 days', free_over: null, bands: [{ up_to_weight: 10, fee: '24.99' }, { up_to_weight: 30, fee: '39.99' }] },
      ] } },
    navigation: plan.navigation.map((item, index) => ({
      id: index + 1, name: item.name, target: navTarget(item.target), order: index + 1, align: item.align ?? 'left', show_in_header: true, hide_on_locations: item.hide_on_locations ?? null,
      custom: item.custom ?? false, sub_target: item.sub_target ?? null,
      dropdown: item.dropdown ? { items: item.dropdown.items.map((link, n) => ({ id: (index + 1) * 100 + n, order: n, ...link })), config: item.dropdown.config ?? {} } : null,
    })),
    navGroups: plan.navGroups.map((group, index) => ({ id: index + 1, order: index + 1, hide: false, ...group, items: group.items.map((link, n) => ({ id: n + 1, order: n, ...link })) })),
    footer: {
      title: plan.variant === 'paint-brand' ? 'Color advice from people who paint' : 'Your neighborhood hardware store',
      columns: [
        { title: 'Shop', links: [{ label: 'Departments', link: '/departments' }, { label: 'Brands', link: '/brands' }] },
        { title: 'Help', links: [{ label: plan.variant === 'paint-brand' ? 'Paint care guide' : 'Rental policy', link: plan.variant === 'paint-brand' ? '/paint-care-guide' : '/rental-policy' }, { label: 'Careers', link: '/careers' }] },
      ],
      showSslLogo: true,
    },
    legal: [{ type: 'terms', use_default: false, value: `<p>Orders placed with ${plan.name} online are held at the store for 7 days. Prices online match the shelf price of the store you choose.</p>`, date_updated: '2026-10-01' }],
  });
  await CustomPageModel.insertMany([
    plan.variant === 'paint-brand'
      ? { tenantId, pageId: 1, title: 'Paint care guide', link: 'paint-care-guide', body: '<h2>Keep your finish fresh</h2><p>Clean brushes in warm soapy water, store cans upside down, and keep leftover paint above freezing.</p>', updatedAt: new Date() }
      : { tenantId, pageId: 1, title: 'Rental policy', link: 'rental-policy', body: '<h2>Renting tools</h2><p>Bring a photo ID and a card for the deposit. Rentals are due back by closing time on the return date.</p>', updatedAt: new Date() },
    { tenantId, pageId: 2, title: 'Careers', link: 'careers', body: `<p>${plan.name} hires friendly, handy people. Ask for the manager at any of our stores.</p>`, updatedAt: new Date() },
  ]);

  if (plan.variant === 'hardware-cooperative') {
    // The demo shopper is a rewards member (look up by phone on /rewards).
    const shopper = DEMO_LOGINS.find((l) => l.tenant === plan.slug && l.role === 'customer');
    if (shopper?.phone) await enrolRewardsMember(tenantId, { memberNumber: '4800001042', firstName: 'Sam', lastName: 'Shopper', email: shopper.email, phone: shopper.phone, zip: '97301', points: 1250 });
    // Tool rentals (the paint store rents none): categories with a sub-category, rates in cents.
    await RentalCategory.insertMany([
      { tenantId, categoryId: 1, name: 'Flooring & Tile', sortOrder: 1 }, { tenantId, categoryId: 11, name: 'Tile Saws', parentId: 1 }, { tenantId, categoryId: 12, name: 'Floor Sanders', parentId: 1 },
      { tenantId, categoryId: 2, name: 'Lawn & Garden', sortOrder: 2 }, { tenantId, categoryId: 3, name: 'Concrete', sortOrder: 3 },
    ]);
    await RentalProduct.insertMany([
      { tenantId, rentalId: 1, name: 'Wet Tile Saw, 10 in.', description: 'Cuts porcelain and stone tile up to 24 in. Blade wear is charged by the inch.', categoryId: 1, subCategoryId: 11, fourHourCents: 3000, dayCents: 4500, weekCents: 18000, depositCents: 10000, featured: true },
      { tenantId, rentalId: 2, name: 'Drum Floor Sander', description: 'For refinishing hardwood floors. Sandpaper sold separately.', categoryId: 1, subCategoryId: 12, fourHourCents: 4500, dayCents: 6500, weekCents: 26000, depositCents: 15000 },
      { tenantId, rentalId: 3, name: 'Core Aerator', description: 'Pulls soil plugs so water and seed reach the roots. Fits in a pickup.', categoryId: 2, fourHourCents: 5000, dayCents: 7500, weekCents: null, depositCents: 10000, featured: true },
      { tenantId, rentalId: 4, name: 'Sod Cutter', description: 'Cuts sod 18 in. wide at an adjustable depth.', categoryId: 2, dayCents: 9000, weekCents: 36000, depositCents: 15000 },
      { tenantId, rentalId: 5, name: 'Electric Concrete Mixer', description: '3.5 cu. ft. drum; tows behind a car.', categoryId: 3, fourHourCents: 3500, dayCents: 5000, weekCents: 20000, depositCents: 5000 },
    ]);
  }

  const brands = Array.from({ length: plan.variant === 'paint-brand' ? 12 : 40 }, (_, i) => {
    const name = `${faker.company.name().replace(/[,].*$/, '')}`;
    // Every tenth brand (brand 1 first) has a video for its brand page.
    const videos = i % 10 === 0 ? [{ title: `Why ${name}`, url: 'https://www.youtube.com/embed/aqz-KE-bpKQ' }] : [];
    return { tenantId, brandId: i + 1, name, slug: slugify(name), alias: i % 10 === 0 ? name.split(' ')[0] : null, altTextLogo: `${name} logo`, videos };
  });
  await Brand.insertMany(brands);

  const products: object[] = [];
  const storeProducts: object[] = [];
  let storeProductId = 1;
  for (let productId = 1; productId <= productCount; productId += 1) {
    const path = leaves[(productId - 1) % leaves.length];
    const brand = brands[faker.number.int({ min: 0, max: brands.length - 1 })];
    const leafName = deptName.get(path[2])!;
    const title = `${brand.name} ${faker.commerce.productAdjective()} ${leafName.replace(/s$/, '')} ${faker.number.int({ min: 2, max: 64 })}${faker.helpers.arrayElement(['in', 'oz', 'pc', 'ft', 'gal', 'V'])}`;
    const sku = String(100000 + productId);
    const vendorId = faker.helpers.arrayElement([101, 102, 2020, 305]);
    products.push({
      _id: productDocId(tenantId, productId), tenantId, productId, sku, slug: `${slugify(title)}-${productId}`, title, originalTitle: title,
      description: faker.commerce.productDescription(), brandId: brand.brandId, brandName: brand.name,
      modelNumber: faker.string.alphanumeric({ length: 8, casing: 'upper' }), departmentPath: path,
      imageUrl: productId % 5 === 0 ? null : PRODUCT_IMAGES[productId % PRODUCT_IMAGES.length], vendorId,
      extra: productExtra(productId), settings: productSettings(productId),
      attributes: productAttributes(productId, faker),
      // A share of products carry what the detail page shows: competitors' prices, fees, add-ons, videos.
      competitors: productId % 11 === 0 ? [{ name: 'Big Box Depot', priceCents: faker.number.int({ min: 299, max: 52999 }), logo: null }] : [],
      additionalFeeDetails: productId % 13 === 0 ? [{ message: 'State recycling fee', priceImpactCents: 150 }] : [],
      addonProductIds: productId % 9 === 0 && productId + 1 <= productCount ? [productId + 1, Math.max(1, productId - 1)] : [],
      videos: productId % 25 === 0 ? [{ title: `${title} overview`, url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' }] : [],
      promoMessage: productId % 7 === 0 ? 'Limited time offer' : null,
    });
    const basePrice = faker.number.int({ min: 199, max: 49999 });
    plan.locations.forEach((_, index) => {
      const roll = faker.number.int({ min: 1, max: 100 });
      const inventory = roll <= 10 ? 0 : roll <= 20 ? faker.number.int({ min: 1, max: 5 }) : faker.number.int({ min: 6, max: 250 });
      storeProducts.push({
        _id: storeProductDocId(tenantId, storeProductId), tenantId, storeProductId: storeProductId++, locationId: index + 1, productId, sku, title, brandId: brand.brandId, departmentPath: path,
        priceCents: basePrice + index * 50, promoPriceCents: productId % 7 === 0 ? Math.round(basePrice * 0.85) : null,
        inventory, vendorAllowsSpecialOrder: vendorId === 305, listedAt: new Date(Date.UTC(2026, 0, 1) + productId * 3600_000),
      });
    });
  }
  await insertInBatches(Product, products);
  await insertInBatches(StoreProduct, storeProducts);
  await FeaturedProduct.insertMany((products as { sku: string }[]).slice(0, 8).map((p, sequence) => ({ tenantId, sku: p.sku, sequence })));
  await HomepageWidgetModel.insertMany(homepageWidgets(tenantId, plan));
  await Coupon.insertMany([
    {
      tenantId, code: 'SAVE10', kind: 'percent', percentBp: 1000, minSubtotalCents: 5000, disclaimer: 'Cannot be combined with other offers.',
      slug: 'save-10', name: 'Save 10% on $50 or more', description: `Take 10% off any order of $50 or more at ${plan.name}.`,
      widget: { style: 1, couponTitle: '10% off $50+', bottomText: 'Online orders only', sequence: 1 },
    },
    { tenantId, code: 'FIVEOFF', kind: 'flat', amountCents: 500, slug: 'five-off', name: '$5 off your order', description: 'Five dollars off, no minimum.', widget: { style: 2, sequence: 2 } },
    {
      // The pop-up's promotion; it ends two weeks after seeding, so its page counts down.
      tenantId, code: 'FALL20', kind: 'percent', percentBp: 2000, minSubtotalCents: 10000, expiresAt: new Date(Date.now() + 14 * 24 * 3600 * 1000),
      slug: 'fall-20', name: 'Fall Project Sale', description: '20% off orders of $100 or more while the sale lasts.', disclaimer: 'Not valid on special orders placed before the sale.',
      popup: true, widget: { style: 3, couponTitle: 'Fall Project Sale', buttonTitle: 'Get 20% Off', sequence: 3 },
    },
    { tenantId, code: 'SPRING2025', kind: 'percent', percentBp: 1500, expiresAt: new Date(Date.UTC(2025, 5, 1)) },
    { tenantId, code: 'WELCOME15', kind: 'percent', percentBp: 1500, oncePerCustomer: true, disclaimer: 'One order per customer; sign in to use it.' },
    // The delivery and shipping discounts: the whole charge off from a minimum subtotal.
    { tenantId, code: 'FREEDELIVERY', kind: 'free_delivery', minSubtotalCents: 2500, disclaimer: 'Local delivery zip codes only.' },
    { tenantId, code: 'SHIPFREE', kind: 'free_shipping', minSubtotalCents: 5000 },
  ]);
  const priceOf = new Map((storeProducts as { productId: number; locationId: number; priceCents: number }[]).filter((sp) => sp.locationId === 1).map((sp) => [sp.productId, sp.priceCents]));
  const orders = await seedOrderHistory(tenantId, plan.slug, products as { productId: number; sku: string; title: string }[], priceOf, faker);

  for (const login of DEMO_LOGINS.filter((l) => l.tenant === plan.slug)) {
    const names = { admin: ['Store', 'Admin'], staff: ['Pat', 'Staff'], customer: ['Sam', 'Shopper'] }[login.role];
    // Customer.create claims the account's e-mail, phone and slug keys itself (services/identity/src/keys.ts).
    await Customer.create({
      tenantId, slug: `${login.role}-${plan.slug}`, email: login.email, firstName: names[0], lastName: names[1],
      passwordHash: await hashPassword(login.password), isAdmin: login.role !== 'customer', isSubAccount: login.role === 'staff',
      permissions: login.permissions ?? [], telephone: login.phone ?? null,
    });
  }
  if (plan.variant === 'hardware-cooperative') {
    // The demo shopper runs a small renovation business on an AR (charge) account: 'Charge to account' at checkout.
    const shopper = DEMO_LOGINS.find((l) => l.tenant === plan.slug && l.role === 'customer');
    await ArAccountModel.create({
      tenantId, number: 'AR-1001', name: 'Shopper Renovations', contact: { name: 'Sam Shopper', email: shopper?.email ?? '', phone: shopper?.phone ?? '' }, creditLimitCents: 250_000,
      customers: shopper ? [{ id: `customer-${plan.slug}`, name: 'Sam Shopper', email: shopper.email, at: new Date(), by: `admin-${plan.slug}` }] : [], customerCount: shopper ? 1 : 0,
    });
  }
  // Customers who agreed to marketing e-mails (they never sign in here), so the Emails screen has an audience.
  const unusable = await hashPassword(faker.string.alphanumeric(24));
  const readers = await Customer.insertMany(Array.from({ length: 5 }, (_, i) => {
    const [firstName, lastName] = [faker.person.firstName(), faker.person.lastName()];
    return { tenantId, slug: `reader-${i + 1}-${plan.slug}`, email: `reader-${i + 1}@${plan.slug}.test`, firstName, lastName, passwordHash: unusable, receiveMarketing: true };
  }));
  // insertMany skips Customer.create's key claims: their key documents (e-mail, phone, slug) go in beside them.
  await CustomerKey.insertMany(readers.flatMap((c: Parameters<typeof customerKeyDocs>[0]) => customerKeyDocs(c)));
  return { products: productCount, storeProducts: storeProducts.length, departments: departments.length, brands: brands.length, orders };
}

/** Bulk customers of --customers N share one password (hashed once, so seeding stays fast); the benchmarks sign in with it. */
export const BULK_CUSTOMER_PASSWORD = 'BulkShopper#2026';
/** Their account numbers, in order: the first ones placed the most orders (tools/bench/scale.mjs signs in as them). */
export const bulkAccountNumber = (n: number): string => `B${String(n).padStart(7, '0')}`;
const BULK_BATCH = 2000;

/** Prints `label done/total (seconds)` each 10,000 documents and at the end. */
function progress(label: string, total: number) {
  const started = Date.now();
  let printed = 0;
  return (done: number) => {
    if (done - printed < 10_000 && done < total) return;
    printed = done;
    console.log(`[seed] ${label} ${done}/${total} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
}

/**
 * --customers N: realistic shoppers of the tenant (unique e-mails and phones), inserted in batches. They share one
 * password hash (BULK_CUSTOMER_PASSWORD); each has its own account number (bulkAccountNumber).
 */
async function seedBulkCustomers(tenantId: string, count: number, faker: Faker): Promise<{ slug: string; name: string; email: string; telephone: string }[]> {
  const passwordHash = await hashPassword(BULK_CUSTOMER_PASSWORD);
  const made: { slug: string; name: string; email: string; telephone: string }[] = [];
  const report = progress('customers', count);
  for (let start = 0; start < count; start += BULK_BATCH) {
    const batch = Array.from({ length: Math.min(BULK_BATCH, count - start) }, (_, k) => {
      const n = start + k + 1;
      const [firstName, lastName] = [faker.person.firstName(), faker.person.lastName()];
      const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
      const email = `${local}.${n}@${faker.helpers.arrayElement(['example.com', 'example.net', 'example.org'])}`;
      // 10 digits, unique by n (503 200 0000 upward; the demo shopper's 503 555 0142 is far above).
      const telephone = `503${String(2_000_000 + n).padStart(7, '0')}`;
      const customerSlug = `${slugify(`${firstName} ${lastName}`) || 'customer'}-${n.toString(16).padStart(6, '0')}`;
      made.push({ slug: customerSlug, name: `${firstName} ${lastName}`, email, telephone });
      return {
        tenantId, slug: customerSlug, email, telephone, firstName, lastName, passwordHash, accountNumber: bulkAccountNumber(n),
        receiveMarketing: n % 4 === 0, receiveSms: n % 3 !== 0, preferredStoreId: null,
        lastSignInAt: new Date(Date.now() - faker.number.int({ min: 1, max: 365 * 24 }) * 3600_000),
      };
    });
    const inserted = await Customer.insertMany(batch, { ordered: false });
    // The customers' key documents (e-mail, phone, slug), so sign-in and registration find them by _id.
    await CustomerKey.insertMany(inserted.flatMap((c: Parameters<typeof customerKeyDocs>[0]) => customerKeyDocs(c)), { ordered: false });
    // They have no sessions: their (empty) lists of sessions are complete, so a first sign-in rebuilds none.
    if (orderLists) await startSessionLists(tenantId, orderLists, batch.map((c) => c.slug));
    report(start + batch.length);
  }
  return made;
}

/**
 * --orders N: orders of the last 365 days across the tenant's locations, numbered upward from its highest order
 * number: mostly completed, ~1% still outstanding (placed, taken, preparing, prepared), a few cancelled; 1-6 lines
 * of the tenant's products (a few sell most); about 60% by the bulk customers (the first ones order most), the
 * rest by guests.
 */
async function seedBulkOrders(tenantId: string, count: number, customers: { slug: string; name: string; email: string; telephone: string }[], faker: Faker): Promise<void> {
  type Sp = { storeProductId: number; locationId: number; productId: number; sku: string; title: string; priceCents: number; promoPriceCents?: number | null };
  const { storeProducts, highest } = await inBackground('seed: bulk orders read the products and the highest order number', async () => ({
    storeProducts: (await StoreProduct.find({ tenantId }, { _id: 0, storeProductId: 1, locationId: 1, productId: 1, sku: 1, title: 1, priceCents: 1, promoPriceCents: 1 }).lean()) as unknown as Sp[],
    highest: ((await Order.findOne({ tenantId, sequence: { $ne: null } }, { sequence: 1 }).sort({ sequence: -1 }).lean()) as { sequence?: number } | null)?.sequence ?? null,
  }));
  const byLocation = new Map<number, Sp[]>();
  for (const sp of storeProducts) byLocation.set(sp.locationId, [...(byLocation.get(sp.locationId) ?? []), sp]);
  const locations = [...byLocation.keys()].sort((a, b) => a - b);
  if (!locations.length) throw new Error('--orders needs products: seed them first');
  for (const list of byLocation.values()) list.sort((a, b) => a.productId - b.productId);
  const first = nextOrderNumber(highest);
  const outstanding = ['placed', 'taken', 'preparing', 'prepared'] as const;
  const report = progress('orders', count);
  const YEAR_MS = 365 * 86_400_000;
  const now = Date.now();
  for (let start = 0; start < count; start += BULK_BATCH) {
    const size = Math.min(BULK_BATCH, count - start);
    const batch = Array.from({ length: size }, (_, k) => {
      const sequence = first + start + k;
      // Numbered upward in time: the newest orders have the highest numbers (outstanding ones are recent).
      const placedAt = new Date(now - YEAR_MS * (1 - (start + k + 0.5) / count) - faker.number.int({ min: 0, max: 3_600_000 }));
      const roll = faker.number.float({ min: 0, max: 1 });
      // ~1% outstanding: about a third of the last 10 days' orders (365 days x 1% / 10 days).
      const recent = now - placedAt.getTime() < 10 * 86_400_000;
      const status = recent && roll < 0.36 ? faker.helpers.arrayElement(outstanding) : roll > 0.985 ? 'cancelled' : 'completed';
      const locationId = locations[Math.floor(faker.number.float({ min: 0, max: 1 }) ** 1.5 * locations.length)];
      const list = byLocation.get(locationId)!;
      const picked = new Map<number, Sp>();
      const lineCount = faker.number.int({ min: 1, max: 6 });
      while (picked.size < Math.min(lineCount, list.length)) {
        const sp = list[Math.floor(faker.number.float({ min: 0, max: 1 }) ** 2 * list.length)];
        picked.set(sp.storeProductId, sp);
      }
      const items = [...picked.values()].map((sp) => ({
        productId: sp.productId, storeProductId: sp.storeProductId, sku: sp.sku, title: sp.title, quantity: faker.number.int({ min: 1, max: 4 }),
        priceCents: sp.promoPriceCents ?? sp.priceCents, special: false,
      }));
      const subtotalCents = items.reduce((sum, i) => sum + i.priceCents * i.quantity, 0);
      const taxCents = Math.round(subtotalCents * (locationId === 1 ? 0.0825 : 0.0775));
      const customer = customers.length && faker.number.float({ min: 0, max: 1 }) < 0.6
        ? customers[Math.floor(faker.number.float({ min: 0, max: 1 }) ** 2 * customers.length)] : null;
      const [firstName, lastName] = customer ? customer.name.split(' ') : [faker.person.firstName(), faker.person.lastName()];
      const contact = customer
        ? { firstName, lastName, email: customer.email, telephone: customer.telephone }
        : { firstName, lastName, email: `${firstName}.${lastName}.g${sequence}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ''), telephone: `541${String(1_000_000 + (sequence % 8_000_000)).padStart(7, '0')}` };
      const at = (minutes: number) => new Date(placedAt.getTime() + minutes * 60_000);
      const steps: Record<string, { status: string; at: Date; by: string | null; note: string }[]> = {
        placed: [], taken: [{ status: 'taken', at: at(10), by: 'admin-demo-hardware', note: '' }],
      };
      steps.preparing = [...steps.taken, { status: 'preparing', at: at(20), by: 'admin-demo-hardware', note: '' }];
      steps.prepared = [...steps.preparing, { status: 'prepared', at: at(40), by: 'admin-demo-hardware', note: '' }];
      steps.completed = [...steps.prepared, { status: 'completed', at: at(180), by: 'admin-demo-hardware', note: '' }];
      steps.cancelled = [{ status: 'cancelled', at: at(30), by: 'admin-demo-hardware', note: 'The shopper asked us to cancel.' }];
      return {
        tenantId, orderNumber: String(sequence), sequence, status, locationId, customerSlug: customer?.slug ?? null,
        deviceId: customer ? null : `Seed${String(sequence % 1_000_000).padStart(6, '0')}`,
        customerName: `${firstName} ${lastName}`, contact, orderType: 'pickup', address: null,
        payment: { method: 'pay_at_store', status: status === 'completed' ? 'paid' : 'due' },
        subtotalCents, taxCents, totalCents: subtotalCents + taxCents, placedAt, items,
        history: [{ status: 'placed', at: placedAt, by: customer?.slug ?? null, note: '' }, ...steps[status]],
      };
    });
    await listOrders(tenantId, await Order.insertMany(batch, { ordered: false }));
    report(start + size);
  }
}

/**
 * --customers N and --orders N for a store with products (the CLI: the hardware store; scale benchmarks), each
 * phase timed. Its own random stream: the demo data stays the same whether or not these flags are given.
 */
export async function seedScale(options: { customers: number; orders: number; tenantSlug?: string }) {
  const slug = options.tenantSlug ?? 'demo-hardware';
  const faker = new Faker({ locale: [en] });
  faker.seed(20261125);
  const tenant = (await Tenant.findOne({ slug }, { _id: 1 }).lean()) as { _id: unknown } | null;
  if (!tenant) throw new Error(`the ${slug} tenant is missing`);
  const tenantId = String(tenant._id);
  const timings: Record<string, string> = {};
  let started = Date.now();
  const customers = options.customers > 0 ? await seedBulkCustomers(tenantId, options.customers, faker) : [];
  if (options.customers > 0) timings.customers = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  started = Date.now();
  if (options.orders > 0) {
    await seedBulkOrders(tenantId, options.orders, customers, faker);
    timings.orders = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  }
  return { customers: options.customers, orders: options.orders, timings };
}

/** The home page sections of a demo store: a carousel, store news, product rows, and one section for one location only. */
function homepageWidgets(tenantId: string, plan: TenantPlan) {
  const banner = (n: number, alt: string, redirect_url: string) => ({
    image: `/assets/banners/${plan.slug}-${n}.svg`, imageMobile: `/assets/banners/${plan.slug}-${n}-mobile.svg`, width: 1200, height: 360, widthMobile: 768, heightMobile: 432, alt, redirect_url, sequence: n,
  });
  const hardware = plan.variant === 'hardware-cooperative';
  return [
    { tenantId, widgetId: 1, name: 'Home carousel', type: '4', sequence: 1, loop: true, value: { title: 'This season', slides: hardware
      ? [banner(1, 'Fall Project Sale: 20% off orders of $100 or more', '/promotions/single/fall-20'), banner(2, 'Lawn & Garden: rakes, blowers and bulbs', '/departments')]
      : [banner(1, 'Color of the Month: Harbor Blue', '/departments'), banner(2, 'Free color matching', '/store-info')] } },
    { tenantId, widgetId: 2, name: 'Store news', type: '1', sequence: 2, value: { title: 'Store news', body: hardware
      ? '<h2>Locally owned since 1952</h2><p>Ask our staff about key cutting, screen repair and propane refills at every location.</p>'
      : '<h2>Paint advice from people who paint</h2><p>Bring a photo of your room and we will help you choose the colour and finish.</p>' } },
    { tenantId, widgetId: 3, name: 'New arrivals', type: '2', sequence: 3, value: { title: 'New in store', dept_id: 1, limit: 12 } },
    ...(hardware ? [{ tenantId, widgetId: 4, name: 'Eastgate rentals', type: '1', sequence: 4, associatedLocations: [2], value: { title: 'At Eastgate', body: '<p>Our Eastgate store now rents log splitters and aerators by the day.</p>' } }] : []),
    { tenantId, widgetId: 5, name: 'Brand row', type: '2', area: 2, sequence: 1, value: { title: 'Trusted brands', brand_id: 1, limit: 12 } },
  ];
}

/** Seeds both demo tenants. Deterministic: the same options always write the same data (order dates are relative to today). */
export async function seedDemo(options: { products: number; onlyIfEmpty: boolean; customers?: number; orders?: number }) {
  await syncIndexes();
  if (options.onlyIfEmpty && (await Tenant.countDocuments({})) > 0) return { skipped: true as const };
  const faker = new Faker({ locale: [en] });
  faker.seed(20261122);
  const summary: Record<string, unknown> = {};
  for (const plan of TENANTS) summary[plan.slug] = await seedTenant(plan, Math.max(1, Math.round(options.products * plan.productShare)), faker);
  if (options.customers || options.orders) summary.scale = await seedScale({ customers: options.customers ?? 0, orders: options.orders ?? 0 });
  return { skipped: false as const, summary };
}

/** Every tenant's lists now hold every order (the seed made the tenants): the gateway need not rebuild them. */
export async function markOrderListsBuilt(store: { redis: Redis; prefix: string }) {
  for (const t of (await Tenant.find({}, { _id: 1 }).lean()) as { _id: unknown }[]) await indexOrders(store, String(t._id), [], true);
}

async function countSalesOfAll(store: { redis: Redis; prefix: string }) {
  const started = Date.now();
  for (const t of (await Tenant.find({}, { _id: 1 }).lean()) as { _id: unknown }[]) await recountSales(store, String(t._id), soldBySeed.get(String(t._id)) ?? []);
  console.log(`[seed] sales counted from the orders (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

async function writeSearchRowsOfAll(store: { redis: Redis; prefix: string }) {
  const started = Date.now();
  for (const t of (await Tenant.find({}, { _id: 1 }).lean()) as { _id: unknown }[]) await rebuildSearchRows(store, String(t._id));
  console.log(`[seed] search rows written (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

async function main() {
  const args = process.argv.slice(2);
  const count = (flag: string, fallback: number, least: number) => {
    const at = args.indexOf(flag);
    const value = at >= 0 ? Number(args[at + 1]) : fallback;
    if (!Number.isInteger(value) || value < least) throw new Error(`${flag} must be an integer of at least ${least}`);
    return value;
  };
  const products = count('--products', 2000, 1);
  // Scale data for the hardware store (tools/bench/scale.mjs): bulk customers and a year of orders.
  const customers = count('--customers', 0, 0);
  const orders = count('--orders', 0, 0);
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set (npm run seed starts the database for you)');
  // Nothing made in the background beside the drop: seedDemo builds the indexes (syncIndexes) after it.
  await connectMongo(uri, undefined, { buildInBackground: false });
  if (args.includes('--reset')) await mongoose.connection.dropDatabase();
  const started = Date.now();
  const redis = process.env.REDIS_URL ? createRedis(process.env.REDIS_URL) : null;
  writeListsTo(redis ? { redis, prefix: 'bull' } : null);
  const result = await seedDemo({ products, onlyIfEmpty: args.includes('--if-empty'), customers, orders });
  if (!result.skipped && orderLists) await markOrderListsBuilt(orderLists);
  // Each store's search rows now, from the data just written: the gateway's first search builds its index from
  // Redis instead of reading every product from the database (21 s at 20,000 products).
  if (!result.skipped && orderLists) await writeSearchRowsOfAll(orderLists);
  // Top selling and bought together are counted from the orders just written (as after a Redis loss, without reading them back).
  if (!result.skipped && orderLists) await countSalesOfAll(orderLists);
  // Each store's list of admins (read on every new order) is made now, not by the first order (a scan of the customers).
  if (!result.skipped) await inBackground('seed: the stores\' lists of admins', async () => {
    for (const t of (await Tenant.find({}, { _id: 1 }).lean()) as { _id: unknown }[]) await adminIds({ tenantId: String(t._id) });
  });
  redis?.disconnect();
  console.log(result.skipped ? '[seed] database already has tenants; left as is' : `[seed] seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(result.summary)}`);
  await disconnectMongo();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => { console.error(err); process.exit(1); });
}
