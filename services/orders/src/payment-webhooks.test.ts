import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant, createTestApp, issueToken } from '@platform/server-kit/testing';
import { sealSecret } from '@platform/server-kit';
import { createCatalogueFixture } from '@platform/catalogue/testing';
import { stockLeft } from '@platform/catalogue';
import { cartService } from '@platform/cart';
import { BANK_DID_NOT_CONFIRM, LATE_PAYMENT_RELEASED, PAY_ON_CARD_PAGE } from '@platform/domain';
import { AdyenProvider, FiservProvider } from '@platform/payments';
import { StoreProfile } from '@platform/tenant-settings';
import { identityService } from '@platform/identity';
import {
  AUTHORIZE_NET_TEST_CARDS, CONNECT_CARD_FIELD, FAKE_CLIENT_KEY, FAKE_CONNECT_SHARED_SECRET, FAKE_CONNECT_STORE, FAKE_FISERV_API_KEY, FAKE_FISERV_API_SECRET,
  FAKE_LOGIN_ID, FAKE_SIGNATURE_KEY, FAKE_TRANSACTION_KEY, FISERV_TEST_CARDS, readConnectReturn, signNotificationItem, startFakeAdyen, startFakeAuthorizeNet,
  startFakeFiserv, type FakeAdyen, type FakeAuthorizeNet, type FakeFiserv,
} from '@platform/payments/testing';
import { inBackground } from '@platform/db';
import { Order, ordersService } from './index';
import { recoverAbandonedCheckouts } from './checkout';
import { messagesOf } from '@platform/queue';

/**
 * The card providers' webhooks (Adyen, Authorize.Net, Fiserv Connect's notification) and Connect's browser return,
 * against the real database and Redis and each provider's local fake: a signed event settles the order waiting for
 * it once, a forged one is refused and changes nothing, a replay changes nothing, another store's order is not touched.
 */

const inDb = <T>(query: () => PromiseLike<T>) => inBackground('test reads the database', query);

let harness: Awaited<ReturnType<typeof createTestApp>>;
let adyen: FakeAdyen;
let anet: FakeAuthorizeNet;
let fiserv: FakeFiserv;
const tenants: Record<string, string> = {};
const env = ['ADYEN_API_BASE', 'AUTHORIZE_NET_API_BASE', 'FISERV_API_BASE', 'FISERV_CONNECT_URL'] as const;
const envBefore = Object.fromEntries(env.map((name) => [name, process.env[name]]));

const origin = (slug: string) => `http://shop.${slug}.test`;
const headers = (slug: string, extra: Record<string, string> = {}) => ({ 'business-slug': slug, 'store-id': '1', origin: origin(slug), ...extra });
const contact = { first_name: 'Ana', last_name: 'Ruiz', email: 'ana.ruiz@example.com', telephone: '(503) 555-0177' };
const add = (slug: string, device: string, storeProductId = 21, quantity = 1) =>
  harness.app.inject({ method: 'POST', url: '/api/add-to-cart', headers: headers(slug), payload: { store_product_id: storeProductId, quantity, device_id: device } });
const submit = (slug: string, device: string, body: Record<string, unknown>) => harness.app.inject({
  method: 'POST', url: '/api/customer/orders/submit', headers: headers(slug),
  payload: { device_id: device, order_type: 0, ...contact, payment_method: 'card', ...body },
});
const cartCount = async (slug: string, device: string) =>
  (await harness.app.inject({ url: `/api/cart-parcels?device_id=${device}`, headers: headers(slug) })).json().data.item_count as number;
const stock = async (slug: string, storeProductId = 21) =>
  (await stockLeft({ redis: harness.resources.redis, prefix: harness.resources.queuePrefix }, tenants[slug], [storeProductId])).get(storeProductId)!;
type StoredOrder = {
  status: string; orderNumber: string; totalCents: number; history: { note: string }[];
  payment: { status: string; reference?: string; capturedCents?: number; refundedCents?: number; late?: { reference: string; status: string; cents: number }[] };
};
const stored = async (slug: string, id: string) => (await inDb(() => Order.findOne({ tenantId: tenants[slug], _id: id }).lean())) as unknown as StoredOrder;
const confirmations = async (slug: string, orderNumber: string) =>
  (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).flatMap((j) => messagesOf(j.data))
    .filter((d) => d.tenantId === tenants[slug] && d.kind === 'order-confirmation' && String(d.subject).includes(` ${orderNumber} `)).length;
/** The e-mails of one kind queued for an order of a store (the subject names its number). */
const mailsAbout = async (slug: string, kind: string, orderNumber: string) =>
  (await harness.resources.queues.notifications.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']))
    .flatMap((j) => messagesOf(j.data)).filter((d) => d.tenantId === tenants[slug] && d.kind === kind && String(d.subject).includes(` ${orderNumber} `));
const callback = (slug: string, id: string, device: string) =>
  harness.app.inject({ method: 'POST', url: `/api/customer/orders/callback/${id}`, headers: headers(slug), payload: { device_id: device } });
const post = (slug: string, url: string, payload: string, contentType: string, extra: Record<string, string> = {}) =>
  harness.app.inject({ method: 'POST', url, payload, headers: headers(slug, { 'content-type': contentType, ...extra }) });

beforeAll(async () => {
  [adyen, anet, fiserv] = await Promise.all([startFakeAdyen(), startFakeAuthorizeNet(), startFakeFiserv()]);
  Object.assign(process.env, { ADYEN_API_BASE: adyen.url, AUTHORIZE_NET_API_BASE: anet.url, FISERV_API_BASE: fiserv.apiBase, FISERV_CONNECT_URL: fiserv.connectUrl });
  harness = await createTestApp([cartService, ordersService, identityService], 'payment-webhooks');
  const adyenSettings = {
    payment_provider: 'adyen',
    adyen: { api_key: sealSecret(adyen.apiKey), merchant_account: adyen.merchantAccount, environment: 'test', client_key: 'test_PWHCLIENTKEY', hmac_key: sealSecret(adyen.hmacKey) },
  };
  const fiservSettings = {
    payment_provider: 'fiserv',
    fiserv: { api_key: sealSecret(FAKE_FISERV_API_KEY), api_secret: sealSecret(FAKE_FISERV_API_SECRET), store_id: FAKE_CONNECT_STORE, shared_secret: sealSecret(FAKE_CONNECT_SHARED_SECRET) },
  };
  const stores: Array<[string, Record<string, unknown>, boolean]> = [
    ['pwh-ady', adyenSettings, true],
    // Another store on the same Adyen account and Connect store (the worst case: the signatures verify there too).
    ['pwh-ady2', adyenSettings, false],
    ['pwh-anet', {
      payment_provider: 'authorize_net',
      authorize_net: { login_id: FAKE_LOGIN_ID, transaction_key: sealSecret(FAKE_TRANSACTION_KEY), client_key: FAKE_CLIENT_KEY, signature_key: sealSecret(FAKE_SIGNATURE_KEY) },
    }, true],
    ['pwh-fis', fiservSettings, true],
    ['pwh-fis2', fiservSettings, false],
  ];
  for (const [slug, payment, catalogue] of stores) {
    tenants[slug] = (await createTenant(slug, { domains: [`shop.${slug}.test`] })).id;
    if (catalogue) await createCatalogueFixture(tenants[slug], slug);
    await StoreProfile.create({ tenantId: tenants[slug], payment });
  }
});
afterAll(async () => {
  await harness?.close();
  await Promise.all([adyen?.close(), anet?.close(), fiserv?.close()]);
  for (const name of env) if (envBefore[name] === undefined) delete process.env[name]; else process.env[name] = envBefore[name];
});

describe('POST /api/payments/webhook/adyen', () => {
  /** Adyen's Drop-in card in its documented unencrypted test form; 4917 6100 0000 0000 is a 3-D Secure 2 test card. */
  const card = (number: string) => JSON.stringify({ type: 'scheme', encryptedCardNumber: `test_${number}`, encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737' });
  const notification = (order: { id: string; psp: string; cents: number }, success: boolean, key = adyen.hmacKey) => {
    const item = {
      pspReference: order.psp, originalReference: '', merchantAccountCode: adyen.merchantAccount, merchantReference: order.id,
      amount: { value: order.cents, currency: 'USD' }, eventCode: 'AUTHORISATION', success: String(success), eventDate: new Date().toISOString(), paymentMethod: 'visa',
    };
    return JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: { ...item, additionalData: { hmacSignature: signNotificationItem(item, key) } } }] });
  };
  const webhook = (slug: string, body: string) => post(slug, '/api/payments/webhook/adyen', body, 'application/json');
  /** A shopper whose card its bank must confirm: the order waits, its stock held. */
  const waitingOrder = async (device: string) => {
    await add('pwh-ady', device);
    const asked = await submit('pwh-ady', device, { payment_token: card('4917610000000000') });
    expect(asked.statusCode).toBe(202);
    const id = asked.json().confirm.order_id as string;
    const order = await stored('pwh-ady', id);
    return { id, psp: order.payment.reference!, cents: order.totalCents, number: order.orderNumber, redirect: asked.json().confirm.redirect_url as string };
  };

  it("the shopper back from the bank's page with Adyen's redirectResult has the order placed at once; another payment's result does not place it", async () => {
    const order = await waitingOrder('AdyRetn001');
    const other = await waitingOrder('AdyRetn002');
    const resultOf = async (redirect: string) => new URL((await fetch(redirect, { redirect: 'manual' })).headers.get('location')!).searchParams.get('redirectResult')!;
    const [mine, theirs] = [await resultOf(order.redirect), await resultOf(other.redirect)];
    const back = (redirectResult: string) => post('pwh-ady', `/api/customer/orders/callback/${order.id}`, JSON.stringify({ device_id: 'AdyRetn001', redirectResult }), 'application/json');

    const wrong = await back(theirs);
    expect(wrong.statusCode).toBe(409); // still waiting for its own bank's answer
    expect((await stored('pwh-ady', order.id)).status).toBe('awaiting_payment');

    const right = await back(mine);
    expect(right.statusCode).toBe(200);
    expect(right.json().order.order_number).toBe(order.number);
    expect(await stored('pwh-ady', order.id)).toMatchObject({ status: 'placed', payment: { status: 'paid', capturedCents: order.cents } });
  });

  it("an AUTHORISATION signed with the store's HMAC key places the order waiting for it, once; a forged one, a replay and another store change nothing", async () => {
    const before = await stock('pwh-ady');
    const order = await waitingOrder('AdyWebh001');
    expect(await stock('pwh-ady')).toBe(before - 1);
    // The shopper confirms on the bank's page (the fake's) and never comes back: the notification settles it.
    expect((await fetch(order.redirect, { redirect: 'manual' })).status).toBe(302);

    const forged = await webhook('pwh-ady', notification(order, true, '00'.repeat(32)));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ message: 'This payment callback could not be verified.' });
    expect((await stored('pwh-ady', order.id)).status).toBe('awaiting_payment');

    // Signed with the same key but sent to another store: received, and that store has no such order.
    const elsewhere = await webhook('pwh-ady2', notification(order, true));
    expect([elsewhere.statusCode, elsewhere.body]).toEqual([200, '[accepted]']);
    expect((await stored('pwh-ady', order.id)).status).toBe('awaiting_payment');

    const accepted = await webhook('pwh-ady', notification(order, true));
    expect([accepted.statusCode, accepted.body]).toEqual([200, '[accepted]']);
    expect(accepted.headers['content-type']).toMatch(/^text\/plain/);
    expect(await stored('pwh-ady', order.id)).toMatchObject({ status: 'placed', payment: { status: 'paid', capturedCents: order.cents } });
    expect(adyen.payments.get(order.psp)).toMatchObject({ capturedCents: order.cents });

    const replay = await webhook('pwh-ady', notification(order, true)); // Adyen sends it again
    expect([replay.statusCode, replay.body]).toEqual([200, '[accepted]']);
    expect(await confirmations('pwh-ady', order.number)).toBe(1);
    expect(await stock('pwh-ady')).toBe(before - 1);
    expect(await cartCount('pwh-ady', 'AdyWebh001')).toBe(0);
    expect((await callback('pwh-ady', order.id, 'AdyWebh001')).json().order).toMatchObject({ order_number: order.number, status: 'placed' });
  });

  it('a refused AUTHORISATION cancels the waiting order: stock back, the cart kept, the shopper told', async () => {
    const before = await stock('pwh-ady');
    const order = await waitingOrder('AdyWebh002');
    const refused = await webhook('pwh-ady', notification(order, false));
    expect([refused.statusCode, refused.body]).toEqual([200, '[accepted]']);
    const given = await stored('pwh-ady', order.id);
    expect(given).toMatchObject({ status: 'cancelled', payment: { status: 'declined' } });
    expect(given.history.map((h) => h.note)).toEqual(["The shopper's bank did not confirm the card payment."]);
    expect(await stock('pwh-ady')).toBe(before);
    expect(await cartCount('pwh-ady', 'AdyWebh002')).toBe(1);
    expect((await callback('pwh-ady', order.id, 'AdyWebh002')).json()).toMatchObject({ status: 422, message: BANK_DID_NOT_CONFIRM });
    // A later success for it is too late: the order stays cancelled.
    expect((await webhook('pwh-ady', notification(order, true))).statusCode).toBe(200);
    expect((await stored('pwh-ady', order.id)).status).toBe('cancelled');
    expect(await confirmations('pwh-ady', order.number)).toBe(0);
  });

  describe("a capture, cancel or refund Adyen answered 'received' and failed later (its outcome webhook)", () => {
    const owner = async () => ({ authorization: `Bearer ${await issueToken(tenants['pwh-ady'], { isAdmin: true, slug: 'pwh-owner' })}` });
    const admin = async (url: string, payload: Record<string, unknown>) =>
      harness.app.inject({ method: 'POST', url: `/api/admin/orders/${url}`, headers: headers('pwh-ady', await owner()), payload });
    const historyOnAdmin = async (id: string) =>
      ((await harness.app.inject({ url: `/api/admin/orders/${id}`, headers: headers('pwh-ady', await owner()) })).json().data.history as { note: string }[]).map((h) => h.note);
    /** A guest's order paid by a card that needs no bank page: placed, held and captured at once (received taken as done). */
    const paidOrder = async (device: string, quantity = 1) => {
      await add('pwh-ady', device, 21, quantity);
      const placed = await submit('pwh-ady', device, { payment_token: card('4111111111111111') });
      expect(placed.statusCode).toBe(200);
      const order = (await inDb(() => Order.findOne({ tenantId: tenants['pwh-ady'], orderNumber: placed.json().order.order_number }).lean())) as unknown as { _id: unknown } & StoredOrder;
      return { id: String(order._id), psp: order.payment.reference!, cents: order.totalCents };
    };
    const modification = (psp: string, kind: 'captures' | 'cancels' | 'refunds') => adyen.modifications.filter((m) => m.paymentPspReference === psp && m.kind === kind).at(-1)!;
    const accepted = async (slug: string, body: string) => expect(await webhook(slug, body).then((r) => [r.statusCode, r.body])).toEqual([200, '[accepted]']);

    it('a failed capture puts the payment back to authorized with a note for the store; a failed cancel of it too; success events, replays and another store change nothing', async () => {
      const order = await paidOrder('AdyMods001');
      const capture = modification(order.psp, 'captures');
      expect(capture.reference).toBe(order.id); // the outcome names the order (merchantReference)
      const before = await stored('pwh-ady', order.id);
      expect(before.payment).toMatchObject({ status: 'paid', capturedCents: order.cents });

      await accepted('pwh-ady', adyen.notification(capture.pspReference, 'CAPTURE', true));
      expect(await stored('pwh-ady', order.id)).toEqual(before);

      const failed = adyen.notification(capture.pspReference, 'CAPTURE_FAILED');
      await accepted('pwh-ady2', failed); // another store on the same account: not its order
      expect(await stored('pwh-ady', order.id)).toEqual(before);
      await accepted('pwh-ady', failed);
      const after = await stored('pwh-ady', order.id);
      expect(after).toMatchObject({ status: 'placed', payment: { status: 'authorized', capturedCents: 0 } });
      const note = `Adyen did not take the card payment of $${(order.cents / 100).toFixed(2)} after all (the capture failed): this order is not paid. Please take payment again.`;
      expect(after.history.map((h) => h.note)).toEqual([note]);
      expect(await historyOnAdmin(order.id)).toEqual([note]);
      await accepted('pwh-ady', failed); // Adyen sends it again
      expect(await stored('pwh-ady', order.id)).toEqual(after);

      // The store cancels it: the hold is released (a cancel, not a refund), and Adyen fails that too.
      expect((await admin('cancel', { id: order.id, reason: 'Not paid' })).statusCode).toBe(200);
      expect((await stored('pwh-ady', order.id)).payment.status).toBe('voided');
      const cancel = modification(order.psp, 'cancels');
      await accepted('pwh-ady', adyen.notification(cancel.pspReference, 'CANCELLATION', false));
      const held = await stored('pwh-ady', order.id);
      expect(held).toMatchObject({ status: 'cancelled', payment: { status: 'authorized' } });
      expect(held.history.at(-1)!.note).toBe("Adyen did not release the card hold after all (the cancel failed): the amount is still held on the shopper's card. Please release it in Adyen's Customer Area.");
      expect(adyen.payments.get(order.psp)).toMatchObject({ state: 'authorised', capturedCents: 0 });
    });

    it('a failed refund gives the refunded cents back to what is true, once, and the same refund can then be made again (a new request to Adyen)', async () => {
      const order = await paidOrder('AdyMods002', 3);
      const itemId = `${order.id}.0`;
      expect((await admin(`cancelItem/${itemId}`, { qty: 1 })).statusCode).toBe(200);
      const one = (await stored('pwh-ady', order.id)).payment as { refundedCents: number; status: string };
      expect(one).toMatchObject({ status: 'paid' });
      const refund = modification(order.psp, 'refunds');
      expect(refund).toMatchObject({ reference: order.id, amount: { value: one.refundedCents } });

      await accepted('pwh-ady', adyen.notification(refund.pspReference, 'REFUND', true));
      expect((await stored('pwh-ady', order.id)).payment).toMatchObject({ refundedCents: one.refundedCents });

      const failed = adyen.notification(refund.pspReference, 'REFUND_FAILED');
      await accepted('pwh-ady', failed);
      await accepted('pwh-ady', failed); // a replay
      const after = await stored('pwh-ady', order.id);
      expect(after.payment).toMatchObject({ status: 'paid', capturedCents: order.cents, refundedCents: 0 });
      expect(after.history.at(-1)!.note).toBe(`Adyen did not refund $${(one.refundedCents / 100).toFixed(2)} to the card after all (the refund failed or came back): the shopper has not been paid back. Please refund it again.`);
      expect(after.history.filter((h) => h.note.startsWith('Adyen did not refund'))).toHaveLength(1);

      // The next refund of the same share is allowed and reaches Adyen as a request of its own (not the failed one's answer).
      expect((await admin(`cancelItem/${itemId}`, { qty: 1 })).statusCode).toBe(200);
      expect((await stored('pwh-ady', order.id)).payment).toMatchObject({ status: 'paid', refundedCents: one.refundedCents });
      expect(adyen.payments.get(order.psp)).toMatchObject({ refundedCents: one.refundedCents });
      expect(modification(order.psp, 'refunds').pspReference).not.toBe(refund.pspReference);
    });

    it("a technical cancel of a checkout never saved that Adyen fails is logged once, naming the order; a successful one changes nothing", async () => {
      const provider = new AdyenProvider({ apiKey: adyen.apiKey, merchantAccount: adyen.merchantAccount, environment: 'test' });
      const [lost, released] = ['6a1f00000000000000000001', '6a1f00000000000000000002'];
      await provider.voidByOrder(lost, `order-${lost}`, { idempotencyKey: `abandoned-void-${lost}` });
      await provider.voidByOrder(released, `order-${released}`, { idempotencyKey: `abandoned-void-${released}` });
      const technical = (orderId: string) => adyen.modifications.find((m) => m.kind === 'technical_cancel' && m.paymentReference === orderId)!;
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        await accepted('pwh-ady', adyen.notification(technical(released).pspReference, 'TECHNICAL_CANCEL', true));
        const failed = adyen.notification(technical(lost).pspReference, 'TECHNICAL_CANCEL', false);
        await accepted('pwh-ady', failed);
        await accepted('pwh-ady', failed);
        const lines = errors.mock.calls.map((c) => String(c[0]));
        expect(lines.filter((l) => l.includes(lost))).toEqual([`[orders] Adyen did not cancel the card hold of checkout ${lost} (its order was never saved): it lapses at the shopper's bank`]);
        expect(lines.some((l) => l.includes(released))).toBe(false);
      } finally {
        errors.mockRestore();
      }
    });
  });

  it('a notification that is no JSON, has no signature, or reaches a store not on Adyen is refused', async () => {
    for (const [slug, body] of [['pwh-ady', 'not json'], ['pwh-ady', JSON.stringify({ live: 'false', notificationItems: [] })], ['pwh-anet', notification({ id: '0'.repeat(24), psp: 'QFQTPCQ8HXSKGK82', cents: 100 }, true)]]) {
      const answer = await webhook(slug, body);
      expect(answer.statusCode, body).toBe(400);
    }
  });
});

describe('POST /api/payments/webhook/authorize_net', () => {
  const webhook = (slug: string, body: string, signature: string) => post(slug, '/api/payments/webhook/authorize_net', body, 'application/json', { 'x-anet-signature': signature });

  it("verifies X-ANET-Signature with the store's Signature Key; a placed order's events change nothing, replayed or not; forged or another store's are refused", async () => {
    // Authorize.Net's API has no 3-D Secure redirect: its card payments never wait, so its events find orders already placed.
    await add('pwh-anet', 'AnetWebh01');
    const placed = await submit('pwh-anet', 'AnetWebh01', { payment_token: anet.tokenFor(AUTHORIZE_NET_TEST_CARDS.visa) });
    expect(placed.statusCode).toBe(200);
    const order = (await inDb(() => Order.findOne({ tenantId: tenants['pwh-anet'], deviceId: 'AnetWebh01' }).lean())) as unknown as StoredOrder & { _id: unknown };
    expect(order.payment.status).toBe('paid');
    const event = anet.notification('net.authorize.payment.authcapture.created', order.payment.reference!);

    const forged = await webhook('pwh-anet', event.body, anet.notification('net.authorize.payment.authcapture.created', order.payment.reference!, 'F'.repeat(128)).signature);
    expect(forged.statusCode).toBe(400);
    expect((await webhook('pwh-anet', event.body, '')).statusCode).toBe(400);
    expect((await webhook('pwh-anet', `${event.body} `, event.signature)).statusCode).toBe(400); // the body is signed as sent
    expect((await webhook('pwh-ady', event.body, event.signature)).statusCode).toBe(400); // a store not on Authorize.Net

    for (let i = 0; i < 2; i += 1) {
      const answer = await webhook('pwh-anet', event.body, event.signature);
      expect(answer.json()).toEqual({ received: true });
    }
    expect(await stored('pwh-anet', String(order._id))).toMatchObject({ status: 'placed', payment: { status: 'paid' } });
    expect(await confirmations('pwh-anet', order.orderNumber)).toBe(1);
  });
});

describe('Fiserv Connect: POST /api/payments/fiserv/return and /api/payments/webhook/fiserv', () => {
  const form = 'application/x-www-form-urlencoded';
  /** The shopper pays on Connect's page (the fake's): it answers the page that posts itself back to us. */
  const payAtConnect = async (confirm: { form: { action_url: string; fields: Record<string, string> } }, cardNumber: string) => {
    const page = await fetch(confirm.form.action_url, { method: 'POST', headers: { 'content-type': form }, body: new URLSearchParams({ ...confirm.form.fields, [CONNECT_CARD_FIELD]: cardNumber }) });
    expect(page.status).toBe(200);
    return readConnectReturn(await page.text());
  };
  const waitingOrder = async (device: string) => {
    await add('pwh-fis', device);
    const asked = await submit('pwh-fis', device, { payment_token: 'fiserv_connect' });
    expect(asked.statusCode).toBe(202);
    return asked.json() as { status: boolean; message: string; confirm: { order_id: string; redirect_url: string; form: { action_url: string; fields: Record<string, string> } } };
  };
  const returnFrom = (slug: string, fields: Record<string, string>) => post(slug, '/api/payments/fiserv/return', new URLSearchParams(fields).toString(), form);
  const notify = (slug: string, body: string) => post(slug, '/api/payments/webhook/fiserv', body, form);

  it("the shopper's return, signed with response_hash, places the order waiting for Connect; the notification after it and a second return change nothing", async () => {
    const before = await stock('pwh-fis');
    const asked = await waitingOrder('FisConn001');
    expect({ status: asked.status, message: asked.message }).toEqual({ status: false, message: PAY_ON_CARD_PAGE });
    const { confirm } = asked;
    expect(confirm.redirect_url).toBe(fiserv.connectUrl);
    expect(confirm.form.fields).toMatchObject({
      txntype: 'preauth', storename: FAKE_CONNECT_STORE, oid: confirm.order_id, currency: '840',
      responseSuccessURL: `${origin('pwh-fis')}/api/payments/fiserv/return`, transactionNotificationURL: `${origin('pwh-fis')}/api/payments/webhook/fiserv`,
      hashExtended: expect.any(String),
    });
    expect(JSON.stringify(confirm)).not.toContain(FAKE_CONNECT_SHARED_SECRET);
    const waiting = await stored('pwh-fis', confirm.order_id);
    expect(waiting.status).toBe('awaiting_payment');
    expect(confirm.form.fields.chargetotal).toBe((waiting.totalCents / 100).toFixed(2));
    expect(await stock('pwh-fis')).toBe(before - 1);
    expect(await cartCount('pwh-fis', 'FisConn001')).toBe(1);
    // Back early (the callback before Connect answered): still waiting.
    expect((await callback('pwh-fis', confirm.order_id, 'FisConn001')).statusCode).toBe(409);

    const back = await payAtConnect(confirm, FISERV_TEST_CARDS.approved);
    expect(back.action).toBe(`${origin('pwh-fis')}/api/payments/fiserv/return`);
    // A tampered answer (another total, or no hash) is refused and changes nothing.
    for (const tampered of [{ ...back.fields, chargetotal: '0.01' }, { ...back.fields, response_hash: '' }, { ...back.fields, approval_code: 'Y:000000:0000000000:PPX:000000000' }]) {
      expect((await returnFrom('pwh-fis', tampered)).statusCode).toBe(400);
    }
    expect((await stored('pwh-fis', confirm.order_id)).status).toBe('awaiting_payment');

    const returned = await returnFrom('pwh-fis', back.fields);
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`${origin('pwh-fis')}/cart?payment=${confirm.order_id}`);
    const placed = await stored('pwh-fis', confirm.order_id);
    expect(placed).toMatchObject({ status: 'placed', payment: { status: 'paid', reference: back.fields.ipgTransactionId, capturedCents: waiting.totalCents } });
    expect(fiserv.transaction(back.fields.ipgTransactionId)).toMatchObject({ state: 'CAPTURED', capturedCents: waiting.totalCents });
    expect(await cartCount('pwh-fis', 'FisConn001')).toBe(0);
    expect((await callback('pwh-fis', confirm.order_id, 'FisConn001')).json().order).toMatchObject({ order_number: placed.orderNumber, status: 'placed', payment: { status: 'paid' } });

    const notification = fiserv.connectNotifications.find((n) => n.body.includes(confirm.order_id))!;
    expect(notification.url).toBe(`${origin('pwh-fis')}/api/payments/webhook/fiserv`);
    for (let i = 0; i < 2; i += 1) expect((await notify('pwh-fis', notification.body)).json()).toEqual({ received: true });
    expect((await returnFrom('pwh-fis', back.fields)).statusCode).toBe(303); // the browser's back button
    expect(await confirmations('pwh-fis', placed.orderNumber)).toBe(1);
    expect(await stock('pwh-fis')).toBe(before - 1);
  });

  it("the notification alone settles a declined payment: the order is cancelled, stock back, the cart kept; a forged one or another store's changes nothing", async () => {
    const before = await stock('pwh-fis');
    const { confirm } = await waitingOrder('FisConn002');
    const back = await payAtConnect(confirm, FISERV_TEST_CARDS.notAuthenticated);
    expect(back.fields.status).toBe('DECLINED');
    const notification = fiserv.connectNotifications.find((n) => n.body.includes(confirm.order_id))!;

    const forged = new URLSearchParams(notification.body);
    forged.set('notification_hash', Buffer.from('forged').toString('base64'));
    expect((await notify('pwh-fis', forged.toString())).statusCode).toBe(400);
    expect((await notify('pwh-fis', notification.body.replace(/&?notification_hash=[^&]*/, ''))).statusCode).toBe(400);
    expect((await post('pwh-fis', '/api/payments/webhook/fiserv', notification.body, 'application/json')).statusCode).toBe(400);
    // Another store on the same Connect store verifies it, and has no such order.
    expect((await notify('pwh-fis2', notification.body)).json()).toEqual({ received: true });
    expect((await stored('pwh-fis', confirm.order_id)).status).toBe('awaiting_payment');
    expect(await stock('pwh-fis')).toBe(before - 1);

    expect((await notify('pwh-fis', notification.body)).json()).toEqual({ received: true });
    const given = await stored('pwh-fis', confirm.order_id);
    expect(given).toMatchObject({ status: 'cancelled', payment: { status: 'declined' } });
    expect(await stock('pwh-fis')).toBe(before);
    expect(await cartCount('pwh-fis', 'FisConn002')).toBe(1);
    // The shopper's browser arrives after it: sent on to the cart, which reads why.
    const returned = await returnFrom('pwh-fis', back.fields);
    expect([returned.statusCode, returned.headers.location]).toEqual([303, `${origin('pwh-fis')}/cart?payment=${confirm.order_id}`]);
    expect((await callback('pwh-fis', confirm.order_id, 'FisConn002')).json()).toMatchObject({ status: 422, message: BANK_DID_NOT_CONFIRM });
    expect(await confirmations('pwh-fis', given.orderNumber)).toBe(0);
  });

  /** Nobody back within 30 minutes: the reconcile job gives every waiting order of the store up (the waits made 0 here). */
  const giveUpWaitingOrders = () => recoverAbandonedCheckouts({ resources: harness.resources }, tenants['pwh-fis'], 0, 0);
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  it("Connect's approval after the order was given up releases the hold at once: the order stays cancelled, its history and the shopper say so; repeats change nothing", async () => {
    const before = await stock('pwh-fis');
    const { confirm } = await waitingOrder('FisLate001');
    const back = await payAtConnect(confirm, FISERV_TEST_CARDS.approved); // Connect holds the money; its answers come late
    const reference = back.fields.ipgTransactionId;
    await giveUpWaitingOrders();
    expect(await stored('pwh-fis', confirm.order_id)).toMatchObject({ status: 'cancelled', payment: { status: 'declined' } });
    expect(await stock('pwh-fis')).toBe(before);
    expect(fiserv.transaction(reference)).toMatchObject({ state: 'AUTHORIZED' });

    // The shopper's browser comes back from Connect's page after that.
    const returned = await returnFrom('pwh-fis', back.fields);
    expect([returned.statusCode, returned.headers.location]).toEqual([303, `${origin('pwh-fis')}/cart?payment=${confirm.order_id}`]);
    expect(fiserv.transaction(reference)).toMatchObject({ state: 'VOIDED' });
    const released = await stored('pwh-fis', confirm.order_id);
    expect(released).toMatchObject({ status: 'cancelled', payment: { status: 'voided', reference, late: [{ reference, status: 'voided', cents: released.totalCents }] } });
    expect(released.history.at(-1)!.note).toBe(`The card payment came after the order was given up: its hold of ${money(released.totalCents)} was released.`);
    // The cart page reads why (the cart is kept), and the shopper is e-mailed.
    expect((await callback('pwh-fis', confirm.order_id, 'FisLate001')).json()).toMatchObject({ status: 422, message: LATE_PAYMENT_RELEASED });
    expect(await cartCount('pwh-fis', 'FisLate001')).toBe(1);
    const told = await mailsAbout('pwh-fis', 'order-late-payment', released.orderNumber);
    expect(told).toEqual([expect.objectContaining({ channel: 'email', to: contact.email, subject: `Your order ${released.orderNumber} at pwh-fis store was cancelled: nothing is charged` })]);
    expect(told[0].text).toContain('The hold on your card is released: you are not charged.');

    // Connect's notification (twice) and the back button afterwards: nothing more is sent to Fiserv, written or told.
    const notification = fiserv.connectNotifications.find((n) => n.body.includes(confirm.order_id))!;
    for (let i = 0; i < 2; i += 1) expect((await notify('pwh-fis', notification.body)).json()).toEqual({ received: true });
    expect((await returnFrom('pwh-fis', back.fields)).statusCode).toBe(303);
    const after = await stored('pwh-fis', confirm.order_id);
    expect([after.payment.late, after.history]).toEqual([released.payment.late, released.history]);
    expect(fiserv.requests.filter((r) => r.path === `/payments/${reference}` && r.body?.requestType === 'VoidTransaction')).toHaveLength(1);
    expect(await mailsAbout('pwh-fis', 'order-late-payment', released.orderNumber)).toHaveLength(1);
    expect(await confirmations('pwh-fis', released.orderNumber)).toBe(0);
    expect(await stock('pwh-fis')).toBe(before);
  });

  it('a late approval whose money was taken already is refunded in full through the notification alone, once', async () => {
    const { confirm } = await waitingOrder('FisLate002');
    const back = await payAtConnect(confirm, FISERV_TEST_CARDS.approved);
    const reference = back.fields.ipgTransactionId;
    await giveUpWaitingOrders();
    // The payment is taken at Fiserv meanwhile (as a Connect sale is).
    const total = (await stored('pwh-fis', confirm.order_id)).totalCents;
    await new FiservProvider({ apiKey: FAKE_FISERV_API_KEY, apiSecret: FAKE_FISERV_API_SECRET, apiBase: fiserv.apiBase }).capture(reference);
    expect(fiserv.transaction(reference)).toMatchObject({ state: 'CAPTURED', capturedCents: total });

    const notification = fiserv.connectNotifications.find((n) => n.body.includes(confirm.order_id))!;
    expect((await notify('pwh-fis', notification.body)).json()).toEqual({ received: true });
    expect(fiserv.transaction(reference)).toMatchObject({ refundedCents: total });
    const refunded = await stored('pwh-fis', confirm.order_id);
    expect(refunded).toMatchObject({
      status: 'cancelled', payment: { status: 'refunded', capturedCents: total, refundedCents: total, late: [{ reference, status: 'refunded', cents: total }] },
    });
    expect(refunded.history.at(-1)!.note).toBe(`The card payment of ${money(total)} came after the order was given up: refunded in full.`);
    const told = await mailsAbout('pwh-fis', 'order-late-payment', refunded.orderNumber);
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain(`Your payment of ${money(total)} is refunded in full.`);

    // The shopper's late return finds it done.
    expect((await returnFrom('pwh-fis', back.fields)).statusCode).toBe(303);
    expect((await callback('pwh-fis', confirm.order_id, 'FisLate002')).json()).toMatchObject({ status: 422, message: LATE_PAYMENT_RELEASED });
    expect(fiserv.requests.filter((r) => r.path === `/payments/${reference}` && r.body?.requestType === 'ReturnTransaction')).toHaveLength(1);
    expect((await stored('pwh-fis', confirm.order_id)).payment.late).toHaveLength(1);
    expect(await mailsAbout('pwh-fis', 'order-late-payment', refunded.orderNumber)).toHaveLength(1);
  });

  it('a Connect answer whose order is not this store\'s is 404 at the return; Connect is refused for a card to save', async () => {
    const { confirm } = await waitingOrder('FisConn003');
    const back = await payAtConnect(confirm, FISERV_TEST_CARDS.approved);
    expect((await returnFrom('pwh-fis2', back.fields)).statusCode).toBe(404);
    expect((await stored('pwh-fis', confirm.order_id)).status).toBe('awaiting_payment');
    await add('pwh-fis', 'FisConn004');
    const saving = await submit('pwh-fis', 'FisConn004', { payment_token: 'fiserv_connect', save_card: true });
    expect(saving.statusCode).toBe(422);
    expect(Object.keys(saving.json().errors)).toEqual(['save_card']);
  });
});
