// In-store ping ('Ask the store to check', spec 1 §7 tracking calls, spec 3 stats inStorePingItems): docs/IN-STORE-PING.md.
import { Type, type Static } from 'typebox';

/** Whether this shopper (the account, else this browser) has an open ping of the product at the chosen store. */
export const InStorePingState = Type.Object({ pinged: Type.Boolean(), pinged_at: Type.Union([Type.String(), Type.Null()]) });
export type InStorePingState = Static<typeof InStorePingState>;

/** What the three ping writes answer: the state after, and the sentence to show. */
export const InStorePingAnswer = Type.Object({ status: Type.Literal('success'), message: Type.String(), data: InStorePingState });
export type InStorePingAnswer = Static<typeof InStorePingAnswer>;

/** A ping's body: the product (its `id`) at the chosen store (Store-Id), and a guest's details. */
export const InStorePingBody = Type.Object({
  product_id: Type.Integer({ minimum: 1 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
});
export type InStorePingBody = Static<typeof InStorePingBody>;

/** GET admin/stats/inStorePingItems: pings per item at one store over a range of days, most pinged first. */
export const InStorePingItems = Type.Object({
  status: Type.Literal('success'),
  store_id: Type.Integer(),
  from_date: Type.String(),
  to_date: Type.String(),
  total_pings: Type.Integer(),
  data: Type.Array(Type.Object({
    product_id: Type.Integer(),
    store_product_id: Type.Union([Type.Integer(), Type.Null()]),
    sku: Type.String(),
    title: Type.String(),
    slug: Type.Union([Type.String(), Type.Null()]),
    image_url: Type.Union([Type.String(), Type.Null()]),
    /** Pings made in the range (cancelled ones not counted). */
    pings: Type.Integer(),
    /** Shoppers still waiting to hear it is in stock (all dates). */
    waiting: Type.Integer(),
    /** Stock at the store now; null when the store no longer sells it. */
    num_inventory: Type.Union([Type.Integer(), Type.Null()]),
  })),
});
export type InStorePingItems = Static<typeof InStorePingItems>;
