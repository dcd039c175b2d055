// Fraud checks of an order (admin check-fingerprint, verify-fraud-detection): docs/FRAUD-CHECKS.md.
import { Type, type Static } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const FraudSignal = Type.Object({
  code: Type.Union([
    Type.Literal('card_shared'), Type.Literal('cvc_failed'), Type.Literal('postal_code_failed'), Type.Literal('address_failed'),
    Type.Literal('risk_elevated'), Type.Literal('billing_not_shipping'), Type.Literal('large_first_order'),
  ]),
  message: Type.String(),
});

export const FraudCheck = Type.Object({
  order_id: Type.String(),
  order_number: Type.String(),
  /** none: nothing asks for a look; review: at least one signal. */
  level: Type.Union([Type.Literal('none'), Type.Literal('review')]),
  signals: Type.Array(FraudSignal),
  /** Staff accepted the signals (verify-fraud-detection): who (account slug), when, their note and the signals then; null until then. */
  verified: Nullable(Type.Object({ at: Type.String(), by: Nullable(Type.String()), note: Type.String(), signals: Type.Array(Type.String()) })),
  /** The order needs review and is not verified: buying a shipping label asks first. */
  needs_confirmation: Type.Boolean(),
  /** The card as its provider told it (never its number); null when the order was not paid by card. */
  card: Nullable(Type.Object({
    brand: Nullable(Type.String()), last4: Nullable(Type.String()), provider: Nullable(Type.String()),
    /** Whether the provider gave the card's fingerprint (without it, other orders of the card cannot be found). */
    fingerprint_known: Type.Boolean(),
    cvc_check: Type.String(), address_check: Type.String(), postal_code_check: Type.String(),
    risk_level: Nullable(Type.String()),
  })),
  /** The store's other orders paid with the same card, newest first (up to 50). */
  same_card: Type.Array(Type.Object({ id: Type.String(), order_number: Type.String(), customer_name: Type.String(), email: Type.String(), status: Type.String(), placed_at: Type.String() })),
  /** Orders the customer (account or e-mail) placed before this one. */
  earlier_orders: Type.Integer(),
});
export type FraudCheck = Static<typeof FraudCheck>;

export const FraudCheckAnswer = Type.Object({ status: Type.String(), message: Type.String(), data: FraudCheck });
export type FraudCheckAnswer = Static<typeof FraudCheckAnswer>;
