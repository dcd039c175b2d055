import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, issueToken, multipartBody } from '@platform/server-kit/testing';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { Department, FeaturedProduct } from '@platform/catalogue';
import { LIMITED_PERMISSIONS, NO_PERMISSION, ONLY_STORE_OWNER_PAYMENTS, PERMISSIONS, upcomingRunDays, wizardSteps } from '@platform/domain';
import { HomepageWidgetModel, IMAGE_FETCH_ALLOW_ENV, WizardProgress } from '@platform/tenant-settings';
import { Customer, CustomerKey, EmailCampaign } from '@platform/identity';
import { ArAccountModel, OfflineOrder, Order, RecurringOrder } from '@platform/orders';
import { inBackground, mongoose } from '@platform/db';
import { allServices } from './index';
import { startDoItBestStandIn, startEasyPostStandIn, startEmeryStandIn, type DropShipStandIn, type EasyPostStandIn } from '@platform/cart/testing';
import { Coupon } from '@platform/cart';
import { forgetStoreProfile, StoreProfile } from '@platform/tenant-settings';
import { sealSecret } from '@platform/server-kit';
import { CUSTOMER_DATA_OWNER_ONLY, ONLY_STORE_OWNER_CARRIERS, ONLY_STORE_OWNER_PARTNERS } from '@platform/domain';

/**
 * Shipping labels: a shipping order, the store's EasyPost account (the local stand-in of EasyPost's API) connected
 * again before each call that needs it, and a label bought for the calls on one (its id put in the address).
 */
let easypost: EasyPostStandIn;
let walkOwner = '';
const SHIP_ID = new mongoose.Types.ObjectId().toString();
const connectCarrier = async () => {
  await StoreProfile.updateOne({ tenantId }, { $set: { shippingCarrier: { adapter: 'easypost', apiKey: sealSecret('EZTKwalkKey1234') } } }, { upsert: true });
  forgetStoreProfile(tenantId);
};
const shipOrderQuoted = async () => {
  await connectCarrier();
  await Order.updateOne({ tenantId, _id: SHIP_ID }, { $set: { status: 'prepared', tracking: null } });
  const quote = await harness.app.inject({ method: 'POST', url: `/api/admin/shipping/${SHIP_ID}/quotes`, headers: { 'business-slug': 'perm-a', authorization: `Bearer ${walkOwner}` }, payload: { weight_lb: 1 } });
  return quote.json().data.rates[0].id as string;
};
const labelBought = (route: string, suffix: string) => async () => {
  const rate_id = await shipOrderQuoted();
  const bought = await harness.app.inject({ method: 'POST', url: `/api/admin/shipping/${SHIP_ID}/buy`, headers: { 'business-slug': 'perm-a', authorization: `Bearer ${walkOwner}` }, payload: { rate_id } });
  URLS[route] = `/api/admin/shipping/${suffix.replace('{label}', bought.json().data.label.id)}`;
};

/**
 * Supplier drop-ship: a shipping order with a line, both suppliers connected by the owner (their local stand-ins),
 * the order ready to ship again (and, for send, prepared) before each call.
 */
let dropShip: DropShipStandIn[] = [];
const DROP_ID = new mongoose.Types.ObjectId().toString();
const dropOrderReady = () => Order.updateOne({ tenantId, _id: DROP_ID }, { $set: { status: 'taken', tracking: null } });
const dropShipPrepared = (supplier: 'doitbest' | 'emery') => async () => {
  await dropOrderReady();
  await harness.app.inject({ method: 'POST', url: `/api/admin/orders/${DROP_ID}/${supplier}/prepare`, headers: { 'business-slug': 'perm-a', authorization: `Bearer ${walkOwner}` }, payload: supplier === 'doitbest' ? { rsc: 'MED' } : {} });
};

/**
 * Every admin route, walked with staff sub-accounts: one without any permission, and one with each
 * permission in turn. A route that refuses the first must open for exactly the permission it needs.
 */
let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
/** An order of the store for the order screens' routes; each action finds it in a status it can move on from. */
const ORDER_ID = new mongoose.Types.ObjectId().toString();
const orderIn = (status: string) => () => Order.updateOne({ tenantId, _id: ORDER_ID }, { $set: { status } });
/** The order outstanding again with one special-order line of 100 to cancel or special-order a unit of (no stock, no card). */
const orderWithLine = (special: boolean) => () => Order.updateOne({ tenantId, _id: ORDER_ID }, { $set: { status: 'placed', subtotalCents: 500, items: [
  { productId: 1, storeProductId: 11, sku: 'WALK', title: 'Walking line', quantity: 100, priceCents: 5, special, cancelledQuantity: 0 },
  { productId: 1, storeProductId: 11, sku: 'WALK', title: 'Walking line', quantity: 100, priceCents: 5, special: true, cancelledQuantity: 0 },
] } });
/** A campaign for the Emails routes (a draft again before each change or send), and one to delete. */
const CAMPAIGN_ID = new mongoose.Types.ObjectId().toString();
const SPARE_CAMPAIGN_ID = new mongoose.Types.ObjectId().toString();
const campaignDraft = (id: string) => () => EmailCampaign.updateOne({ tenantId, _id: id }, { $set: { subject: 'Walking', body: 'the permissions', status: 'draft' } }, { upsert: true });
/** A recurring order of the store for Orders › Recurring: active again, with no run yet, before each change. */
const RECURRING_ID = new mongoose.Types.ObjectId().toString();
const ANCHOR_DAY = new Date().toISOString().slice(0, 10);
const recurringActive = () => RecurringOrder.updateOne({ tenantId, _id: RECURRING_ID }, { $set: { status: 'active', runs: [], frequency: 'weekly' } });
/** A shipped recurring order for the store's change of one (its shipping options): the store ships, through its EasyPost account. */
const RECURRING_SHIP_ID = new mongoose.Types.ObjectId().toString();
const recurringShipped = async () => {
  await StoreProfile.updateOne({ tenantId }, { $set: { 'business.shipping_enabled': true } }, { upsert: true });
  await connectCarrier();
};
/** An AR account (owing $10 before a payment, with or without the customer as each call needs), and one to delete. */
const AR_ID = new mongoose.Types.ObjectId().toString();
const SPARE_AR_ID = new mongoose.Types.ObjectId().toString();
const OFFLINE_ID = new mongoose.Types.ObjectId().toString();
const arAccountWith = (customers: object[]) => () => ArAccountModel.updateOne({ tenantId, _id: AR_ID }, { $set: {
  customers, charges: [{ orderId: 'walk', orderNumber: 'walk', amountCents: 1000, at: new Date() }], payments: [], chargedCents: 1000, paidCents: 0,
} });
/** Routes with a path parameter: the address to call. */
const URLS: Record<string, string> = {
  'GET /api/admin/orders/{id}': `/api/admin/orders/${ORDER_ID}`, 'POST /api/admin/orders/{id}/email': `/api/admin/orders/${ORDER_ID}/email`,
  'GET /api/admin/shipping/{id}/info': '/api/admin/shipping/easypost/info', 'POST /api/admin/shipping/{id}/quotes': `/api/admin/shipping/${SHIP_ID}/quotes`,
  'POST /api/admin/shipping/{id}/buy': `/api/admin/shipping/${SHIP_ID}/buy`,
  'GET /api/admin/widget/testimonials/{id}': '/api/admin/widget/testimonials/11',
  'GET /api/admin/orders/{id}/notes': `/api/admin/orders/${ORDER_ID}/notes`, 'POST /api/admin/orders/{id}/note': `/api/admin/orders/${ORDER_ID}/note`,
  'DELETE /api/admin/orders/{id}/note': `/api/admin/orders/${ORDER_ID}/note?id=walk-note`,
  'POST /api/admin/orders/{id}/prepareStep/{step}': `/api/admin/orders/${ORDER_ID}/prepareStep/picking`,
  'GET /api/admin/orders/{id}/location': `/api/admin/orders/${ORDER_ID}/location`, 'POST /api/admin/orders/{id}/location': `/api/admin/orders/${ORDER_ID}/location`,
  'POST /api/admin/orders/cancelItem/{itemId}': `/api/admin/orders/cancelItem/${ORDER_ID}.1`, 'POST /api/admin/orders/makeItemSpecial/{itemId}': `/api/admin/orders/makeItemSpecial/${ORDER_ID}.0`,
  'GET /api/admin/email-campaigns/{id}': `/api/admin/email-campaigns/${CAMPAIGN_ID}`, 'POST /api/admin/email-campaigns/{id}': `/api/admin/email-campaigns/${CAMPAIGN_ID}`,
  'DELETE /api/admin/email-campaigns/{id}': `/api/admin/email-campaigns/${SPARE_CAMPAIGN_ID}`,
  'GET /api/admin/recurringorders/executions': `/api/admin/recurringorders/executions?id=${RECURRING_ID}`,
  'POST /api/admin/email-campaigns/{id}/test': `/api/admin/email-campaigns/${CAMPAIGN_ID}/test`, 'POST /api/admin/email-campaigns/{id}/send': `/api/admin/email-campaigns/${CAMPAIGN_ID}/send`,
  'POST /api/admin/customer/{id}': '/api/admin/customer/walk-reader',
  'GET /api/admin/customer/{id}/export': '/api/admin/customer/walk-reader/export',
  // Each owner's call deletes this customer's data: the walk makes them again before each call.
  'POST /api/admin/customer/{id}/delete': '/api/admin/customer/walk-erased/delete',
  'GET /api/admin/offline-orders/{id}': `/api/admin/offline-orders/${OFFLINE_ID}`,
  'GET /api/admin/offline-orders/products': '/api/admin/offline-orders/products?location_id=1&search=hammer',
  'GET /api/v1/admin/department/department-settings': '/api/v1/admin/department/department-settings?dept_id=2',
  'GET /api/admin/ar-accounts/{id}': `/api/admin/ar-accounts/${AR_ID}`, 'POST /api/admin/ar-accounts/{id}': `/api/admin/ar-accounts/${AR_ID}`,
  'DELETE /api/admin/ar-accounts/{id}': `/api/admin/ar-accounts/${SPARE_AR_ID}`, 'POST /api/admin/ar-accounts/{id}/payments': `/api/admin/ar-accounts/${AR_ID}/payments`,
  'POST /api/admin/ar-accounts/{id}/customers/remove': `/api/admin/ar-accounts/${AR_ID}/customers/remove`,
  'GET /api/admin/orders/reconciliation/{id}': '/api/admin/orders/reconciliation/2026-01-01_1',
  'POST /api/admin/orders/{id}/doitbest/prepare': `/api/admin/orders/${DROP_ID}/doitbest/prepare`, 'POST /api/admin/orders/{id}/doitbest/send': `/api/admin/orders/${DROP_ID}/doitbest/send`,
  'POST /api/admin/orders/{id}/emery/prepare': `/api/admin/orders/${DROP_ID}/emery/prepare`, 'POST /api/admin/orders/{id}/emery/send': `/api/admin/orders/${DROP_ID}/emery/send`,
  'POST /api/admin/orders/{id}/doitbest/item-number': `/api/admin/orders/${DROP_ID}/doitbest/item-number`, 'POST /api/admin/orders/{id}/emery/item-number': `/api/admin/orders/${DROP_ID}/emery/item-number`,
};
/** A valid request body for each admin write, so validation passes and the permission check decides. */
const BODIES: Record<string, object> = {
  'POST /api/admin/settings/browse': { defaultSort: 'latest', filterShowOutOfStock: false, lowStockThreshold: 5 },
  'POST /api/admin/settings/cart': { hideTax: false, taxDisclaimer: 'Walk note' },
  'POST /api/admin/settings/hash-routing-hosts': { hashRoutingHosts: ['walk.example.com'] },
  'POST /api/home-banner/update': { enabled: true, text: 'Walk news', link: '', link_text: '', background: '' },
  'POST /api/about-us/story': { title: 'Walk story', body: '<p>Walk</p>', images: [] },
  'POST /api/store-information/update': { site_title: 'Walk', meta_description: '', og_image: '' },
  'POST /api/social/update': { facebook_link: '', twitter_link: '', instagram_link: '', pinterest_link: '', youtube_link: '', linkedin_link: '', tiktok_link: '' },
  'POST /api/v1/admin/department/add-alias': { name: 'Walk alias', dept_id: 1 },
  'POST /api/v1/admin/department/remove-alias': { id: 31, dept_id: 3 },
  // Department settings: Power Tools' products stay on sale after each call.
  'POST /api/v1/admin/department/save-department-settings': { dept_id: 2, settings: [{ key: 'hideProducts', value: false }] },
  'PUT /api/admin/search-synonyms': { groups: [['deck', 'patio']] },
  // Brands settings: brand 1 shown, and every brand shown, after each call.
  'POST /api/admin/brands/set-brand-hidden': { brand_id: 1, hidden: false },
  'POST /api/admin/brands/set-all-brands-hidden': { hidden: false },
  'POST /api/admin/brands/add-brand-alias': { brand_id: 1, alias: 'Walk brand', altTextLogo: 'Walk logo' },
  'POST /api/admin/brands/remove-brand-alias': { brand_id: 2 },
  'POST /api/admin/brands/update-brand-img': { brand_id: 1, image: 'https://cdn.example.com/walk.png' },
  'POST /api/admin/brands/hide-brand-products': { brand_id: 1, hidden: false },
  'POST /api/admin/brands/update-brand': { brand_id: 2, altTextLogo: 'Walk logo' },
  'POST /api/admin/brands/update-all-brands': { brand_ids: [1], hidden: false },
  'POST /api/admin/brands/hide-brands-nav': { hidden: false },
  'POST /api/admin/brands/set-brands-show-logo': { show_logo: true },
  'POST /api/admin/brands/set-brands-filter': { show: true },
  'POST /api/admin/favourite-products/search': { search: 'hammer' },
  'POST /api/admin/favourite-products/add': { upc: '1002' },
  'POST /api/admin/favourite-products/remove': { upc: '1001' },
  'POST /api/admin/favourite-products/reorder': { upcs: ['1002', '1001'] },
  'POST /api/admin/favourite-products/update': { upc: '1001', stores: [] },
  'POST /api/admin/offline-orders': { location_id: 1, order_type: 'pickup', customer_name: 'Walk Caller', telephone: '5035550177', paid: false, items: [{ title: 'Key cutting', price: '3.00', quantity: 1 }] },
  'POST /api/admin/offline-orders/rate-page': { rating: 4 },
  'POST /api/admin/shipping/addCarrier': { carrier: 'easypost', credentials: { api_key: 'EZTKwalkKey1234' } },
  'POST /api/admin/shipping/deleteCarrier': { carrier_id: 'easypost' },
  'POST /api/admin/shipping/validateAddress': { address: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302' },
  'POST /api/admin/shipping/insurance-rate': { amount: '10' },
  'POST /api/admin/shipping/{id}/quotes': { weight_lb: 1 },
  'POST /api/admin/shipping/{id}/buy': { rate_id: 'set by PREPARE' },
  'POST /api/admin/orders/{id}/doitbest/prepare': { rsc: 'MED' },
  'POST /api/admin/orders/{id}/doitbest/send': { rsc: 'MED', shipping_service: 'UPS_GND' },
  'POST /api/admin/orders/{id}/emery/prepare': {},
  'POST /api/admin/orders/{id}/emery/send': { shipping_service: 'USPSP' },
  // The hammer's supplier item number, forgotten (asked by its SKU): the walk leaves no mapping behind.
  'POST /api/admin/orders/{id}/doitbest/item-number': { sku: '1002', item_number: '' },
  'POST /api/admin/orders/{id}/emery/item-number': { sku: '1002', item_number: '' },
  'POST /api/about-us/save': { contact_email: 'hello@perm-a.test', locations: [] },
  'POST /api/admin/widget/update': { id: 9, hidden: false },
  'POST /api/admin/widget/save': { area: 2, ids: [] },
  'POST /api/admin/widget/delete': { id: 10 },
  'POST /api/admin/widget/create': { type: '5' },
  'POST /api/admin/widget/testimonials': { id: 11, title: '', testimonials: [] },
  'POST /api/sub-accounts/create': { first_name: 'New', last_name: 'Staff', email: 'new-staff@perm-a.test', password: 'Staff-Pass-1', c_password: 'Staff-Pass-1', permissions: [] },
  'POST /api/sub-accounts/update': { slug: 'walk-staff', first_name: 'Walk', last_name: 'Staff', email: 'walk@perm-a.test', permissions: [] },
  'POST /api/sub-accounts/change-password': { slug: 'walk-staff', password: 'Staff-Pass-2', c_password: 'Staff-Pass-2' },
  'POST /api/sub-accounts/delete': { slug: 'walk-spare' },
  'POST /api/admin/settings/update': { special_order_sla: '1 week' },
  'POST /api/admin/customers/accountSettings': { hide_registration: false, sms_notifications_enabled: true, account_field_info: { label: 'Account Number', help: '' } },
  'POST /api/setup-wizard/mark-item-started': { slug: 'tax-rate' },
  'POST /api/setup-wizard/mark-item-completed': { slug: 'tax-rate' },
  'POST /api/setup-wizard/acknowledge': { comments: '' },
  'POST /api/admin/orders/order-taken': { id: ORDER_ID },
  'POST /api/admin/orders/markPrepared': { id: ORDER_ID },
  'POST /api/admin/orders/markComplete': { id: ORDER_ID },
  'POST /api/admin/check-fingerprint': { order_id: ORDER_ID },
  'POST /api/admin/verify-fraud-detection': { order_id: ORDER_ID, note: 'Walking the permissions' },
  'POST /api/admin/orders/cancel': { id: ORDER_ID, reason: 'Walking the permissions' },
  'POST /api/admin/orders/{id}/email': { subject: 'Walking', body: 'the permissions' },
  'POST /api/admin/orders/{id}/note': { note: 'Walking the permissions' },
  'POST /api/admin/orders/cancelItem/{itemId}': { qty: 1 },
  'POST /api/admin/orders/makeItemSpecial/{itemId}': { qty: 1 },
  'POST /api/admin/orders/updateDeliveryDate': { id: ORDER_ID, delivery_date: '2099-01-01' },
  'POST /api/admin/orders/{id}/location': { location_id: 2 },
  'POST /api/admin/email-campaigns': { subject: 'Walking', body: 'the permissions' },
  'POST /api/admin/email-campaigns/{id}': { subject: 'Walking', body: 'the permissions' },
  'POST /api/admin/email-campaigns/{id}/test': { to: 'test@perm-a.test' },
  'POST /api/admin/email-campaigns/{id}/send': { audience: 1 },
  'POST /api/admin/fulfillment/payment-settings': { payment_provider: null },
  'POST /api/admin/settings/partner-businesses': { business_ids: [] },
  'POST /api/admin/fulfillment/saveRecurringOrderOptIn': { enabled: true },
  'POST /api/admin/recurringorders': {},
  'POST /api/admin/ar-accounts': { number: 'WALK-NEW', name: 'Walking account', credit_limit: '100' },
  'POST /api/admin/ar-accounts/{id}': { number: 'WALK-1', name: 'Walking builders', credit_limit: '500' },
  'POST /api/admin/ar-accounts/{id}/payments': { amount: '1.00' },
  'POST /api/admin/ar-accounts/{id}/customers/remove': { customer_id: 'walk-reader' },
  'POST /api/admin/orders/assign-ar-account': { customerId: 'walk-reader', accountId: AR_ID },
  'POST /api/admin/recurringorders/cancel': { id: RECURRING_ID },
  'POST /api/admin/recurringorders/cancel-execution': { id: RECURRING_ID, date: upcomingRunDays('weekly', ANCHOR_DAY, Date.now(), 1)[0] },
  'POST /api/admin/recurringorders/update': { id: RECURRING_ID, frequency: 'monthly' },
  'POST /api/admin/recurringorders/shipping-quotes': { id: RECURRING_SHIP_ID },
  'POST /api/admin/recurringorders/products': { id: RECURRING_ID, search: 'hammer' },
};
/** State a write needs before each call (a removal needs something to remove). */
const PREPARE: Record<string, () => Promise<unknown>> = {
  // Department aliases: the walk's alias not yet on Tools, the fixture's alias (mapping 31) on Drills again.
  'POST /api/v1/admin/department/add-alias': () => Department.updateOne({ tenantId, deptId: 1 }, { $set: { aliases: [] } }),
  'POST /api/v1/admin/department/remove-alias': () => Department.updateOne({ tenantId, deptId: 3 }, { $set: { aliases: [{ id: 31, aliasId: 7, name: 'perm-a drill drivers' }] } }),
  // Featured products: the hammer not featured yet, the drill featured, and exactly the two for a reorder.
  'POST /api/admin/favourite-products/add': () => FeaturedProduct.deleteOne({ tenantId, sku: '1002' }),
  'POST /api/admin/favourite-products/remove': () => FeaturedProduct.updateOne({ tenantId, sku: '1001' }, { $set: { sequence: 0 } }, { upsert: true }),
  'POST /api/admin/favourite-products/update': () => FeaturedProduct.updateOne({ tenantId, sku: '1001' }, { $set: { sequence: 0 } }, { upsert: true }),
  'POST /api/admin/favourite-products/reorder': async () => {
    await FeaturedProduct.deleteMany({ tenantId });
    await FeaturedProduct.insertMany([{ tenantId, sku: '1001', sequence: 0 }, { tenantId, sku: '1002', sequence: 1 }]);
  },
  'GET /api/admin/offline-orders/{id}': () => OfflineOrder.updateOne({ tenantId, _id: OFFLINE_ID }, { $setOnInsert: {
    orderNumber: 'OFF-900', sequence: 900, locationId: 1, orderType: 'pickup', customerName: 'Walk Caller', telephone: '5035550177', email: '', address: null, items: [],
    subtotalCents: 0, taxCents: 0, totalCents: 0, paid: false, note: '', takenBy: 'walk', placedAt: new Date(),
  } }, { upsert: true }),
  'POST /api/admin/customer/{id}/delete': async () => {
    if (!await inBackground('test: check the database', () => Customer.exists({ tenantId, slug: 'walk-erased' }))) await Customer.create({ tenantId, slug: 'walk-erased', email: 'erased@perm-a.test', passwordHash: 'x' });
  },
  'POST /api/admin/orders/order-taken': orderIn('placed'),
  'GET /api/admin/shipping/{id}/info': connectCarrier,
  'POST /api/admin/shipping/deleteCarrier': connectCarrier,
  'POST /api/admin/shipping/validateAddress': connectCarrier,
  'POST /api/admin/shipping/{id}/quotes': async () => { await connectCarrier(); await Order.updateOne({ tenantId, _id: SHIP_ID }, { $set: { status: 'prepared', tracking: null } }); },
  'POST /api/admin/shipping/{id}/buy': async () => { BODIES['POST /api/admin/shipping/{id}/buy'] = { rate_id: await shipOrderQuoted() }; },
  'POST /api/admin/shipping/{id}/refund': labelBought('POST /api/admin/shipping/{id}/refund', '{label}/refund'),
  'GET /api/admin/shipping/labels/{id}/file': labelBought('GET /api/admin/shipping/labels/{id}/file', 'labels/{label}/file'),
  'POST /api/admin/orders/{id}/doitbest/prepare': dropOrderReady,
  'POST /api/admin/orders/{id}/doitbest/send': dropShipPrepared('doitbest'),
  'POST /api/admin/orders/{id}/emery/prepare': dropOrderReady,
  'POST /api/admin/orders/{id}/emery/send': dropShipPrepared('emery'),
  'POST /api/admin/orders/markPrepared': orderIn('taken'),
  'POST /api/admin/orders/markComplete': orderIn('prepared'),
  'POST /api/admin/orders/cancel': orderIn('placed'),
  'POST /api/admin/orders/cancelItem/{itemId}': orderWithLine(false),
  'POST /api/admin/recurringorders/cancel': recurringActive,
  'POST /api/admin/ar-accounts': () => ArAccountModel.deleteOne({ tenantId, number: 'WALK-NEW' }),
  'DELETE /api/admin/ar-accounts/{id}': () => ArAccountModel.updateOne({ tenantId, _id: SPARE_AR_ID }, { $set: { number: 'WALK-SPARE', name: 'Spare', creditLimitCents: 100 } }, { upsert: true }),
  'POST /api/admin/ar-accounts/{id}/payments': arAccountWith([]),
  'POST /api/admin/ar-accounts/{id}/customers/remove': arAccountWith([{ id: 'walk-reader', name: 'Walk Reader', email: 'reader@perm-a.test', at: new Date() }]),
  'POST /api/admin/orders/assign-ar-account': arAccountWith([]),
  'POST /api/admin/recurringorders/cancel-execution': recurringActive,
  'POST /api/admin/recurringorders/update': recurringActive,
  'POST /api/admin/recurringorders/shipping-quotes': recurringShipped,
  'POST /api/admin/recurringorders/products': recurringActive,
  'POST /api/admin/orders/makeItemSpecial/{itemId}': orderWithLine(false),
  'POST /api/admin/orders/{id}/prepareStep/{step}': orderIn('placed'),
  'POST /api/admin/orders/updateDeliveryDate': orderWithLine(false),
  // Outstanding at location 1 with no stocked line: every call moves it to location 2.
  'POST /api/admin/orders/{id}/location': () => Order.updateOne({ tenantId, _id: ORDER_ID }, { $set: { status: 'placed', locationId: 1, items: [] } }),
  'DELETE /api/admin/orders/{id}/note': () => Order.updateOne({ tenantId, _id: ORDER_ID }, { $set: { notes: [{ id: 'walk-note', text: 'x', at: new Date(), by: 'walk' }] } }),
  'GET /api/admin/email-campaigns/{id}': campaignDraft(CAMPAIGN_ID),
  'POST /api/admin/email-campaigns/{id}': campaignDraft(CAMPAIGN_ID),
  'POST /api/admin/email-campaigns/{id}/test': campaignDraft(CAMPAIGN_ID),
  'POST /api/admin/email-campaigns/{id}/send': campaignDraft(CAMPAIGN_ID),
  'DELETE /api/admin/email-campaigns/{id}': campaignDraft(SPARE_CAMPAIGN_ID),
  'POST /api/setup-wizard/acknowledge': () => WizardProgress.updateOne({ tenantId }, { $set: { items: Object.fromEntries(wizardSteps('standard').map((s) => [s.slug, 'completed'])) } }, { upsert: true }),
  'POST /api/admin/widget/delete': () => HomepageWidgetModel.updateOne({ tenantId, widgetId: 10 }, { $setOnInsert: { name: 'Spare', type: '1' } }, { upsert: true }),
  // The account goes with its e-mail, phone and slug keys, as deleting a sub-account does.
  'POST /api/sub-accounts/create': () => inBackground('test: reset', async () => {
    const made = await Customer.findOne({ tenantId, email: 'new-staff@perm-a.test' }, { _id: 1 }).lean() as { _id: unknown } | null;
    if (!made) return;
    await Customer.deleteOne({ tenantId, _id: made._id });
    await CustomerKey.deleteMany({ tenantId, customerId: String(made._id) });
  }),
  'POST /api/sub-accounts/delete': async () => {
    if (!await inBackground('test: check the database', () => Customer.exists({ tenantId, slug: 'walk-spare' }))) await Customer.create({ tenantId, slug: 'walk-spare', email: 'spare@perm-a.test', passwordHash: 'x', isAdmin: true, isSubAccount: true });
  },
};
/** Routes for the store owner alone: every sub-account is refused, whatever it may do. */
const OWNER = 'store owner';
/** The permission each admin route needs (null: any admin; OWNER: the store owner only); the walk proves each entry. */
const NEEDS: Record<string, string | null> = {
  // What shoppers browse and read (issue 29): listing order and stock words are how products show; the banner is the home page's.
  'POST /api/admin/settings/browse': 'edit_products',
  // The cart settings are set on the selling-options screens (Fulfillment Options, Special Order Items).
  'POST /api/admin/settings/cart': 'edit_locations',
  // The hosts that route by hash are set on the About Us screen, next to how the store shows in search results.
  'POST /api/admin/settings/hash-routing-hosts': 'edit_about_us',
  'GET /api/admin/home-banner': 'edit_landing_page', 'POST /api/home-banner/update': 'edit_landing_page',
  'POST /api/about-us/story': 'edit_about_us', 'GET /api/admin/store-information': 'edit_about_us',
  'POST /api/store-information/update': 'edit_about_us', 'POST /api/store-information/delete-og-image': 'edit_about_us',
  'POST /api/social/update': 'manage_social_media',
  'GET /api/v1/admin/department/prev-aliases': 'edit_department_mapping', 'POST /api/v1/admin/department/add-alias': 'edit_department_mapping',
  'POST /api/v1/admin/department/remove-alias': 'edit_department_mapping',
  'GET /api/v1/admin/department/department-settings': 'edit_department_mapping', 'POST /api/v1/admin/department/save-department-settings': 'edit_department_mapping',
  'POST /api/admin/brands/get-business-brands': 'edit_brands_settings', 'POST /api/admin/brands/set-brand-hidden': 'edit_brands_settings',
  'POST /api/admin/brands/set-all-brands-hidden': 'edit_brands_settings', 'POST /api/admin/brands/add-brand-alias': 'edit_brands_settings',
  'POST /api/admin/brands/remove-brand-alias': 'edit_brands_settings', 'POST /api/admin/brands/update-brand-img': 'edit_brands_settings',
  'POST /api/admin/brands/hide-brand-products': 'edit_brands_settings', 'POST /api/admin/brands/update-brand': 'edit_brands_settings',
  'POST /api/admin/brands/update-all-brands': 'edit_brands_settings', 'POST /api/admin/brands/hide-brands-nav': 'edit_brands_settings',
  'POST /api/admin/brands/set-brands-show-logo': 'edit_brands_settings', 'POST /api/admin/brands/set-brands-filter': 'edit_brands_settings',
  'GET /api/admin/favourite-products': 'manage_featured_products', 'GET /api/admin/favourite-products/stores': 'manage_featured_products',
  'POST /api/admin/favourite-products/search': 'manage_featured_products',
  'POST /api/admin/favourite-products/add': 'manage_featured_products', 'POST /api/admin/favourite-products/remove': 'manage_featured_products',
  'POST /api/admin/favourite-products/reorder': 'manage_featured_products', 'POST /api/admin/favourite-products/update': 'manage_featured_products',
  'GET /api/admin/orders/outstanding': null,
  // Shipping labels: order work, any admin; connecting or removing the account that pays for them, the owner only.
  'GET /api/admin/shipping/getAvailableCarriers': null,
  'GET /api/admin/shipping/getCarriers': null,
  'GET /api/admin/shipping/{id}/info': null,
  'POST /api/admin/shipping/addCarrier': OWNER,
  'POST /api/admin/shipping/deleteCarrier': OWNER,
  'POST /api/admin/shipping/validateAddress': null,
  'POST /api/admin/shipping/insurance-rate': null,
  'POST /api/admin/shipping/{id}/quotes': null,
  'POST /api/admin/shipping/{id}/buy': null,
  'POST /api/admin/shipping/{id}/refund': null,
  'GET /api/admin/shipping/labels': null,
  'GET /api/admin/shipping/labels/{id}/file': null,
  // Supplier drop-ship: order work too, any admin; connecting a supplier is addCarrier's (the owner's).
  'GET /api/admin/orders/rscOptions': null,
  'GET /api/admin/orders/doitbest/shippingServices': null,
  'GET /api/admin/orders/emery/shippingServices': null,
  'POST /api/admin/orders/{id}/doitbest/prepare': null,
  'POST /api/admin/orders/{id}/doitbest/send': null,
  'POST /api/admin/orders/{id}/emery/prepare': null,
  'POST /api/admin/orders/{id}/emery/send': null,
  'POST /api/admin/orders/{id}/doitbest/item-number': null,
  'POST /api/admin/orders/{id}/emery/item-number': null,
  'GET /api/admin/orders/completed': null,
  'GET /api/admin/orders/cancelled': null,
  'GET /api/admin/orders/all': null,
  'GET /api/admin/orders/csv': null,
  'GET /api/admin/orders/{id}/notes': null,
  'POST /api/admin/orders/{id}/note': null,
  'DELETE /api/admin/orders/{id}/note': null,
  'GET /api/admin/orders/{id}': null,
  'POST /api/admin/orders/order-taken': null,
  'POST /api/admin/orders/markPrepared': null,
  'POST /api/admin/orders/markComplete': null,
  'POST /api/admin/check-fingerprint': null,
  'POST /api/admin/verify-fraud-detection': null,
  'POST /api/admin/orders/cancel': null,
  'POST /api/admin/orders/{id}/email': null,
  'POST /api/admin/orders/cancelItem/{itemId}': null,
  'POST /api/admin/orders/makeItemSpecial/{itemId}': null,
  'POST /api/admin/orders/{id}/prepareStep/{step}': null,
  'POST /api/admin/orders/updateDeliveryDate': null,
  'GET /api/admin/orders/{id}/location': null,
  'POST /api/admin/orders/{id}/location': null,
  'POST /api/admin/orders/live/ticket': null,
  'GET /api/admin/orders/reconciliation': null,
  'GET /api/admin/orders/reconciliation/{id}': null,
  'GET /api/admin/email-campaigns': 'view_emails',
  'POST /api/admin/email-campaigns': 'view_emails',
  'GET /api/admin/email-campaigns/{id}': 'view_emails',
  'POST /api/admin/email-campaigns/{id}': 'view_emails',
  'DELETE /api/admin/email-campaigns/{id}': 'view_emails',
  'POST /api/admin/email-campaigns/{id}/test': 'view_emails',
  'POST /api/admin/email-campaigns/{id}/send': 'view_emails',
  'GET /api/admin/search-synonyms': 'edit_products',
  'PUT /api/admin/search-synonyms': 'edit_products',
  'GET /api/sub-accounts': null,
  'POST /api/about-us/save': 'edit_about_us',
  'POST /api/about-us/upload': 'edit_about_us',
  'POST /api/admin/upload-image-from-url': 'edit_about_us',
  'GET /api/widget/get': 'edit_landing_page',
  'POST /api/sub-accounts/create': 'manage_sub_accounts',
  'POST /api/sub-accounts/update': 'manage_sub_accounts',
  'POST /api/sub-accounts/change-password': 'manage_sub_accounts',
  'POST /api/sub-accounts/delete': 'manage_sub_accounts',
  'POST /api/admin/widget/update': 'edit_landing_page',
  'POST /api/admin/widget/save': 'edit_landing_page',
  'POST /api/admin/widget/delete': 'edit_landing_page',
  'POST /api/admin/widget/create': 'edit_landing_page',
  'GET /api/admin/widget/testimonials/{id}': 'edit_landing_page',
  'POST /api/admin/widget/testimonials': 'edit_landing_page',
  'POST /api/admin/settings/update': 'edit_locations',
  'GET /api/setup-wizard/get': null,
  'POST /api/setup-wizard/mark-item-started': null,
  'POST /api/setup-wizard/mark-item-completed': null,
  'POST /api/setup-wizard/acknowledge': null,
  'GET /api/admin/fulfillment/payment-settings': OWNER,
  'POST /api/admin/fulfillment/payment-settings': OWNER,
  'GET /api/admin/settings/partner-businesses': OWNER,
  'POST /api/admin/settings/partner-businesses': OWNER,
  'GET /api/admin/fulfillment/getRecurringOrderOptIn': 'edit_locations',
  'POST /api/admin/fulfillment/saveRecurringOrderOptIn': 'edit_locations',
  'POST /api/admin/recurringorders': null,
  'POST /api/admin/recurringorders/cancel': null,
  'GET /api/admin/recurringorders/executions': null,
  'POST /api/admin/recurringorders/cancel-execution': null,
  // The store changes one for its customer (a customer who phoned in), as it cancels or skips one: any admin.
  'POST /api/admin/recurringorders/update': null,
  'POST /api/admin/recurringorders/shipping-quotes': null,
  'POST /api/admin/recurringorders/products': null,
  // Customers (spec 3 §6 names no customers permission): any admin.
  'GET /api/admin/customers': null,
  // Stats: any admin (spec 3 §6 has no stats permission); a staff account bound to a location sees its own.
  'GET /api/admin/stats/inStorePingItems': null,
  'GET /api/admin/customers/totalAccounts': null,
  // The customer account settings shape registration, as the sign-up form's custom fields do.
  'GET /api/admin/customers/accountSettings': 'edit_user_inputs',
  'POST /api/admin/customers/accountSettings': 'edit_user_inputs',
  'POST /api/admin/customer/{id}': null,
  'GET /api/subscribers': null,
  // A customer's personal data (GDPR-style export and delete): the store owner only.
  'GET /api/admin/customer/{id}/export': OWNER,
  'POST /api/admin/customer/{id}/delete': OWNER,
  'GET /api/admin/offline-orders': 'view_offline_orders',
  'GET /api/admin/offline-orders/csv': 'view_offline_orders',
  'POST /api/admin/offline-orders': 'view_offline_orders',
  'GET /api/admin/offline-orders/{id}': 'view_offline_orders',
  'GET /api/admin/offline-orders/products': 'view_offline_orders',
  'GET /api/admin/offline-orders/rate-page': 'view_offline_orders',
  'POST /api/admin/offline-orders/rate-page': 'view_offline_orders',
  'GET /api/admin/ar-accounts': 'manage_ar_accounts',
  'POST /api/admin/ar-accounts': 'manage_ar_accounts',
  'GET /api/admin/ar-accounts/{id}': 'manage_ar_accounts',
  'POST /api/admin/ar-accounts/{id}': 'manage_ar_accounts',
  'DELETE /api/admin/ar-accounts/{id}': 'manage_ar_accounts',
  'POST /api/admin/ar-accounts/{id}/payments': 'manage_ar_accounts',
  'POST /api/admin/ar-accounts/{id}/customers/remove': 'manage_ar_accounts',
  'GET /api/admin/orders/ar-account-search': 'manage_ar_accounts',
  'POST /api/admin/orders/assign-ar-account': 'manage_ar_accounts',
};
/** Admin routes whose spec paths are not under /api/admin/. */
const ADMIN_ELSEWHERE = new Set(['GET /api/sub-accounts', 'POST /api/about-us/save', 'GET /api/widget/get',
  'POST /api/sub-accounts/create', 'POST /api/sub-accounts/update', 'POST /api/sub-accounts/change-password', 'POST /api/sub-accounts/delete',
  'GET /api/setup-wizard/get', 'POST /api/setup-wizard/mark-item-started', 'POST /api/setup-wizard/mark-item-completed', 'POST /api/setup-wizard/acknowledge',
  'GET /api/subscribers',
  'POST /api/home-banner/update', 'POST /api/about-us/story', 'POST /api/store-information/update', 'POST /api/store-information/delete-og-image', 'POST /api/social/update',
  'GET /api/v1/admin/department/prev-aliases', 'POST /api/v1/admin/department/add-alias', 'POST /api/v1/admin/department/remove-alias',
  'GET /api/v1/admin/department/department-settings', 'POST /api/v1/admin/department/save-department-settings']);
ADMIN_ELSEWHERE.add('POST /api/about-us/upload');
/** The admin coupon calls (services/cart coupon-admin): a coupon to change, and the new code free again before each add. */
const WALK_COUPON_ID = new mongoose.Types.ObjectId().toString();
const walkCoupon = () => Coupon.updateOne({ tenantId, _id: WALK_COUPON_ID }, { $set: { code: 'WALK-OLD', kind: 'flat', amountCents: 100, active: true } }, { upsert: true });
for (const route of ['GET /api/coupons-admin', 'POST /api/add-coupon', 'POST /api/update-coupon', 'POST /api/deactivate-coupon']) {
  ADMIN_ELSEWHERE.add(route);
  NEEDS[route] = 'edit_landing_page';
}
BODIES['POST /api/add-coupon'] = { code: 'WALK-NEW', kind: 'free_delivery' };
BODIES['POST /api/update-coupon'] = { id: WALK_COUPON_ID, name: 'Walk' };
BODIES['POST /api/deactivate-coupon'] = { id: WALK_COUPON_ID };
PREPARE['POST /api/add-coupon'] = () => Coupon.deleteOne({ tenantId, code: 'WALK-NEW' });
PREPARE['POST /api/update-coupon'] = walkCoupon;
PREPARE['POST /api/deactivate-coupon'] = walkCoupon;
/** Admin routes that take a file (multipart/form-data) instead of JSON. */
const FORMS: Record<string, () => ReturnType<typeof multipartBody>> = {
  'POST /api/about-us/upload': () => multipartBody([{ field: 'image', filename: 'walk photo.gif', type: 'image/gif', data: 'GIF89a walk' }]),
};
/** Add image by address: the walk's image site listens on loopback, which the test-only allowance lets the fetch reach. */
let walkImages: Server | undefined;
beforeAll(async () => {
  walkImages = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/gif' }).end('GIF89a walk'));
  await new Promise<void>((resolve) => walkImages!.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(walkImages.address() as AddressInfo).port}`;
  process.env[IMAGE_FETCH_ALLOW_ENV] = origin;
  BODIES['POST /api/admin/upload-image-from-url'] = { url: `${origin}/walk.gif` };
});
afterAll(async () => {
  delete process.env[IMAGE_FETCH_ALLOW_ENV];
  await new Promise((resolve) => walkImages?.close(resolve));
});

beforeAll(async () => {
  harness = await createTestApp(allServices, 'permissions');
  tenantId = (await createTenant('perm-a')).id;
  await createCatalogueFixture(tenantId, 'perm-a');
  await HomepageWidgetModel.create({ tenantId, widgetId: 9, name: 'Welcome', type: '1' });
  await HomepageWidgetModel.create({ tenantId, widgetId: 11, name: 'Said', type: '5' });
  await Customer.create({ tenantId, slug: 'walk-staff', email: 'walk@perm-a.test', passwordHash: 'x', isAdmin: true, isSubAccount: true });
  await Customer.create({ tenantId, slug: 'walk-reader', email: 'reader@perm-a.test', passwordHash: 'x', receiveMarketing: true });
  await RecurringOrder.create({
    _id: RECURRING_ID, tenantId, customerSlug: 'walk-reader', frequency: 'weekly', anchorDay: ANCHOR_DAY, firstOrderNumber: '1001', orderType: 'pickup', locationId: 1,
    contact: { firstName: 'Walk', lastName: 'Reader', email: 'reader@perm-a.test', telephone: '5035550100' }, payment: { method: 'pay_at_store', label: 'Pay at the store' }, items: [],
  });
  await RecurringOrder.create({
    _id: RECURRING_SHIP_ID, tenantId, customerSlug: 'walk-reader', frequency: 'weekly', anchorDay: ANCHOR_DAY, firstOrderNumber: '1002', orderType: 'shipping', locationId: 1,
    address: { address: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302', country: 'US' }, shippingService: null,
    contact: { firstName: 'Walk', lastName: 'Reader', email: 'reader@perm-a.test', telephone: '5035550100' }, payment: { method: 'pay_at_store', label: 'Pay at the store' },
    items: [{ productId: 2, storeProductId: 21, sku: '1002', title: 'Hammer', quantity: 1, special: false }],
  });
  await ArAccountModel.create({ _id: AR_ID, tenantId, number: 'WALK-1', name: 'Walking builders', creditLimitCents: 50000 });
  await Order.create({ _id: ORDER_ID, tenantId, orderNumber: '1001', status: 'placed', locationId: 1, totalCents: 500, placedAt: new Date(), contact: { firstName: 'Walk', email: 'walk-customer@perm-a.test' } });
  easypost = await startEasyPostStandIn();
  process.env.EASYPOST_API_URL = easypost.url;
  dropShip = [await startDoItBestStandIn(), await startEmeryStandIn()];
  [process.env.DOITBEST_API_URL, process.env.EMERY_API_URL] = dropShip.map((d) => d.url);
  walkOwner = await issueToken(tenantId, { slug: 'walk-owner', isAdmin: true });
  for (const carrier of ['doitbest', 'emery']) {
    const connected = await harness.app.inject({ method: 'POST', url: '/api/admin/shipping/addCarrier', headers: { 'business-slug': 'perm-a', authorization: `Bearer ${walkOwner}` }, payload: { carrier, credentials: { account_number: 'WALK-1', api_key: 'walk-drop-ship-key' } } });
    expect(connected.statusCode).toBe(200);
  }
  await Order.create({
    _id: DROP_ID, tenantId, orderNumber: '1003', status: 'taken', locationId: 1, orderType: 'shipping', totalCents: 500, placedAt: new Date(),
    contact: { firstName: 'Walk', lastName: 'Dropper', email: 'walk-dropper@perm-a.test', telephone: '5035550102' }, address: { address: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302', country: 'US' },
    items: [{ productId: 2, storeProductId: 21, sku: '1002', title: 'Hammer', quantity: 1, priceCents: 500, special: false }],
  });
  await Order.create({
    _id: SHIP_ID, tenantId, orderNumber: '1002', status: 'prepared', locationId: 1, orderType: 'shipping', totalCents: 500, placedAt: new Date(),
    contact: { firstName: 'Walk', lastName: 'Shipper', email: 'walk-shipper@perm-a.test', telephone: '5035550101' }, address: { address: '12 Elm St', city: 'Salem', state: 'OR', zip: '97302', country: 'US' },
  });
});
afterAll(async () => {
  delete process.env.EASYPOST_API_URL;
  delete process.env.DOITBEST_API_URL;
  delete process.env.EMERY_API_URL;
  await Promise.all(dropShip.map((d) => d.close()));
  await easypost?.close();
  await harness?.close();
});

const adminRoutes = () => Object.entries((harness.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths)
  .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
  .filter((route) => route.includes(' /api/admin/') || ADMIN_ELSEWHERE.has(route));
const call = async (route: string, token: string) => {
  await PREPARE[route]?.();
  const [method, path] = route.split(' ');
  const form = await FORMS[route]?.();
  const headers = { 'business-slug': 'perm-a', authorization: `Bearer ${token}`, ...form?.headers };
  return harness.app.inject({ method: method as 'GET', url: URLS[route] ?? path, headers, ...(form ? { payload: form.payload } : BODIES[route] ? { payload: BODIES[route] } : {}) });
};

describe('admin permissions on every admin route', () => {
  it('names the permission of every admin route', () => {
    expect(adminRoutes().sort()).toEqual(Object.keys(NEEDS).sort());
  });

  it('refuses a sub-account without the permission (403) and lets one with it in; customers are refused; owner-only routes refuse every sub-account', async () => {
    const none = await issueToken(tenantId, { slug: 'staff-none', isAdmin: true, isSubAccount: true, permissions: [] });
    const customer = await issueToken(tenantId, { slug: 'shopper' });
    const withOne = new Map<string, string>();
    for (const permission of [...PERMISSIONS, ...LIMITED_PERMISSIONS]) {
      withOne.set(permission, await issueToken(tenantId, { slug: `staff-${permission}`, isAdmin: true, isSubAccount: true, permissions: [permission] }));
    }
    for (const route of adminRoutes()) {
      const bare = await call(route, none);
      const needed = NEEDS[route];
      if (needed === null) { expect(bare.statusCode, route).toBe(200); continue; }
      expect(bare.statusCode, route).toBe(403);
      expect(bare.json().message).toBe(needed === OWNER ? (route.includes('/admin/shipping/') ? ONLY_STORE_OWNER_CARRIERS : route.includes('/admin/customer/') ? CUSTOMER_DATA_OWNER_ONLY : route.includes('/partner-businesses') ? ONLY_STORE_OWNER_PARTNERS : ONLY_STORE_OWNER_PAYMENTS) : NO_PERMISSION);
      for (const [permission, token] of withOne) {
        expect((await call(route, token)).statusCode, `${route} with ${permission}`).toBe(permission === needed ? 200 : 403);
      }
      expect((await call(route, customer)).statusCode, route).toBe(403);
    }
  }, 120_000); // about 1,100 requests: more than the default when the cores are busy

  it('gives the store owner, and sub-accounts on the LEB and E2P plans, every permission', async () => {
    const owner = await issueToken(tenantId, { slug: 'owner', isAdmin: true });
    for (const route of adminRoutes()) expect((await call(route, owner)).statusCode, route).toBe(200);
    const leb = await createTenant('perm-leb');
    const { Tenant } = await import('@platform/db');
    await Tenant.updateOne({ _id: leb.id }, { $set: { plan: 'LEB' } });
    const staff = await issueToken(leb.id, { slug: 'staff', isAdmin: true, isSubAccount: true, permissions: [] });
    const res = await harness.app.inject({ url: '/api/admin/search-synonyms', headers: { 'business-slug': 'perm-leb', authorization: `Bearer ${staff}` } });
    expect(res.statusCode).toBe(200);
  });
});
