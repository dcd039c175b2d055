import mongoose, { Schema } from 'mongoose';
import { PAYMENT_PROVIDERS } from '@platform/contracts';
import { looksLikeCardNumber } from '@platform/domain';
import { keyedId, scoped, tenantOwned, type TenantContext } from '@platform/db';
import { CARD_PAYMENTS_NOT_AVAILABLE, paymentProviderFor, type PaymentProvider } from '@platform/payments';
import { AppError, type RequestContext } from '@platform/server-kit';
import { getPaymentSettings, storedPaymentSettings } from '@platform/tenant-settings';

/** A card the customer chose to keep: only the payment provider's reference and what may be shown. */
export interface SavedCard { source: string; brand: string; last4: string; exp_month: number; exp_year: number }

/**
 * Where saved cards live: the vault of the store's card provider (Stripe: PaymentMethods attached to a Stripe
 * Customer). Card numbers never reach our servers; a card is added with the provider's token from its hosted
 * payment form, and the platform keeps only the customer's reference at the provider.
 */
export interface CardVault {
  list(ctx: RequestContext, customerSlug: string): Promise<SavedCard[]>;
  add(ctx: RequestContext, customerSlug: string, newSource: string): Promise<SavedCard>;
  remove(ctx: RequestContext, customerSlug: string, source: string): Promise<boolean>;
}

/**
 * The customer's account at one card provider (Stripe: a Customer, cus_…): one small document per customer and
 * provider under `cardCustomerId(tenant, provider, slug)`, read and written by `_id`. The cards themselves stay
 * at the provider.
 */
const cardCustomerSchema = new Schema({
  _id: { type: String, required: true },
  customerSlug: { type: String, required: true },
  provider: { type: String, required: true },
  reference: { type: String, required: true },
}, { timestamps: true });
cardCustomerSchema.plugin(tenantOwned, { growing: true });
export const CardCustomer = mongoose.models.CardCustomer ?? mongoose.model('CardCustomer', cardCustomerSchema);
export const cardCustomerId = (ctx: TenantContext, provider: string, customerSlug: string): string => keyedId(ctx.tenantId, 'card-customer', provider, customerSlug);

/** The customer's reference at the store's provider, or null before their first saved card. */
export async function cardCustomerRef(ctx: RequestContext, provider: string, customerSlug: string): Promise<string | null> {
  const doc = (await CardCustomer.findOne(scoped(ctx, { _id: cardCustomerId(ctx, provider, customerSlug) }), { reference: 1 }).lean()) as { reference?: string } | null;
  return doc?.reference ?? null;
}

/**
 * Keeps the customer's reference made by their first saved card. Two first cards saved at the same moment make
 * two provider customers: the first kept wins and is answered, so the caller can tell its card went elsewhere.
 */
export async function keepCardCustomerRef(ctx: RequestContext, provider: string, customerSlug: string, reference: string): Promise<string> {
  const _id = cardCustomerId(ctx, provider, customerSlug);
  await CardCustomer.updateOne(scoped(ctx, { _id }), { $setOnInsert: { customerSlug, provider, reference } }, { upsert: true });
  return (await cardCustomerRef(ctx, provider, customerSlug)) ?? reference;
}

/** Forgets the customer's references at every provider (their account is deleted; their cards were removed first). */
export async function forgetCardCustomer(ctx: RequestContext, customerSlug: string): Promise<void> {
  await Promise.all(PAYMENT_PROVIDERS.map((provider) => CardCustomer.deleteOne(scoped(ctx, { _id: cardCustomerId(ctx, provider, customerSlug) }))));
}

/** The store's card provider, or null when the store takes payment at the store only. A store set up wrongly refuses cards (422). */
export async function storeCardProvider(ctx: RequestContext): Promise<PaymentProvider | null> {
  const provider = paymentProviderFor(await storedPaymentSettings(ctx));
  return provider.name === 'pay_at_store' ? null : provider;
}

export const CARD_NUMBER_REFUSED = 'Card numbers are not accepted here: cards are saved through the payment form.';

const shown = ({ source, brand, last4, exp_month, exp_year }: SavedCard): SavedCard => ({ source, brand, last4, exp_month, exp_year });

/** Saved cards in the vault of the store's card provider; a store without one keeps no cards. */
export class ProviderCardVault implements CardVault {
  async list(ctx: RequestContext, customerSlug: string): Promise<SavedCard[]> {
    const provider = await storeCardProvider(ctx).catch(() => null);
    const ref = provider && await cardCustomerRef(ctx, provider.name, customerSlug);
    return provider && ref ? (await provider.listCards(ref)).map(shown) : [];
  }

  async add(ctx: RequestContext, customerSlug: string, newSource: string): Promise<SavedCard> {
    const provider = await storeCardProvider(ctx);
    if (!provider) throw new AppError('unprocessable', CARD_PAYMENTS_NOT_AVAILABLE, { newSource: [CARD_PAYMENTS_NOT_AVAILABLE] });
    return shown(await saveCardWith(ctx, provider, customerSlug, newSource.trim()));
  }

  async remove(ctx: RequestContext, customerSlug: string, source: string): Promise<boolean> {
    const provider = await storeCardProvider(ctx).catch(() => null);
    const ref = provider && await cardCustomerRef(ctx, provider.name, customerSlug);
    if (!provider || !ref) return false;
    try {
      await provider.deleteCard(ref, source);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.type === 'not_found') return false;
      throw error;
    }
  }
}

/**
 * Saves a card (the provider's token) for the customer with the given provider, making their provider customer
 * with the first card. Answers the card with the customer reference it is attached to (checkout charges it with that).
 */
export async function saveCardWith(ctx: RequestContext, provider: PaymentProvider, customerSlug: string, token: string): Promise<SavedCard & { customerRef: string }> {
  if (looksLikeCardNumber(token)) throw new AppError('unprocessable', CARD_NUMBER_REFUSED, { newSource: [CARD_NUMBER_REFUSED] });
  const ref = await cardCustomerRef(ctx, provider.name, customerSlug);
  const saved = await provider.saveCard(ref, token);
  if (ref) return saved;
  const kept = await keepCardCustomerRef(ctx, provider.name, customerSlug, saved.customerRef);
  if (kept === saved.customerRef) return saved;
  // Another first card won the race: this one is detached from the extra customer, and the shopper asked to try again.
  await provider.deleteCard(saved.customerRef, saved.source).catch(() => undefined);
  throw new AppError('conflict', 'Another card was being saved at the same moment. Please try again.');
}

function customer(ctx: RequestContext): string {
  if (!ctx.caller) throw new AppError('unauthorized', 'Please sign in to manage your saved cards.');
  // A store account is signed in, but has no cards of its own to keep.
  if (ctx.caller.isAdmin) throw new AppError('forbidden', 'Saved cards belong to shopper accounts.');
  return ctx.caller.slug;
}

/** Anything that looks like a card number (13-19 digits, spaces or dashes allowed) is refused before any provider call. */

export async function listCards(ctx: RequestContext, vault: CardVault) {
  return vault.list(ctx, customer(ctx));
}

export async function addCard(ctx: RequestContext, vault: CardVault, newSource: string) {
  const slug = customer(ctx);
  if (looksLikeCardNumber(newSource)) throw new AppError('unprocessable', CARD_NUMBER_REFUSED, { newSource: [CARD_NUMBER_REFUSED] });
  // Saved only where cards are offered (cards_offered: libs/domain cardSetupMissing), as checkout would take them.
  if (!(await getPaymentSettings(ctx)).cards_offered) throw new AppError('unprocessable', CARD_PAYMENTS_NOT_AVAILABLE, { newSource: [CARD_PAYMENTS_NOT_AVAILABLE] });
  return vault.add(ctx, slug, newSource);
}

export async function deleteCard(ctx: RequestContext, vault: CardVault, source: string) {
  if (!(await vault.remove(ctx, customer(ctx), source))) throw new AppError('not_found', 'This card was not found.');
}
