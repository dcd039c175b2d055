import { randomBytes } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { keyedId, scoped, tenantOwned, type TenantContext } from '@platform/db';
import { AppError, type RequestContext } from '@platform/server-kit';

/** A card the customer chose to keep: only the payment provider's reference and what may be shown. */
export interface SavedCard { source: string; brand: string; last4: string; exp_month: number; exp_year: number }

/**
 * Where saved cards live: the payment provider's customer vault. Card numbers never reach our servers; a
 * card is added with the provider's token from its hosted payment form. Provider adapters (Stripe and the
 * others of spec 2) come with checkout; the local default below keeps references in the database.
 */
export interface CardVault {
  list(ctx: RequestContext, customerSlug: string): Promise<SavedCard[]>;
  add(ctx: RequestContext, customerSlug: string, newSource: string): Promise<SavedCard>;
  remove(ctx: RequestContext, customerSlug: string, source: string): Promise<boolean>;
}

/** One document per customer with their saved cards (a handful), under `savedCardsId(tenant, slug)`: read and changed by `_id`. */
const savedCardSchema = new Schema({
  _id: { type: String, required: true },
  customerSlug: { type: String, required: true },
  cards: {
    type: [{
      _id: false, source: { type: String, required: true }, brand: { type: String, required: true }, last4: { type: String, required: true },
      expMonth: { type: Number, required: true }, expYear: { type: Number, required: true }, createdAt: { type: Date, required: true },
    }],
    default: [],
  },
});
savedCardSchema.plugin(tenantOwned, { growing: true });
export const SavedCardModel = mongoose.models.SavedCard ?? mongoose.model('SavedCard', savedCardSchema);
export const savedCardsId = (ctx: TenantContext, customerSlug: string): string => keyedId(ctx.tenantId, 'cards', customerSlug);

/** The test tokens a provider's sandbox hands out for its test cards (the local default accepts only these). */
const TEST_TOKENS: Record<string, { brand: string; last4: string }> = {
  tok_visa: { brand: 'Visa', last4: '4242' }, tok_mastercard: { brand: 'Mastercard', last4: '4444' },
  tok_amex: { brand: 'American Express', last4: '8431' }, tok_discover: { brand: 'Discover', last4: '1117' },
};

export const CARD_NUMBER_REFUSED = 'Card numbers are not accepted here: cards are saved through the payment form.';
export const CARD_NOT_SAVED = 'This card could not be saved. Please check it and try again.';

/** The local default vault: sandbox test tokens only, kept as references in the database. */
export class LocalCardVault implements CardVault {
  async list(ctx: RequestContext, customerSlug: string): Promise<SavedCard[]> {
    const doc = (await SavedCardModel.findOne(scoped(ctx, { _id: savedCardsId(ctx, customerSlug) })).lean()) as
      { cards: { source: string; brand: string; last4: string; expMonth: number; expYear: number }[] } | null;
    return (doc?.cards ?? []).map((d) => ({ source: d.source, brand: d.brand, last4: d.last4, exp_month: d.expMonth, exp_year: d.expYear }));
  }

  async add(ctx: RequestContext, customerSlug: string, newSource: string): Promise<SavedCard> {
    const test = TEST_TOKENS[newSource.trim()];
    if (!test) throw new AppError('unprocessable', CARD_NOT_SAVED, { newSource: [CARD_NOT_SAVED] });
    const card = { source: `card_local_${randomBytes(8).toString('hex')}`, ...test, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 };
    await SavedCardModel.updateOne(scoped(ctx, { _id: savedCardsId(ctx, customerSlug) }), {
      $setOnInsert: { customerSlug },
      $push: { cards: { source: card.source, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year, createdAt: new Date() } },
    }, { upsert: true });
    return card;
  }

  async remove(ctx: RequestContext, customerSlug: string, source: string): Promise<boolean> {
    const _id = savedCardsId(ctx, customerSlug);
    const doc = (await SavedCardModel.findOne(scoped(ctx, { _id })).lean()) as { cards: { source: string }[] } | null;
    if (!doc?.cards.some((c) => c.source === source)) return false;
    // The last card gone: the customer's document goes too.
    if (doc.cards.length === 1) await SavedCardModel.deleteOne(scoped(ctx, { _id }));
    else await SavedCardModel.updateOne(scoped(ctx, { _id }), { $pull: { cards: { source } } });
    return true;
  }
}

function customer(ctx: RequestContext): string {
  if (!ctx.caller) throw new AppError('unauthorized', 'Please sign in to manage your saved cards.');
  // A store account is signed in, but has no cards of its own to keep.
  if (ctx.caller.isAdmin) throw new AppError('forbidden', 'Saved cards belong to shopper accounts.');
  return ctx.caller.slug;
}

/** Anything that looks like a card number (13-19 digits, spaces or dashes allowed) is refused before any provider call. */
const looksLikeCardNumber = (value: string) => /^[\d\s-]{13,23}$/.test(value) && value.replace(/\D/g, '').length >= 13;

export async function listCards(ctx: RequestContext, vault: CardVault) {
  return vault.list(ctx, customer(ctx));
}

export async function addCard(ctx: RequestContext, vault: CardVault, newSource: string) {
  const slug = customer(ctx);
  if (looksLikeCardNumber(newSource)) throw new AppError('unprocessable', CARD_NUMBER_REFUSED, { newSource: [CARD_NUMBER_REFUSED] });
  return vault.add(ctx, slug, newSource);
}

export async function deleteCard(ctx: RequestContext, vault: CardVault, source: string) {
  if (!(await vault.remove(ctx, customer(ctx), source))) throw new AppError('not_found', 'This card was not found.');
}
