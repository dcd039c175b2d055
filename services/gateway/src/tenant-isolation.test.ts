import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBackground, Location, mongoose } from '@platform/db';
import { createTenant, createTestApp, multipartBody } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { Brand, FeaturedProduct, ProductStat, SearchSynonyms, SearchTerm, StoreProduct } from '@platform/catalogue';
import { CustomPageModel, HomepageWidgetModel, RentalProduct, RentalRequest, StoreProfile } from '@platform/tenant-settings';
import { Customer, EmailCampaign, hashPassword, UnsubscribeLink } from '@platform/identity';
import { hashToken } from '@platform/server-kit';
import { ArAccountModel, OfflineOrder, Order, RecurringOrder } from '@platform/orders';
import { CartStore, Coupon } from '@platform/cart';
import { allServices } from './index';
import { startDoItBestStandIn, startEasyPostStandIn, startEmeryStandIn, type DropShipStandIn, type EasyPostStandIn } from '@platform/cart/testing';
import { sealSecret } from '@platform/server-kit';
import { ShippingLabel, ShippingLabelFile } from '@platform/orders';
import { UploadedImage } from '@platform/tenant-settings';

/** Both stores ship with an EasyPost account (the local stand-in of its API) and have bought one label each. */
let easypost: EasyPostStandIn;
const LABEL_IDS = { a: new mongoose.Types.ObjectId().toString(), b: new mongoose.Types.ObjectId().toString() };
async function seedShippingLabel(key: 'a' | 'b', tenantId: string, orderId: string) {
  const slug = `iso-${key}`;
  await StoreProfile.updateOne({ tenantId }, { $set: { shippingCarrier: { adapter: 'easypost', apiKey: sealSecret(`EZTK${slug}Key`), description: `${slug} EasyPost` } } });
  await ShippingLabel.create({
    _id: LABEL_IDS[key], tenantId, orderId, orderNumber: `${slug}-1`, customerName: `${slug} customer`, locationId: 1, shipmentId: `shp_${slug}`, rateId: `rate_${slug}`,
    carrierName: 'USPS', service: 'GroundAdvantage', rateCents: 715, trackingCode: `9400${key === 'a' ? 1 : 2}`, parcel: { weightOz: 16 }, boughtAt: new Date(),
  });
  await ShippingLabelFile.create({ _id: LABEL_IDS[key], tenantId, contentType: 'application/pdf', data: Buffer.from(`%PDF-1.4 ${slug} label`) });
}

/**
 * Two tenants with the same shapes of data, every string marked with the tenant's slug. Each route is
 * called as tenant A (guest and admin); no answer may carry tenant B's marker, and A's writes leave B as it was.
 */
let harness: Awaited<ReturnType<typeof createTestApp>>;
const tenants: Record<'a' | 'b', { id: string; slug: string; token: string; businessId: number; orderId: string; campaignId: string; recurringId: string }> = {} as never;
const PASSWORD = 'Same-Password-1';
/** Each store's AR account (the same number at both). */
const AR_IDS = { a: new mongoose.Types.ObjectId().toString(), b: new mongoose.Types.ObjectId().toString() };
const OFFLINE_IDS = { a: new mongoose.Types.ObjectId().toString(), b: new mongoose.Types.ObjectId().toString() };

async function seedTenant(key: 'a' | 'b') {
  const slug = `iso-${key}`;
  // Paint stores, so the paint variant's routes answer too.
  const tenant = await createTenant(slug, { domains: [`shop.${slug}.test`], variant: 'paint-brand' });
  await createCatalogueFixture(tenant.id, slug);
  await StoreProfile.create({ tenantId: tenant.id, settings: { font: `${slug}-font` }, business: { contact_email: `${slug}@shared.test` }, payment: { payment_provider: 'stripe', stripe: { publishable_key: `pk_${slug}`, secret_key: `sk_${slug}` } }, siteSettings: [{ key: 'theme', value_string: slug }], navigation: [{ id: 1, name: `${slug} nav`, target: '/', order: 1 }], navGroups: [{ id: 1, name: `${slug} menu`, items: [] }], footer: { title: `${slug} footer` }, content: { about: { body: `<p>${slug} story</p>` }, banner: { text: `${slug} news` } } });
  await CustomPageModel.create({ tenantId: tenant.id, pageId: 1, title: `${slug} page`, link: 'about-the-store', body: `<p>${slug} story</p>` });
  await Customer.create({ tenantId: tenant.id, slug: 'owner', email: 'owner@shared.test', firstName: `${slug} owner`, passwordHash: await hashPassword(PASSWORD), isAdmin: true });
  await Customer.create({ tenantId: tenant.id, slug: 'staff', email: 'staff@shared.test', firstName: `${slug} staff`, passwordHash: 'x', isAdmin: true, isSubAccount: true, permissions: ['edit_products'] });
  const order = await Order.create({ tenantId: tenant.id, orderNumber: `${slug}-1`, status: 'placed', locationId: 1, customerName: `${slug} customer`, deviceId: 'SharedDev1', totalCents: 500, placedAt: new Date() });
  // Top selling and bought together are counted from the orders: this one sold both products together.
  await Order.create({
    tenantId: tenant.id, orderNumber: `${slug}-2`, status: 'completed', locationId: 1, customerName: `${slug} owner`, customerSlug: 'owner', totalCents: 700, placedAt: new Date(),
    items: [{ productId: 1, storeProductId: 11, sku: '1001', title: `${slug} Drill`, quantity: 1, priceCents: 300 }, { productId: 2, storeProductId: 21, sku: '1002', title: `${slug} Hammer`, quantity: 4, priceCents: 100 }],
  });
  const recurring = await RecurringOrder.create({
    tenantId: tenant.id, customerSlug: 'owner', frequency: 'weekly', anchorDay: new Date().toISOString().slice(0, 10), firstOrderNumber: `${slug}-2`, orderType: 'pickup', locationId: 1,
    contact: { firstName: `${slug} owner`, lastName: 'Shared', email: 'owner@shared.test', telephone: '5035550100' }, payment: { method: 'pay_at_store', label: 'Pay at the store' },
    items: [{ productId: 2, storeProductId: 21, sku: '1002', title: `${slug} Hammer`, quantity: 1, special: false }],
  });
  const carts = new CartStore(harness.resources.redis, harness.resources.queuePrefix);
  await carts.put(tenant.id, { customerSlug: null, deviceId: 'SharedDev1' }, { locationId: 1, items: [{ storeProductId: 11, quantity: 1, special: false }] });
  await carts.put(tenant.id, { customerSlug: 'owner', deviceId: null }, { locationId: 1, items: [{ storeProductId: 21, quantity: 1, special: false }] });
  await ProductStat.create({ tenantId: tenant.id, sku: '1001', views: 5 });
  await FeaturedProduct.create({ tenantId: tenant.id, sku: '1001', sequence: 1 });
  await HomepageWidgetModel.insertMany([
    { tenantId: tenant.id, widgetId: 1, name: `${slug} welcome`, type: '1', value: { body: `<p>${slug} welcome</p>` } },
    { tenantId: tenant.id, widgetId: 2, name: `${slug} picks`, type: '2', area: 2, value: { title: `${slug} picks`, skus: ['1001'] } },
    { tenantId: tenant.id, widgetId: 3, name: `${slug} said`, type: '5', area: 2, value: { title: '', testimonials: [{ id: 1, message: `${slug} fixed my fence`, author: 'Ann', role: '', rating: 5 }] } },
  ]);
  await SearchTerm.create({ tenantId: tenant.id, term: `${slug} drill`, searches: 3 });
  await RentalProduct.create({ tenantId: tenant.id, rentalId: 1, name: `${slug} tile saw`, categoryId: 1, dayCents: 4500 });
  await Coupon.create({ tenantId: tenant.id, code: `${slug.toUpperCase()}-CODE`, kind: 'flat', amountCents: 100, slug: `${slug}-deal`, name: `${slug} deal`, popup: true, widget: { style: 1 } });
  await seedShippingLabel(key, tenant.id, String(order._id));
  await SearchSynonyms.create({ tenantId: tenant.id, groups: [{ words: [`${slug}-sofa`, `${slug}-couch`] }] });
  await ArAccountModel.create({ _id: AR_IDS[key], tenantId: tenant.id, number: 'AR-1', name: `${slug} builders`, creditLimitCents: 100_000, customers: [{ id: 'reader', name: `${slug} reader`, email: 'reader@shared.test', at: new Date() }] });
  // An order taken at the counter, with the same number at both stores.
  await OfflineOrder.create({
    _id: OFFLINE_IDS[key], tenantId: tenant.id, orderNumber: 'OFF-1001', sequence: 1001, locationId: 1, orderType: 'pickup', customerName: `${slug} caller`, telephone: '5035550155',
    items: [{ productId: null, storeProductId: null, sku: '', title: `${slug} key cutting`, quantity: 1, priceCents: 300 }], subtotalCents: 300, taxCents: 0, totalCents: 300, takenBy: 'owner', placedAt: new Date(),
  });
  const campaign = await EmailCampaign.create({ tenantId: tenant.id, subject: `${slug} spring sale`, body: `${slug} mulch` });
  // A shopper who agreed to marketing e-mails, with the same unsubscribe token at both stores.
  const reader = await Customer.create({ tenantId: tenant.id, slug: 'reader', email: 'reader@shared.test', firstName: `${slug} reader`, passwordHash: 'x', receiveMarketing: true });
  await UnsubscribeLink.create({ tenantId: tenant.id, customerId: String(reader._id), campaignId: String(campaign._id), tokenHash: hashToken('shared-unsubscribe'), createdAt: new Date() });
  const login = await harness.app.inject({ method: 'POST', url: '/api/login', headers: { 'business-slug': slug }, payload: { email: 'owner@shared.test', password: PASSWORD } });
  tenants[key] = { id: tenant.id, slug, token: login.json().access_token, businessId: tenant.businessId, orderId: String(order._id), campaignId: String(campaign._id), recurringId: String(recurring._id) };
}

/** Every route with what it needs to answer. A route missing here fails the coverage test below. */
const READS: Record<string, string> = {
  '/api/get-in-store-ping-status': '/api/get-in-store-ping-status?product_id=1',
  '/api/admin/stats/inStorePingItems': '/api/admin/stats/inStorePingItems',
  '/api/settings': '/api/settings',
  '/api/custom-navigation': '/api/custom-navigation',
  '/api/business-details2': '/api/business-details2',
  '/api/departments': '/api/departments',
  '/api/full-departments': '/api/full-departments',
  '/api/get-all-departments': '/api/get-all-departments',
  '/api/get-department-hierarchy-with-alias': '/api/get-department-hierarchy-with-alias?partner={A_BUSINESS_ID}',
  '/api/products': '/api/products?limit=50',
  '/api/products/product': '/api/products/product?param=1',
  '/api/partner-business-product-inventory/{sku}': '/api/partner-business-product-inventory/1001',
  '/api/popular-products': '/api/popular-products',
  '/api/get-suggestions': '/api/get-suggestions?search=iso',
  '/api/get-search-term-suggestions': '/api/get-search-term-suggestions?search=iso',
  '/api/brands': '/api/brands',
  '/api/brands/brand': '/api/brands/brand?param=1',
  '/api/brands/{id}/videos': '/api/brands/1/videos',
  '/api/brands/get-filter': '/api/brands/get-filter',
  '/api/products/{id}/addons': '/api/products/1/addons',
  '/api/products/{id}/videos': '/api/products/1/videos',
  '/api/products/{id}/similar': '/api/products/2/similar',
  '/api/admin/search-synonyms': '/api/admin/search-synonyms',
  '/api/top-selling/{days}/{limit}': '/api/top-selling/30/10',
  '/api/products/{id}/also-purchased': '/api/products/1/also-purchased',
  '/api/cart-parcels': '/api/cart-parcels?device_id=SharedDev1',
  '/api/empty-cart': '/api/empty-cart?device_id=EmptiedDev',
  '/api/check-active-coupons': '/api/check-active-coupons',
  '/api/promotions': '/api/promotions',
  '/api/payment-settings': '/api/payment-settings',
  '/api/business/site-settings/{businessId}': '/api/business/site-settings/{A_BUSINESS_ID}',
  '/api/homepage-widgets': '/api/homepage-widgets',
  '/api/homepage-widgets-two': '/api/homepage-widgets-two',
  '/api/widget/{id}': '/api/widget/1',
  '/api/favourite-products': '/api/favourite-products',
  '/api/promotions/{slug}': '/api/promotions/iso-a-deal',
  '/api/coupon-widgets': '/api/coupon-widgets',
  '/api/homepage-promo-pop-up': '/api/homepage-promo-pop-up',
  '/api/shipping-quote': '/api/shipping-quote?device_id=SharedDev1',
  '/api/cart-preferences': '/api/cart-preferences?device_id=SharedDev1',
  '/api/orders-saved': '/api/orders-saved',
  '/api/get-customer-details': '/api/get-customer-details',
  '/api/mfa/load': '/api/mfa/load',
  '/api/sub-accounts': '/api/sub-accounts?auth=true',
  '/api/nearby-stores': '/api/nearby-stores',
  '/api/custom-footer': '/api/custom-footer',
  '/api/business-terms': '/api/business-terms',
  '/api/custom-pages': '/api/custom-pages',
  '/api/custom-page/{id}': '/api/custom-page/1',
  '/api/startup': '/api/startup',
  '/api/customer-cards': '/api/customer-cards',
  '/api/store-distance/{id}': '/api/store-distance/1',
  '/api/admin/orders/outstanding': '/api/admin/orders/outstanding',
  '/api/admin/orders/completed': '/api/admin/orders/completed',
  '/api/admin/orders/cancelled': '/api/admin/orders/cancelled',
  '/api/admin/orders/all': '/api/admin/orders/all',
  '/api/admin/orders/csv': '/api/admin/orders/csv',
  '/api/admin/orders/{id}/notes': '/api/admin/orders/{A_ORDER_ID}/notes',
  '/api/admin/orders/{id}/location': '/api/admin/orders/{A_ORDER_ID}/location',
  '/api/admin/shipping/getAvailableCarriers': '/api/admin/shipping/getAvailableCarriers',
  '/api/admin/shipping/getCarriers': '/api/admin/shipping/getCarriers',
  '/api/admin/shipping/{id}/info': '/api/admin/shipping/easypost/info',
  '/api/admin/shipping/labels': '/api/admin/shipping/labels',
  '/api/admin/shipping/labels/{id}/file': `/api/admin/shipping/labels/${LABEL_IDS.a}/file`,
  '/api/admin/orders/reconciliation': '/api/admin/orders/reconciliation',
  // Today at location 1, where both stores have orders.
  '/api/admin/orders/reconciliation/{id}': `/api/admin/orders/reconciliation/${new Date().toISOString().slice(0, 10)}_1`,
  '/api/custom-nav': '/api/custom-nav',
  '/api/pages': '/api/pages',
  '/api/paints/families': '/api/paints/families',
  '/api/paints/collections': '/api/paints/collections',
  '/api/paints/colors': '/api/paints/colors',
  '/api/paints/products': '/api/paints/products',
  '/api/rentals': '/api/rentals',
  '/api/widget/get': '/api/widget/get',
  '/api/setup-wizard/get': '/api/setup-wizard/get',
  '/api/customer/sessions': '/api/customer/sessions',
  '/api/orders/order': '/api/orders/order?order_number=iso-a-1&device_id=SharedDev1',
  '/api/orders': '/api/orders',
  '/api/admin/orders/{id}': '/api/admin/orders/{A_ORDER_ID}',
  // Opened only with a ticket (401 without one); another store's ticket is refused (orders/src/live-orders.test.ts).
  '/api/orders/live': `/api/orders/live?ticket=${'x'.repeat(32)}`,
  '/api/admin/email-campaigns': '/api/admin/email-campaigns',
  '/api/admin/email-campaigns/{id}': '/api/admin/email-campaigns/{A_CAMPAIGN_ID}',
  '/api/admin/fulfillment/payment-settings': '/api/admin/fulfillment/payment-settings',
  '/api/active-shipping-carriers': '/api/active-shipping-carriers',
  '/api/admin/fulfillment/getRecurringOrderOptIn': '/api/admin/fulfillment/getRecurringOrderOptIn',
  '/api/admin/recurringorders/executions': '/api/admin/recurringorders/executions?id={A_RECURRING_ID}',
  '/api/admin/customers': '/api/admin/customers',
  '/api/admin/customers/totalAccounts': '/api/admin/customers/totalAccounts',
  '/api/admin/customers/accountSettings': '/api/admin/customers/accountSettings',
  '/api/subscribers': '/api/subscribers',
  '/api/admin/ar-accounts': '/api/admin/ar-accounts',
  '/api/admin/ar-accounts/{id}': `/api/admin/ar-accounts/${AR_IDS.a}`,
  '/api/admin/orders/ar-account-search': '/api/admin/orders/ar-account-search',
  '/api/admin/offline-orders': '/api/admin/offline-orders?search=OFF-1001',
  '/api/admin/offline-orders/csv': '/api/admin/offline-orders/csv',
  '/api/admin/offline-orders/{id}': `/api/admin/offline-orders/${OFFLINE_IDS.a}`,
  '/api/admin/offline-orders/products': '/api/admin/offline-orders/products?location_id=1&search=drill',
  '/api/admin/offline-orders/rate-page': '/api/admin/offline-orders/rate-page',
  '/api/admin/customer/{id}/export': '/api/admin/customer/reader/export',
  '/api/about-us': '/api/about-us',
  '/api/business-about-us': '/api/business-about-us',
  '/api/store-information': '/api/store-information',
  '/api/home-banner': '/api/home-banner',
  '/api/widget-type/get': '/api/widget-type/get',
  '/api/track-visitor': '/api/track-visitor?device_id=SharedDev1',
};
const WRITES = ['/api/products/track', '/api/products/notify-back-in-stock', '/api/login', '/api/logout', '/api/track-search', '/api/search/click', '/api/products/get-recent', '/api/add-to-cart', '/api/calculate-taxes', '/api/assign-address', '/api/redeem-coupon', '/api/redeemed-coupons-status', '/api/promotions/redeem', '/api/widget/getProducts',
  '/api/shipping-quotes', '/api/select-shipping-quote', '/api/save-cart', '/api/update-current-cart',
  '/api/verify-otp', '/api/send-otp', '/api/check-email-phone-exists', '/api/send-magic-link', '/api/use-magic-link', '/api/forget-password', '/api/reset-password',
  '/api/login-by-token', '/api/signup', '/api/customer/name', '/api/customer/email', '/api/customer/password', '/api/customer/set-marketing', '/api/customer/phone/send-code', '/api/customer/phone', '/api/customer/set-sms', '/api/customer/delete', '/api/customer/logout-others', '/api/customer/sessions/end',
  '/api/verify-password', '/api/mfa/setup', '/api/mfa/setup-complete', '/api/mfa/disable', '/api/mfa/submit', '/api/save-customer-stores',
  '/api/customer-cards/add', '/api/customer-cards/delete', '/api/rental-form-submit', '/api/newsletter/subscribe',
  '/api/wizard-unsubscribe', '/api/landing-page-auto-update-opt-out', '/api/truevalue/rewards-signup', '/api/truevalue/rewards-lookup', '/api/about-us/save',
  '/api/admin/widget/update', '/api/admin/widget/save', '/api/admin/widget/delete',
  '/api/sub-accounts/create', '/api/sub-accounts/update', '/api/sub-accounts/change-password', '/api/sub-accounts/delete',
  '/api/admin/settings/update', '/api/customer/orders/submit', '/api/admin/orders/order-taken', '/api/admin/orders/markPrepared', '/api/admin/orders/markComplete', '/api/admin/orders/cancel', '/api/admin/orders/{id}/email', '/api/admin/orders/{id}/note', '/api/setup-wizard/mark-item-started', '/api/setup-wizard/mark-item-completed', '/api/setup-wizard/acknowledge',
  '/api/admin/email-campaigns', '/api/admin/email-campaigns/{id}', '/api/admin/email-campaigns/{id}/test', '/api/admin/email-campaigns/{id}/send', '/api/unsubscribe',
  '/api/admin/fulfillment/payment-settings', '/api/customer/orders/callback/{id}', '/api/payments/webhook/stripe', '/api/orders/reorder', '/api/orders/validate-info',
  '/api/admin/orders/cancelItem/{itemId}', '/api/admin/orders/makeItemSpecial/{itemId}',
  '/api/admin/orders/{id}/prepareStep/{step}', '/api/admin/orders/updateDeliveryDate', '/api/admin/orders/{id}/location',
  '/api/admin/orders/live/ticket',
  '/api/customer/orders/validate-address', '/api/customer/orders/prepayment', '/api/get-fiserv-hash',
  '/api/recurring-order-dates', '/api/get-recurring-orders', '/api/cancel-recurring-order', '/api/cancel-all-recurring-orders', '/api/admin/fulfillment/saveRecurringOrderOptIn',
  '/api/admin/recurringorders', '/api/admin/recurringorders/cancel', '/api/admin/recurringorders/cancel-execution',
  '/api/admin/customer/{id}', '/api/admin/ar-accounts', '/api/admin/ar-accounts/{id}', '/api/admin/ar-accounts/{id}/payments', '/api/admin/ar-accounts/{id}/customers/remove', '/api/admin/orders/assign-ar-account'];
const REPLACES = ['/api/admin/search-synonyms'];
WRITES.push('/api/admin/offline-orders', '/api/admin/offline-orders/rate-page', '/api/admin/customer/{id}/delete');
WRITES.push('/api/admin/shipping/addCarrier', '/api/admin/shipping/deleteCarrier', '/api/admin/shipping/validateAddress', '/api/admin/shipping/insurance-rate',
  '/api/admin/shipping/{id}/quotes', '/api/admin/shipping/{id}/buy', '/api/admin/shipping/{id}/refund');
const DELETES = ['/api/products/notify-back-in-stock', '/api/remove-cart-item', '/api/remove-coupon', '/api/saved-cart', '/api/admin/email-campaigns/{id}', '/api/admin/orders/{id}/note', '/api/admin/ar-accounts/{id}'];
// In-store pings (the status and stats reads are in READS).
WRITES.push('/api/save-in-store-ping', '/api/in-store-ping-non-customer-info', '/api/cancel-in-store-ping');
WRITES.push('/api/admin/check-fingerprint', '/api/admin/verify-fraud-detection');
WRITES.push('/api/payments/webhook/adyen', '/api/payments/webhook/authorize_net', '/api/payments/webhook/fiserv', '/api/payments/fiserv/return');
// A shopper changes a recurring order (another store's answers 404: services/orders recurring-changes.test.ts), and the store changes one for its customer (below).
WRITES.push('/api/update-recurring-order', '/api/recurring-order-shipping-quotes', '/api/admin/recurringorders/update', '/api/admin/recurringorders/shipping-quotes');
WRITES.push('/api/recurring-order-products', '/api/admin/recurringorders/products');
/** Routes for a shopper's own things, which a store account is refused (403). */
const SHOPPER_ONLY = new Set(['/api/customer-cards']);
/** Answers that carry no tenant data at all (flags, or lists empty here), so they cannot show tenant A's marker either. */
const WITHOUT_TENANT_TEXT = new Set(['/api/admin/orders/completed', '/api/admin/orders/cancelled', '/api/admin/orders/{id}/notes', '/api/departments', '/api/full-departments', '/api/get-all-departments', '/api/brands/get-filter', '/api/empty-cart', '/api/check-active-coupons', '/api/shipping-quote', '/api/cart-preferences', '/api/orders-saved', '/api/mfa/load', '/api/store-distance/{id}', '/api/customer-cards', '/api/setup-wizard/get', '/api/customer/sessions',
  // Neither store ships here: no carriers.
  '/api/active-shipping-carriers',
  // The platform's carriers: the same list for every store.
  '/api/admin/shipping/getAvailableCarriers',
  // A flag.
  '/api/admin/fulfillment/getRecurringOrderOptIn',
  // Two counts.
  '/api/admin/customers/totalAccounts',
  // Two flags and the account-number field's words (the defaults here).
  '/api/admin/customers/accountSettings',
  // The staff's own rating of the page and their average.
  '/api/admin/offline-orders/rate-page',
  // The platform's kinds of home page section; the spec's {res: 1}.
  '/api/widget-type/get', '/api/track-visitor',
  // Whether this browser or account pinged (no); pings per item (none here).
  '/api/get-in-store-ping-status', '/api/admin/stats/inStorePingItems',
  // The paint brand's colour card is the same for every paint store.
  '/api/paints/families', '/api/paints/collections', '/api/paints/colors', '/api/pages']);

/**
 * Supplier drop-ship (Do it Best, Emery, against their local stand-ins): both stores connect them; the RSCs and
 * services are the supplier's, the same for every store. Sending needs a shipping order of the store's own (404 for
 * another's, below).
 */
let doitbest: DropShipStandIn;
let emery: DropShipStandIn;
Object.assign(READS, {
  '/api/admin/orders/rscOptions': '/api/admin/orders/rscOptions',
  '/api/admin/orders/doitbest/shippingServices': '/api/admin/orders/doitbest/shippingServices',
  '/api/admin/orders/emery/shippingServices': '/api/admin/orders/emery/shippingServices',
});
WRITES.push('/api/admin/orders/{id}/doitbest/prepare', '/api/admin/orders/{id}/doitbest/send', '/api/admin/orders/{id}/emery/prepare', '/api/admin/orders/{id}/emery/send',
  '/api/admin/orders/{id}/doitbest/item-number', '/api/admin/orders/{id}/emery/item-number');
for (const route of ['/api/admin/orders/rscOptions', '/api/admin/orders/doitbest/shippingServices', '/api/admin/orders/emery/shippingServices']) WITHOUT_TENANT_TEXT.add(route);
/** The owner's browse settings, home banner, About us story, search and sharing, social links and department aliases (issue 29). */
Object.assign(READS, {
  '/api/admin/home-banner': '/api/admin/home-banner',
  '/api/admin/store-information': '/api/admin/store-information',
  '/api/v1/admin/department/prev-aliases': '/api/v1/admin/department/prev-aliases',
});
// Nothing set: empty fields.
WITHOUT_TENANT_TEXT.add('/api/admin/store-information');
WRITES.push('/api/admin/settings/browse', '/api/admin/settings/cart', '/api/admin/settings/hash-routing-hosts', '/api/home-banner/update', '/api/about-us/story', '/api/store-information/update', '/api/store-information/delete-og-image', '/api/social/update',
  '/api/v1/admin/department/add-alias', '/api/v1/admin/department/remove-alias', '/api/admin/customers/accountSettings');
/** The owner's featured products (spec 3 /admin/featured); both stores feature their 1001. */
READS['/api/admin/favourite-products'] = '/api/admin/favourite-products';
// The store's locations to feature at, by name ('iso-a store 1').
READS['/api/admin/favourite-products/stores'] = '/api/admin/favourite-products/stores';
// The signed-in shopper's AR account for Charge to account at checkout; the store's own token has none (nothing to show).
READS['/api/customer/ar-account'] = '/api/customer/ar-account';
WITHOUT_TENANT_TEXT.add('/api/customer/ar-account');
// The owner's partner list: numbers only (no partner listed at either store).
READS['/api/admin/settings/partner-businesses'] = '/api/admin/settings/partner-businesses';
WITHOUT_TENANT_TEXT.add('/api/admin/settings/partner-businesses');
WRITES.push('/api/admin/settings/partner-businesses');
WRITES.push('/api/admin/favourite-products/search', '/api/admin/favourite-products/add', '/api/admin/favourite-products/remove', '/api/admin/favourite-products/reorder',
  '/api/admin/favourite-products/update');
/** The owner's Brands settings (spec 3 brands-settings); both stores have brands 1 to 3. */
WRITES.push('/api/admin/brands/get-business-brands', '/api/admin/brands/set-brand-hidden', '/api/admin/brands/set-all-brands-hidden', '/api/admin/brands/add-brand-alias',
  '/api/admin/brands/remove-brand-alias', '/api/admin/brands/update-brand-img', '/api/admin/brands/hide-brand-products', '/api/admin/brands/update-brand',
  '/api/admin/brands/update-all-brands', '/api/admin/brands/hide-brands-nav', '/api/admin/brands/set-brands-show-logo', '/api/admin/brands/set-brands-filter');
/** The owner's department settings (spec 3 v1/admin/department/*): both stores have departments 1 to 5; the settings carry no store text. */
READS['/api/v1/admin/department/department-settings'] = '/api/v1/admin/department/department-settings?dept_id=2';
WITHOUT_TENANT_TEXT.add('/api/v1/admin/department/department-settings');
WRITES.push('/api/v1/admin/department/save-department-settings');
/** The testimonials card editor (Home Page Sections): both stores have a testimonials section 3. */
READS['/api/admin/widget/testimonials/{id}'] = '/api/admin/widget/testimonials/3';
WRITES.push('/api/admin/widget/create', '/api/admin/widget/testimonials');
/** The admin coupon calls (services/cart coupon-admin): each store's coupon is named for it. */
READS['/api/coupons-admin'] = '/api/coupons-admin';
WRITES.push('/api/add-coupon', '/api/update-coupon', '/api/deactivate-coupon');
beforeAll(async () => {
  [doitbest, emery] = [await startDoItBestStandIn(), await startEmeryStandIn()];
  process.env.DOITBEST_API_URL = doitbest.url;
  process.env.EMERY_API_URL = emery.url;
});

beforeAll(async () => {
  easypost = await startEasyPostStandIn();
  process.env.EASYPOST_API_URL = easypost.url;
  harness = await createTestApp(allServices, 'isolation');
  await seedTenant('a');
  await seedTenant('b');
});
afterAll(async () => {
  delete process.env.EASYPOST_API_URL;
  await easypost?.close();
  await harness?.close();
});
beforeAll(async () => {
  for (const key of ['a', 'b'] as const) {
    for (const carrier of ['doitbest', 'emery']) {
      const connected = await harness.app.inject({ method: 'POST', url: '/api/admin/shipping/addCarrier', headers: { 'business-slug': `iso-${key}`, authorization: `Bearer ${tenants[key].token}` }, payload: { carrier, credentials: { account_number: `iso-${key}-1`, api_key: `iso-${key}-drop-ship-key` } } });
      expect(connected.statusCode).toBe(200);
    }
  }
});
afterAll(async () => {
  delete process.env.DOITBEST_API_URL;
  delete process.env.EMERY_API_URL;
  await Promise.all([doitbest?.close(), emery?.close()]);
});
/** An image each store uploaded (About Us): a PNG's first bytes, then words naming the store. */
const PNG_START = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IMAGE_IDS = { a: new mongoose.Types.ObjectId().toString(), b: new mongoose.Types.ObjectId().toString() };
beforeAll(async () => {
  for (const key of ['a', 'b'] as const) {
    await UploadedImage.create({ _id: IMAGE_IDS[key], tenantId: tenants[key].id, contentType: 'image/png', name: `iso-${key}.png`, size: 20, data: Buffer.concat([PNG_START, Buffer.from(`iso-${key} photo`)]), uploadedAt: new Date() });
  }
});
READS['/api/about-us/images/{id}/{name}'] = `/api/about-us/images/${IMAGE_IDS.a}/iso-a.png`;
READS['/api/about-us/images/{id}/thumbnail/{name}'] = `/api/about-us/images/${IMAGE_IDS.a}/thumbnail/iso-a.png`;
WRITES.push('/api/about-us/upload', '/api/admin/upload-image-from-url');

describe('tenant isolation across every route', () => {
  it('covers every documented route', () => {
    const documented = Object.entries((harness.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const covered = [...Object.keys(READS).map((p) => `GET ${p}`), ...WRITES.map((p) => `POST ${p}`), ...REPLACES.map((p) => `PUT ${p}`), ...DELETES.map((p) => `DELETE ${p}`)];
    expect(documented.sort()).toEqual(covered.sort());
  });

  for (const [route, url] of Object.entries(READS)) {
    it(`GET ${route} as tenant A shows only tenant A's data`, async () => {
      for (const auth of [{}, { authorization: `Bearer ${tenants.a.token}` }]) {
        for (const pick of [{ 'business-slug': 'iso-a' }, { host: 'shop.iso-a.test' }]) {
          const res = await harness.app.inject({ url: url.replace('{A_BUSINESS_ID}', String(tenants.a.businessId)).replace('{A_ORDER_ID}', tenants.a.orderId).replace('{A_CAMPAIGN_ID}', tenants.a.campaignId).replace('{A_RECURRING_ID}', tenants.a.recurringId), headers: { ...pick, ...auth } });
          if (res.statusCode === 401) continue; // admin route called as a guest
          if (res.statusCode === 403 && SHOPPER_ONLY.has(route)) continue; // a shopper's own route called with the store's token
          expect(res.statusCode, `${url} ${JSON.stringify(pick)}`).toBe(200);
          expect(res.body).not.toContain('iso-b');
          expect(res.body).not.toContain(tenants.b.id);
          if (!WITHOUT_TENANT_TEXT.has(route)) expect(res.body).toContain('iso-a');
        }
      }
    });
  }

  it("tenant A's token is refused at tenant B", async () => {
    const res = await harness.app.inject({ url: '/api/admin/orders/outstanding', headers: { 'business-slug': 'iso-b', authorization: `Bearer ${tenants.a.token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('writes through tenant A never change tenant B', async () => {
    await harness.app.inject({ method: 'POST', url: '/api/products/track', headers: { 'business-slug': 'iso-a' }, payload: { sku: '1001' } });
    const bad = await harness.app.inject({ method: 'POST', url: '/api/login', headers: { 'business-slug': 'iso-a' }, payload: { email: 'nobody@shared.test', password: PASSWORD } });
    expect(bad.statusCode).toBe(422);
    // Logging out at A with B's token must not revoke it at B.
    await harness.app.inject({ method: 'POST', url: `/api/logout?access_token=${tenants.b.token}`, headers: { 'business-slug': 'iso-a' } });
    const stillIn = await harness.app.inject({ url: '/api/admin/orders/outstanding', headers: { 'business-slug': 'iso-b', authorization: `Bearer ${tenants.b.token}` } });
    expect(stillIn.statusCode).toBe(200);
    // Ending B's session by its id through A finds nothing there.
    const bSessions = (await harness.app.inject({ url: '/api/customer/sessions', headers: { 'business-slug': 'iso-b', authorization: `Bearer ${tenants.b.token}` } })).json().data as { id: string }[];
    const endAtA = await harness.app.inject({ method: 'POST', url: '/api/customer/sessions/end', headers: { 'business-slug': 'iso-a', authorization: `Bearer ${tenants.a.token}` }, payload: { id: bSessions[0].id } });
    expect(endAtA.statusCode).toBe(404);
    expect((await harness.app.inject({ url: '/api/admin/orders/outstanding', headers: { 'business-slug': 'iso-b', authorization: `Bearer ${tenants.b.token}` } })).statusCode).toBe(200);
    await harness.app.inject({ method: 'POST', url: '/api/track-search', headers: { 'business-slug': 'iso-a' }, payload: { search: 'shared term' } });
    const synonyms = await harness.app.inject({
      method: 'PUT', url: '/api/admin/search-synonyms', headers: { 'business-slug': 'iso-a', authorization: `Bearer ${tenants.a.token}` }, payload: { groups: [['one', 'two']] },
    });
    expect(synonyms.statusCode).toBe(200);
    // A's store information for location 1 (B has a location 1 too) changes only A's.
    const bPhone = (await Location.findOne({ tenantId: tenants.b.id, locationId: 1 }).lean() as { phone: string }).phone;
    const about = await harness.app.inject({
      method: 'POST', url: '/api/about-us/save', headers: { 'business-slug': 'iso-a', authorization: `Bearer ${tenants.a.token}` },
      payload: { contact_email: 'new-a@shared.test', locations: [{ id: 1, phone: '(503) 555-0199', hours: {} }] },
    });
    expect(about.statusCode, about.body).toBe(200);
    expect((await Location.findOne({ tenantId: tenants.b.id, locationId: 1 }).lean() as { phone: string }).phone).toBe(bPhone);
    expect((await StoreProfile.findOne({ tenantId: tenants.b.id }).lean() as { business: { contact_email: string } }).business.contact_email).toBe('iso-b@shared.test');
    // A's widget edits by id (B has widgets 1 and 2 too) leave B's home page as it was.
    for (const [url, payload] of [['update', { id: 1, hidden: true }], ['save', { area: 1, ids: [1] }], ['delete', { id: 1 }]] as const) {
      const res = await harness.app.inject({ method: 'POST', url: `/api/admin/widget/${url}`, headers: { 'business-slug': 'iso-a', authorization: `Bearer ${tenants.a.token}` }, payload });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    const saidAtA = await harness.app.inject({
      method: 'POST', url: '/api/admin/widget/testimonials', headers: { 'business-slug': 'iso-a', authorization: `Bearer ${tenants.a.token}` },
      payload: { id: 3, title: 'A only', testimonials: [] },
    });
    expect(saidAtA.statusCode, saidAtA.body).toBe(200);
    expect((await HomepageWidgetModel.find({ tenantId: tenants.b.id }).sort({ widgetId: 1 }).lean() as { widgetId: number; hidden: boolean }[]).map((w) => [w.widgetId, w.hidden])).toEqual([[1, false], [2, false], [3, false]]);
    expect((await HomepageWidgetModel.findOne({ tenantId: tenants.b.id, widgetId: 3 }).lean() as { value: { testimonials: unknown[] } }).value.testimonials).toHaveLength(1);
    // Removing A's sub-account 'staff' (B has a 'staff' too) leaves B's: later changes at A find no 'staff', a new one is A's.
    const staffAt = (id: string) => inBackground('test: check the database', () => Customer.findOne({ tenantId: id, slug: 'staff' }).lean()) as Promise<{ permissions: string[]; passwordHash: string } | null>;
    const bStaff = await staffAt(tenants.b.id);
    const headersA = { 'business-slug': 'iso-a', authorization: `Bearer ${tenants.a.token}` };
    await harness.app.inject({ method: 'POST', url: '/api/sub-accounts/delete', headers: headersA, payload: { slug: 'staff' } });
    for (const [url, payload] of [['update', { slug: 'staff', first_name: 'X', last_name: 'Y', email: 'staff@shared.test', permissions: [] }], ['change-password', { slug: 'staff', password: 'Other-Pass-1', c_password: 'Other-Pass-1' }]] as const) {
      expect((await harness.app.inject({ method: 'POST', url: `/api/sub-accounts/${url}`, headers: headersA, payload })).statusCode, url).toBe(404);
    }
    expect(await staffAt(tenants.b.id)).toMatchObject({ permissions: bStaff!.permissions, passwordHash: bStaff!.passwordHash });
    const created = await harness.app.inject({ method: 'POST', url: '/api/sub-accounts/create', headers: headersA, payload: { first_name: 'New', last_name: 'Staff', email: 'staff@shared.test', password: 'Other-Pass-1', c_password: 'Other-Pass-1', permissions: [] } });
    expect(created.statusCode, created.body).toBe(200);
    // A's selling options and wizard progress are A's alone.
    const bBusiness = (await StoreProfile.findOne({ tenantId: tenants.b.id }).lean() as { business: object }).business;
    const options = await harness.app.inject({ method: 'POST', url: '/api/admin/settings/update', headers: headersA, payload: { shipping_enabled: true, tax_rates: [{ location_id: 1, rate: '9' }] } });
    expect(options.statusCode, options.body).toBe(200);
    for (const url of ['mark-item-started', 'mark-item-completed']) {
      expect((await harness.app.inject({ method: 'POST', url: `/api/setup-wizard/${url}`, headers: headersA, payload: { slug: 'tax-rate' } })).statusCode, url).toBe(200);
    }
    expect((await StoreProfile.findOne({ tenantId: tenants.b.id }).lean() as { business: object }).business).toEqual(bBusiness);
    // A's payment settings (pay at the store from now on) leave B taking cards with its own keys.
    const bPayment = (await StoreProfile.findOne({ tenantId: tenants.b.id }).lean() as { payment: object }).payment;
    const payment = await harness.app.inject({ method: 'POST', url: '/api/admin/fulfillment/payment-settings', headers: headersA, payload: { payment_provider: null } });
    expect(payment.statusCode, payment.body).toBe(200);
    expect(payment.body).not.toContain('iso-b');
    expect((await StoreProfile.findOne({ tenantId: tenants.b.id }).lean() as { payment: object }).payment).toEqual(bPayment);
    const bWizard = await harness.app.inject({ url: '/api/setup-wizard/get', headers: { 'business-slug': 'iso-b', authorization: `Bearer ${tenants.b.token}` } });
    expect(bWizard.json().data.is_wizard_begin).toBe(false);
    // Cart writes at A with B's device id and store product ids touch only A's carts.
    const added = await harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: { 'business-slug': 'iso-a' }, payload: { store_product_id: 21, quantity: 2, device_id: 'SharedDev1' } });
    expect(added.statusCode).toBe(200);
    await harness.app.inject({ method: 'DELETE', url: '/api/remove-cart-item?store_product_id=11&identity=SharedDev1', headers: { 'business-slug': 'iso-a' } });
    const carts = new CartStore(harness.resources.redis, harness.resources.queuePrefix);
    expect((await carts.get(tenants.b.id, { customerSlug: null, deviceId: 'SharedDev1' }))?.items).toEqual([expect.objectContaining({ storeProductId: 11, quantity: 1 })]);
    // An account of tenant B does not exist at A, and A's sign-up of the same e-mail leaves B's account alone.
    await Customer.create({ tenantId: tenants.b.id, slug: 'only-b', email: 'only-b@shared.test', passwordHash: await hashPassword(PASSWORD) });
    const exists = await harness.app.inject({ method: 'POST', url: '/api/check-email-phone-exists', headers: { 'business-slug': 'iso-a' }, payload: { email: 'only-b@shared.test' } });
    expect(exists.json().exists).toBe(false);
    const signup = await harness.app.inject({ method: 'POST', url: '/api/signup', headers: { 'business-slug': 'iso-a' }, payload: {
      first_name: 'A', last_name: 'Person', telephone: '5035550100', email: 'only-b@shared.test', password: 'Secret-Pass-1', c_password: 'Secret-Pass-1',
    } });
    expect(signup.statusCode).toBe(200);
    expect(await inBackground('test: check the database', () => Customer.countDocuments({ tenantId: tenants.b.id, email: 'only-b@shared.test', firstName: '' }))).toBe(1);
    // B's shoppers are not listed, found or opened through A; 'reader' is a slug at both stores, and A's is A's own.
    expect((await harness.app.inject({ method: 'POST', url: '/api/admin/customer/only-b', headers: headersA })).statusCode).toBe(404);
    const readerAtA = await harness.app.inject({ method: 'POST', url: '/api/admin/customer/reader', headers: headersA });
    expect(readerAtA.statusCode, readerAtA.body).toBe(200);
    expect(readerAtA.body).toContain('iso-a reader');
    expect(readerAtA.body).not.toContain('iso-b');
    const foundAtA = (await harness.app.inject({ url: '/api/admin/customers?search=reader', headers: headersA })).json() as { data: { first_name: string }[] };
    expect(foundAtA.data.map((c) => c.first_name)).toEqual(['iso-a reader']);
    expect((await harness.app.inject({ url: '/api/admin/customers?search=iso-b', headers: headersA })).json().total).toBe(0);
    // Tenant B's promo code means nothing at A.
    const foreign = await harness.app.inject({ method: 'POST', url: '/api/redeem-coupon', headers: { 'business-slug': 'iso-a' }, payload: { coupon: 'ISO-B-CODE', device_id: 'SharedDev1' } });
    expect(foreign.json().message).toBe('This promo code is not valid.');
    const foreignPromotion = await harness.app.inject({ method: 'POST', url: '/api/promotions/redeem', headers: { 'business-slug': 'iso-a' }, payload: { slug: 'iso-b-deal', device_id: 'SharedDev1' } });
    expect(foreignPromotion.statusCode).toBe(422);
    const row = await harness.app.inject({ method: 'POST', url: '/api/widget/getProducts', headers: { 'business-slug': 'iso-a' }, payload: { skus: ['1001', '1002'] } });
    expect(row.body).toContain('iso-a');
    expect(row.body).not.toContain('iso-b');
    // B's order cannot be moved on through A, whatever the action.
    for (const [url, payload] of [['order-taken', {}], ['markPrepared', {}], ['markComplete', {}], ['cancel', { reason: 'through A' }]] as const) {
      const res = await harness.app.inject({ method: 'POST', url: `/api/admin/orders/${url}`, headers: headersA, payload: { id: tenants.b.orderId, ...payload } });
      expect(res.statusCode, url).toBe(404);
    }
    const mailB = await harness.app.inject({ method: 'POST', url: `/api/admin/orders/${tenants.b.orderId}/email`, headers: headersA, payload: { subject: 'through A', body: 'x' } });
    expect(mailB.statusCode).toBe(404);
    for (const [method, url, payload] of [['GET', 'notes', undefined], ['POST', 'note', { note: 'through A' }], ['DELETE', 'note?id=any', undefined]] as const) {
      expect((await harness.app.inject({ method, url: `/api/admin/orders/${tenants.b.orderId}/${url}`, headers: headersA, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url}`).toBe(404);
    }
    // Nor its preparing step, expected day or location.
    for (const [method, url, payload] of [['POST', 'prepareStep/picking', {}], ['GET', 'location', undefined], ['POST', 'location', { location_id: 2 }]] as const) {
      expect((await harness.app.inject({ method, url: `/api/admin/orders/${tenants.b.orderId}/${url}`, headers: headersA, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await harness.app.inject({ method: 'POST', url: '/api/admin/orders/updateDeliveryDate', headers: headersA, payload: { id: tenants.b.orderId, delivery_date: '2099-01-01' } })).statusCode).toBe(404);
    // B's order is not settled through A's payment return or A's webhook (B's secret does not verify at A either).
    for (const change of ['cancelItem', 'makeItemSpecial']) {
      expect((await harness.app.inject({ method: 'POST', url: `/api/admin/orders/${change}/${tenants.b.orderId}.0`, headers: headersA, payload: { qty: 1 } })).statusCode, change).toBe(404);
    }
    const returned = await harness.app.inject({ method: 'POST', url: `/api/customer/orders/callback/${tenants.b.orderId}`, headers: { 'business-slug': 'iso-a' }, payload: { device_id: 'SharedDev1' } });
    expect(returned.statusCode).toBe(404);
    const hook = await harness.app.inject({ method: 'POST', url: '/api/payments/webhook/stripe', headers: { 'business-slug': 'iso-a', 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: JSON.stringify({ id: 'evt_iso', type: 'payment_intent.succeeded', data: { object: { id: 'pi_iso', metadata: { order_id: tenants.b.orderId } } } }) });
    expect(hook.statusCode).toBe(400);
    // Nor through the other providers' webhooks or Fiserv Connect's return (A takes no cards through them).
    const formOfB = new URLSearchParams({ oid: tenants.b.orderId, approval_code: 'Y:1', txndatetime: '2026:01:01-00:00:00', chargetotal: '1.00', currency: '840', storename: '1', notification_hash: 'AA==' }).toString();
    for (const [url, type, payload] of [
      ['/api/payments/webhook/adyen', 'application/json', JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: { merchantReference: tenants.b.orderId, eventCode: 'AUTHORISATION', success: 'true' } }] })],
      ['/api/payments/webhook/authorize_net', 'application/json', JSON.stringify({ notificationId: 'n-iso', eventType: 'net.authorize.payment.authcapture.created', payload: { id: '1', entityName: 'transaction' } })],
      ['/api/payments/webhook/fiserv', 'application/x-www-form-urlencoded', formOfB],
      ['/api/payments/fiserv/return', 'application/x-www-form-urlencoded', formOfB],
    ] as const) {
      expect((await harness.app.inject({ method: 'POST', url, headers: { 'business-slug': 'iso-a', 'content-type': type }, payload })).statusCode, url).toBe(400);
    }
    expect((await Order.findOne({ tenantId: tenants.b.id, _id: tenants.b.orderId }).lean() as { status: string }).status).toBe('placed');
    // B's recurring order is not found through A (neither cancelled, skipped, changed nor quoted), nor listed there.
    for (const [url, payload] of [['admin/recurringorders/cancel', { id: tenants.b.recurringId }], ['admin/recurringorders/cancel-execution', { id: tenants.b.recurringId, date: '2030-01-01' }],
      ['admin/recurringorders/update', { id: tenants.b.recurringId, frequency: 'monthly', items: [{ store_product_id: 21, quantity: 2 }] }], ['admin/recurringorders/shipping-quotes', { id: tenants.b.recurringId }],
      ['admin/recurringorders/products', { id: tenants.b.recurringId, search: 'hammer' }]] as const) {
      expect((await harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: headersA, payload })).statusCode, url).toBe(404);
    }
    expect((await harness.app.inject({ url: `/api/admin/recurringorders/executions?id=${tenants.b.recurringId}`, headers: headersA })).statusCode).toBe(404);
    const recurringAtA = await harness.app.inject({ method: 'POST', url: '/api/admin/recurringorders', headers: headersA, payload: { status: 'all' } });
    expect(recurringAtA.json().total).toBe(1);
    expect(recurringAtA.body).not.toContain('iso-b');
    expect(await RecurringOrder.findOne({ tenantId: tenants.b.id, _id: tenants.b.recurringId }).lean()).toMatchObject({ status: 'active', frequency: 'weekly', items: [{ quantity: 1 }], changes: [] });
    // B's AR account (same number as A's) cannot be read, changed, paid, emptied, deleted or charged through A; A's search never lists it.
    const arB = `/api/admin/ar-accounts/${AR_IDS.b}`;
    for (const [method, url, payload] of [['GET', arB, undefined], ['POST', arB, { number: 'AR-1', name: 'through A', credit_limit: '1' }], ['POST', `${arB}/payments`, { amount: '1' }],
      ['POST', `${arB}/customers/remove`, { customer_id: 'reader' }], ['DELETE', arB, undefined],
      ['POST', '/api/admin/orders/assign-ar-account', { orderId: tenants.a.orderId, accountId: AR_IDS.b }], ['POST', '/api/admin/orders/assign-ar-account', { orderId: tenants.b.orderId, accountId: AR_IDS.a }],
      ['POST', '/api/admin/orders/assign-ar-account', { customerId: 'only-b', accountId: AR_IDS.a }]] as const) {
      expect((await harness.app.inject({ method, url, headers: headersA, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(404);
    }
    expect(await ArAccountModel.findOne({ tenantId: tenants.b.id, _id: AR_IDS.b }).lean()).toMatchObject({ name: 'iso-b builders', creditLimitCents: 100_000, customers: [expect.objectContaining({ id: 'reader' })] });
    expect((await Order.findOne({ tenantId: tenants.b.id, _id: tenants.b.orderId }).lean() as { arAccount: unknown }).arAccount).toBeNull();
    // B's e-mail campaign cannot be read, changed, tested, sent or deleted through A; B's unsubscribe link means nothing at A.
    const campaignB = `/api/admin/email-campaigns/${tenants.b.campaignId}`;
    for (const [method, url, payload] of [['GET', campaignB, undefined], ['POST', campaignB, { subject: 'through A', body: 'x' }], ['POST', `${campaignB}/test`, { to: 'a@shared.test' }],
      ['POST', `${campaignB}/send`, { audience: 1 }], ['DELETE', campaignB, undefined]] as const) {
      expect((await harness.app.inject({ method, url, headers: headersA, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await EmailCampaign.findOne({ tenantId: tenants.b.id, _id: tenants.b.campaignId }).lean()).toMatchObject({ subject: 'iso-b spring sale', status: 'draft' });
    expect((await harness.app.inject({ method: 'POST', url: '/api/unsubscribe', headers: { 'business-slug': 'iso-a' }, payload: { token: 'shared-unsubscribe' } })).statusCode).toBe(200);
    expect(await inBackground('test: check the database', () => Customer.findOne({ tenantId: tenants.a.id, slug: 'reader' }).lean())).toMatchObject({ receiveMarketing: false });
    expect(await inBackground('test: check the database', () => Customer.findOne({ tenantId: tenants.b.id, slug: 'reader' }).lean())).toMatchObject({ receiveMarketing: true });
    // An order placed at A by the device both stores know takes A's stock and empties A's cart only.
    const bStock = await inBackground('test: check the database', () => StoreProduct.find({ tenantId: tenants.b.id }).sort({ storeProductId: 1 }).lean());
    const order = await harness.app.inject({ method: 'POST', url: '/api/customer/orders/submit', headers: { 'business-slug': 'iso-a' }, payload: {
      device_id: 'SharedDev1', order_type: 0, first_name: 'A', last_name: 'Person', email: 'a@shared.test', telephone: '5035550100', payment_method: 'pay_at_store',
    } });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.body).not.toContain('iso-b');
    expect(await inBackground('test: check the database', () => StoreProduct.find({ tenantId: tenants.b.id }).sort({ storeProductId: 1 }).lean())).toEqual(bStock);
    expect((await carts.get(tenants.b.id, { customerSlug: null, deviceId: 'SharedDev1' }))?.items).toHaveLength(1);
    expect(await inBackground('test: check the database', () => Order.countDocuments({ tenantId: tenants.b.id }))).toBe(2);
    // A rental request at A for B's rental id is about A's rental, and B keeps no request.
    const rental = await harness.app.inject({ method: 'POST', url: '/api/rental-form-submit', headers: { 'business-slug': 'iso-a' }, payload: {
      first_name: 'A', last_name: 'Person', email: 'a@shared.test', phone: '5035550100', location_id: 1, rental_id: 1, start_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), end_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    } });
    expect(rental.statusCode, rental.body).toBe(200);
    expect(await inBackground('test: check the database', () => RentalRequest.findOne({ tenantId: tenants.a.id }).lean())).toMatchObject({ item: 'iso-a tile saw' });
    expect(await inBackground('test: check the database', () => RentalRequest.countDocuments({ tenantId: tenants.b.id }))).toBe(0);
    expect((await SearchSynonyms.findOne({ tenantId: tenants.b.id }).lean() as { groups: { words: string[] }[] }).groups).toEqual([{ words: ['iso-b-sofa', 'iso-b-couch'] }]);
    const jobs = [
      ...await harness.resources.queues.productViews.getJobs(['waiting', 'delayed', 'active', 'completed']),
      ...await harness.resources.queues.searchEvents.getJobs(['waiting', 'delayed', 'active', 'completed']),
    ];
    expect(jobs.length).toBeGreaterThan(1);
    expect(jobs.every((job) => job.data.tenantId === tenants.a.id)).toBe(true);
    expect((await inBackground('test: check the database', () => ProductStat.findOne({ tenantId: tenants.b.id, sku: '1001' }).lean()) as { views: number }).views).toBe(5);
  });
});

describe('supplier drop-ship across stores', () => {
  it("never prepares or sends another store's order, nor shows another store's supplier accounts", async () => {
    const asA = { 'business-slug': 'iso-a', authorization: `Bearer ${tenants.a.token}` };
    for (const [url, payload] of [
      [`doitbest/prepare`, { rsc: 'MED' }], [`doitbest/send`, { rsc: 'MED', shipping_service: 'UPS_GND' }], [`emery/prepare`, {}], [`emery/send`, { shipping_service: 'UPSG' }],
    ] as const) {
      const res = await harness.app.inject({ method: 'POST', url: `/api/admin/orders/${tenants.b.orderId}/${url}`, headers: asA, payload });
      expect(res.statusCode, url).toBe(404);
    }
    const carriers = await harness.app.inject({ url: '/api/admin/shipping/getCarriers', headers: asA });
    expect(carriers.json().data.filter((c: { account_number?: string }) => c.account_number).map((c: { account_number: string }) => c.account_number)).toEqual(['iso-a-1', 'iso-a-1']);
    expect(doitbest.orders.size + emery.orders.size).toBe(0);
  });
});

describe('uploaded images across stores', () => {
  it("A's address never serves B's image; A's upload is served at A only; A removing a sharing image that names B's leaves it", async () => {
    const asA = { 'business-slug': 'iso-a', authorization: `Bearer ${tenants.a.token}` };
    const bImage = `/api/about-us/images/${IMAGE_IDS.b}/iso-b.png`;
    for (const pick of [{ host: 'shop.iso-a.test' }, { 'business-slug': 'iso-a' }]) {
      expect((await harness.app.inject({ url: bImage, headers: pick })).statusCode, JSON.stringify(pick)).toBe(404);
      expect((await harness.app.inject({ url: `/api/about-us/images/${IMAGE_IDS.b}/thumbnail/iso-b.png`, headers: pick })).statusCode, JSON.stringify(pick)).toBe(404);
    }
    const form = await multipartBody([{ field: 'image', filename: 'a photo.png', type: 'image/png', data: Buffer.concat([PNG_START, Buffer.from('iso-a new photo')]) }]);
    const uploaded = await harness.app.inject({ method: 'POST', url: '/api/about-us/upload', headers: { ...asA, ...form.headers }, payload: form.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const path = new URL(uploaded.json().url).pathname;
    expect((await harness.app.inject({ url: path, headers: { host: 'shop.iso-a.test' } })).body).toContain('iso-a new photo');
    expect((await harness.app.inject({ url: path, headers: { host: 'shop.iso-b.test' } })).statusCode).toBe(404);
    for (const [url, payload] of [['store-information/update', { site_title: '', meta_description: '', og_image: `http://shop.iso-b.test${bImage}` }], ['store-information/delete-og-image', undefined]] as const) {
      expect((await harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: asA, ...(payload ? { payload } : {}) })).statusCode, url).toBe(200);
    }
    const stillThere = await harness.app.inject({ url: bImage, headers: { host: 'shop.iso-b.test' } });
    expect(stillThere.statusCode).toBe(200);
    expect(stillThere.body).toContain('iso-b photo');
  });
});

describe("an owner's store content across stores", () => {
  it("changes only the owner's own store: settings, account settings, banner, story, links and B's department aliases untouched", async () => {
    const asA = { 'business-slug': 'iso-a', authorization: `Bearer ${tenants.a.token}` };
    const bProfile = await StoreProfile.findOne({ tenantId: tenants.b.id }).lean() as { settings: object; content: object; business: object };
    for (const [url, payload] of [
      ['admin/settings/browse', { defaultSort: 'latest', filterShowOutOfStock: true, lowStockThreshold: 2 }],
      ['admin/settings/hash-routing-hosts', { hashRoutingHosts: ['a-only.example.com'] }],
      ['admin/settings/cart', { hideTax: true, taxDisclaimer: 'A only', allowSpecialOrderVendors: [7] }],
      ['home-banner/update', { enabled: true, text: 'A only', link: '', link_text: '', background: '' }],
      ['about-us/story', { title: 'A story', body: '<p>A</p>', images: [] }],
      ['store-information/update', { site_title: 'A title', meta_description: '', og_image: '' }],
      ['social/update', { facebook_link: 'https://facebook.com/a', twitter_link: '', instagram_link: '', pinterest_link: '', youtube_link: '', linkedin_link: '', tiktok_link: '' }],
      ['admin/customers/accountSettings', { hide_registration: true, sms_notifications_enabled: false, account_field_info: { label: 'A account', help: '' } }],
      ['admin/brands/hide-brands-nav', { hidden: true }], ['admin/brands/set-brands-show-logo', { show_logo: false }], ['admin/brands/set-brands-filter', { show: false }],
    ] as const) {
      const res = await harness.app.inject({ method: 'POST', url: `/api/${url}`, headers: asA, payload });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.body, url).not.toContain('iso-b');
    }
    const after = await StoreProfile.findOne({ tenantId: tenants.b.id }).lean() as typeof bProfile;
    expect([after.settings, after.content, after.business]).toEqual([bProfile.settings, bProfile.content, bProfile.business]);
    // B's alias on department 3 (mapping 31, as A's) is not A's to remove; A's own is.
    const removed = await harness.app.inject({ method: 'POST', url: '/api/v1/admin/department/remove-alias', headers: asA, payload: { id: 31, dept_id: 3 } });
    expect(removed.statusCode).toBe(200);
    const bTree = (await harness.app.inject({ url: '/api/get-department-hierarchy-with-alias', headers: { 'business-slug': 'iso-b' } })).body;
    expect(bTree).toContain('iso-b drill drivers');
  });
});

describe("an owner's featured products across stores", () => {
  it("changes only the owner's own list: B's featured products stay, and B's shoppers see them", async () => {
    const asA = { 'business-slug': 'iso-a', authorization: `Bearer ${tenants.a.token}` };
    const bFeatured = async () => ((await harness.app.inject({ url: '/api/favourite-products', headers: { 'business-slug': 'iso-b' } })).json().data as { title: string }[]).map((p) => p.title);
    expect(await bFeatured()).toEqual(['iso-b Cordless Drill']);
    for (const [url, payload] of [['add', { upc: '1002' }], ['reorder', { upcs: ['1002', '1001'] }], ['update', { upc: '1001', stores: [1] }], ['remove', { upc: '1001' }], ['search', { search: 'drill' }]] as const) {
      const res = await harness.app.inject({ method: 'POST', url: `/api/admin/favourite-products/${url}`, headers: asA, payload });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.body, url).not.toContain('iso-b');
    }
    expect(await bFeatured()).toEqual(['iso-b Cordless Drill']);
    expect(await inBackground('test: check the database', () => FeaturedProduct.countDocuments({ tenantId: tenants.b.id }))).toBe(1);
  });
});

describe("an owner's brands across stores", () => {
  it("changes only the owner's own brands: B's brands (the same ids) stay as they were, a brand only B has answers 404", async () => {
    const asA = { 'business-slug': 'iso-a', authorization: `Bearer ${tenants.a.token}` };
    const bBrands = async () => (await harness.app.inject({ url: '/api/brands', headers: { 'business-slug': 'iso-b' } })).json().data as { brand_id: number; alias: string | null; image: string | null }[];
    const before = await bBrands();
    expect(before.map((b) => b.brand_id)).toEqual([1]);
    await Brand.updateOne({ tenantId: tenants.b.id, brandId: 9 }, { $set: { name: 'iso-b Only Brand', slug: 'iso-b-only-brand' } }, { upsert: true });
    for (const [url, payload] of [
      ['get-business-brands', undefined], ['set-brand-hidden', { brand_id: 1, hidden: true }], ['set-all-brands-hidden', { hidden: true }],
      ['add-brand-alias', { brand_id: 1, alias: 'A only', altTextLogo: 'A logo' }], ['remove-brand-alias', { brand_id: 1 }],
      ['update-brand-img', { brand_id: 1, image: 'https://cdn.example.com/a.png' }], ['set-all-brands-hidden', { hidden: false }],
      ['hide-brand-products', { brand_id: 1, hidden: true }], ['hide-brand-products', { brand_id: 1, hidden: false }],
      ['update-brand', { brand_id: 2, brand_name: 'A Renamed', altTextLogo: 'A logo' }],
      ['update-all-brands', { brand_ids: [1, 2], hidden: false, hide_products: true }], ['update-all-brands', { brand_ids: [1, 2], hide_products: false }],
    ] as const) {
      const res = await harness.app.inject({ method: 'POST', url: `/api/admin/brands/${url}`, headers: asA, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.body, url).not.toContain('iso-b');
    }
    for (const [url, payload] of [
      ['set-brand-hidden', { brand_id: 9, hidden: true }], ['hide-brand-products', { brand_id: 9, hidden: true }], ['update-brand', { brand_id: 9, brand_name: 'Taken' }],
      ['update-all-brands', { brand_ids: [1, 9], hidden: true }],
    ] as const) {
      const theirs = await harness.app.inject({ method: 'POST', url: `/api/admin/brands/${url}`, headers: asA, payload });
      expect(theirs.statusCode, url).toBe(404);
    }
    // B's shoppers still find B's products of brand 1 (A took its own brand 1's products off and back).
    expect((await harness.app.inject({ url: '/api/products?search=drill', headers: { 'business-slug': 'iso-b' } })).json().products.total).toBeGreaterThan(0);
    expect(await bBrands()).toEqual(before);
    expect(await inBackground('test: check the database', () => Brand.countDocuments({ tenantId: tenants.b.id, hidden: true }))).toBe(1); // the fixture's hidden brand 3
  });
});
