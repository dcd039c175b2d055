import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant, createTestApp } from '@platform/server-kit/testing';
import { AppError, backgroundContext, resolvedTenant, sealSecret, type RequestContext } from '@platform/server-kit';
import { createStripeClient, type PaymentProvider } from '@platform/payments';
import { fakeProviderSettings, startProviderFakes, type FakedProvider } from '@platform/payments/testing';
import { PROVIDER_TEST_CARDS } from '@platform/domain';
import { StoreProfile } from '@platform/tenant-settings';
import { inBackground, mongoose, Tenant } from '@platform/db';
import { Order, ordersService } from './index';
import { cardProvider } from './card-payment';
import { holdCard, voidAbandonedCardHolds } from './card-holds';
import { orderLock } from './order-lock';

// The window between the provider's approval and the note of the card hold (issue 27), against the Stripe stand-in
// (it keeps the PaymentIntents it made and answers Stripe's search by metadata from them).
let harness: Awaited<ReturnType<typeof createTestApp>>;
let tenantId: string;
let ctx: RequestContext;
let io: { resources: Awaited<ReturnType<typeof createTestApp>>['resources'] };
const stripe = createStripeClient('sk_test_holds');
const notes = () => harness.resources.redis.zrange(`${harness.resources.queuePrefix}:card-holds:${tenantId}`, '0', '-1');
const statusAtStripe = async (pi: string) => (await stripe.paymentIntents.retrieve(pi)).status;

/**
 * The store's provider in a process that stops: `after` the provider approved the hold, before the checkout heard the
 * answer (nothing after authorize runs, as when the process dies), or `before` its request left. Answers the provider
 * and the references Stripe gave.
 */
async function stoppingProvider(when: 'after' | 'before', store = ctx) {
  const real = await cardProvider(store);
  const references: string[] = [];
  const provider = Object.create(real) as PaymentProvider;
  provider.authorize = async (...args) => {
    if (when === 'before') throw new Error('the process stopped');
    references.push((await real.authorize(...args)).reference);
    throw new Error('the process stopped');
  };
  return { provider, references };
}
const hold = (provider: PaymentProvider, orderId: string, token = 'pm_card_visa', store = ctx) =>
  holdCard(store, io, provider, { customerSlug: null, token, saveCard: false, totalCents: 3200, orderId });

beforeAll(async () => {
  harness = await createTestApp([ordersService], 'card-holds');
  io = { resources: harness.resources };
  tenantId = (await createTenant('holds-a')).id;
  await StoreProfile.create({ tenantId, payment: { payment_provider: 'stripe', stripe: { publishable_key: 'pk_test_holds', secret_key: sealSecret('sk_test_holds') } } });
  ctx = backgroundContext(resolvedTenant((await inBackground('test reads the store', () => Tenant.findOne({ _id: tenantId }).lean())) as never));
});
afterAll(async () => {
  await fakes?.close();
  await harness?.close();
});

let fakes: Awaited<ReturnType<typeof startProviderFakes>> | undefined;
/** A store taking cards through one provider's local fake, as its owner saves it in test mode. */
async function storeOn(provider: FakedProvider, settings: object): Promise<RequestContext> {
  const id = (await createTenant(`holds-${provider.replace('_', '')}`)).id;
  await StoreProfile.create({ tenantId: id, payment: { payment_provider: provider, [provider]: settings } });
  return backgroundContext(resolvedTenant((await inBackground('test reads the store', () => Tenant.findOne({ _id: id }).lean())) as never));
}

describe('card holds of checkouts that stopped', () => {
  it("voids at the provider the hold of a checkout that stopped right after the provider approved it, before it heard the reference: found by the order's id", async () => {
    const { provider, references } = await stoppingProvider('after');
    const orderId = String(new mongoose.Types.ObjectId());
    await expect(hold(provider, orderId)).rejects.toThrow('the process stopped');
    expect(await statusAtStripe(references[0])).toBe('requires_capture');
    expect(await notes()).toEqual([JSON.stringify([orderId, 'stripe'])]);
    expect(await voidAbandonedCardHolds(io, tenantId, 60_000)).toBe(0); // too recent to call abandoned
    expect(await statusAtStripe(references[0])).toBe('requires_capture');
    expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(1);
    expect(await statusAtStripe(references[0])).toBe('canceled');
    expect(await notes()).toEqual([]);
    expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(0);
  });

  it('only forgets such a note when its order was saved: the hold is the order\'s to capture', async () => {
    const { provider, references } = await stoppingProvider('after');
    const orderId = new mongoose.Types.ObjectId();
    await expect(hold(provider, String(orderId))).rejects.toThrow('the process stopped');
    await Order.create({
      _id: orderId, tenantId, orderNumber: 'HOLD-SAVED-1', status: 'placed', locationId: 1, totalCents: 3200, placedAt: new Date(),
      payment: { method: 'card', provider: 'stripe', reference: references[0], status: 'authorized', authorizedCents: 3200 },
      items: [{ productId: 8, storeProductId: 81, sku: '1008', title: 'One-off Vise', quantity: 1, priceCents: 3200, special: true }],
    });
    expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(0);
    expect(await statusAtStripe(references[0])).toBe('requires_capture');
    expect(await notes()).toEqual([]);
  });

  it('captures the hold of an order saved as paid whose checkout stopped before the capture; a capture that fails writes authorized back; one made already is not made again', async () => {
    const real = await cardProvider(ctx);
    // As placeCart saves a held card's order (paid, captured cents = held), then stops: the note stays, nothing captured.
    const saveAsPaid = async (number: string) => {
      const orderId = new mongoose.Types.ObjectId();
      const held = await hold(real, String(orderId));
      await Order.create({
        _id: orderId, tenantId, orderNumber: number, status: 'placed', locationId: 1, totalCents: 3200, placedAt: new Date(),
        payment: { method: 'card', provider: 'stripe', reference: held.authorization.reference, status: 'paid', authorizedCents: 3200, capturedCents: 3200 },
        items: [{ productId: 8, storeProductId: 81, sku: '1008', title: 'One-off Vise', quantity: 1, priceCents: 3200, special: true }],
      });
      return { orderId, reference: held.authorization.reference };
    };
    const payment = async (orderId: unknown) => ((await inBackground('test reads the order', () => Order.findOne({ _id: orderId, tenantId }).lean())) as { payment: object }).payment;
    const stopped = await saveAsPaid('HOLD-PAID-1');
    const refused = await saveAsPaid('HOLD-PAID-2');
    await stripe.paymentIntents.cancel(refused.reference); // nothing left to capture
    const done = await saveAsPaid('HOLD-PAID-3');
    // This one's checkout did capture (the key the checkout uses) and stopped before forgetting the note.
    expect(await real.capture(done.reference, 3200, { idempotencyKey: `capture-${String(done.orderId)}`, orderId: String(done.orderId) })).toBe(3200);
    expect(await notes()).toHaveLength(3);
    expect(await statusAtStripe(stopped.reference)).toBe('requires_capture');

    expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(0);
    expect(await statusAtStripe(stopped.reference)).toBe('succeeded');
    expect(await payment(stopped.orderId)).toMatchObject({ status: 'paid', capturedCents: 3200 });
    expect(await payment(refused.orderId)).toMatchObject({ status: 'authorized', capturedCents: 0 });
    expect(await statusAtStripe(done.reference)).toBe('succeeded');
    expect(await payment(done.orderId)).toMatchObject({ status: 'paid', capturedCents: 3200 });
    expect(await notes()).toEqual([]);
  });

  it("leaves such an order to the next run while the store acts on it (the order's lock is held): nothing captured or written, the note kept", async () => {
    const real = await cardProvider(ctx);
    const orderId = new mongoose.Types.ObjectId();
    const held = await hold(real, String(orderId));
    await Order.create({
      _id: orderId, tenantId, orderNumber: 'HOLD-LOCKED-1', status: 'placed', locationId: 1, totalCents: 3200, placedAt: new Date(),
      payment: { method: 'card', provider: 'stripe', reference: held.authorization.reference, status: 'paid', authorizedCents: 3200, capturedCents: 3200 },
      items: [{ productId: 8, storeProductId: 81, sku: '1008', title: 'One-off Vise', quantity: 1, priceCents: 3200, special: true }],
    });
    // A staff member's action holds the order (as withRedisLock takes it) for longer than the recovery waits.
    const lock = orderLock(ctx, io, String(orderId));
    await harness.resources.redis.set(lock, 'staff-action', 'PX', 60_000);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(0);
      expect(errors.mock.calls.map((c) => String(c[0])).join('\n')).toContain('its capture waits for the next run');
    } finally {
      errors.mockRestore();
    }
    expect(await statusAtStripe(held.authorization.reference)).toBe('requires_capture');
    expect(await notes()).toHaveLength(1);

    await harness.resources.redis.del(lock);
    expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(0);
    expect(await statusAtStripe(held.authorization.reference)).toBe('succeeded');
    expect(await notes()).toEqual([]);
  });

  it('forgets the note of a checkout whose request never reached the provider (nothing found) and of a declined card at once; completes the note of a hold with its reference', async () => {
    const { provider } = await stoppingProvider('before');
    await expect(hold(provider, String(new mongoose.Types.ObjectId()))).rejects.toThrow('the process stopped');
    expect(await notes()).toHaveLength(1);
    expect(await voidAbandonedCardHolds(io, tenantId, 0)).toBe(0);
    expect(await notes()).toEqual([]);

    const real = await cardProvider(ctx);
    const declined = await hold(real, String(new mongoose.Types.ObjectId()), 'pm_card_chargeDeclined').then(() => null, (error: unknown) => error);
    expect(declined).toBeInstanceOf(AppError);
    expect(await notes()).toEqual([]);

    const orderId = String(new mongoose.Types.ObjectId());
    const held = await hold(real, orderId);
    expect(await notes()).toEqual([JSON.stringify([orderId, 'stripe', held.authorization.reference])]);
    await held.release();
    expect([await notes(), await statusAtStripe(held.authorization.reference)]).toEqual([[], 'canceled']);
  });

  it("does the same through each other provider's fake: Plug'n Pay, Authorize.Net and Fiserv find the hold by the order, Adyen cancels it by the order's reference", async () => {
    fakes = await startProviderFakes();
    const { adyen } = fakes;
    const settings = fakeProviderSettings();
    const stores = {
      plugnpay: await storeOn('plugnpay', settings.plugnpay),
      authorize_net: await storeOn('authorize_net', settings.authorize_net),
      adyen: await storeOn('adyen', settings.adyen),
      fiserv: await storeOn('fiserv', settings.fiserv),
    };
    const held: Record<string, string> = {};
    for (const [name, store] of Object.entries(stores)) {
      const { provider, references } = await stoppingProvider('after', store);
      await expect(hold(provider, String(new mongoose.Types.ObjectId()), PROVIDER_TEST_CARDS[name as keyof typeof stores][0].token, store)).rejects.toThrow('the process stopped');
      held[name] = references[0];
    }
    const status = async (name: keyof typeof stores) => (await (await cardProvider(stores[name])).paymentStatus(held[name])).status;
    expect([await status('plugnpay'), await status('authorize_net'), adyen.payments.get(held.adyen)?.state, await status('fiserv')]).toEqual(['authorized', 'authorized', 'authorised', 'authorized']);
    const errors = vi.spyOn(console, 'error');
    try {
      for (const store of Object.values(stores)) await voidAbandonedCardHolds(io, store.tenantId, 0);
      expect(errors.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('cannot be asked by order'))).toEqual([]);
    } finally { errors.mockRestore(); }
    expect([await status('plugnpay'), await status('authorize_net'), adyen.payments.get(held.adyen)?.state, await status('fiserv')]).toEqual(['declined', 'declined', 'cancelled', 'declined']);
    for (const store of Object.values(stores)) expect(await harness.resources.redis.zcard(`${harness.resources.queuePrefix}:card-holds:${store.tenantId}`)).toBe(0);
  });
});
