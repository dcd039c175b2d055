// Shared bits of every answer: the error body, money, list pages, postal addresses.
import { Type, type Static } from 'typebox';

/** The one error body for every 4xx/5xx answer. `errors` names offending fields. */
export const ErrorBody = Type.Object({
  status: Type.Integer(),
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
}, { $id: 'ErrorBody' });
export type ErrorBody = Static<typeof ErrorBody>;

/** Money as the API shows it: a string with 2 decimals, e.g. "12.90". */
export const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$' });

/** A page of a list answer, as admin lists return it. */
export interface Paged<T> { data: T[]; total: number; current_page: number; last_page: number }

/** A postal address (street line, second line, city, state, zip, country), as the cart keeps it for delivery and shipping. */
export const Address = Type.Object({
  address: Type.String(),
  address2: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zip: Type.String(),
  country: Type.String(),
});
export type Address = Static<typeof Address>;

/** An address as an order shows it: the postal address without its country. */
export const OrderAddress = Type.Omit(Address, ['country']);
export type OrderAddress = Static<typeof OrderAddress>;

/** An address as a request sends it: every field optional, with its length limit. */
export const AddressInput = Type.Object({
  address: Type.Optional(Type.String({ maxLength: 200 })),
  address2: Type.Optional(Type.String({ maxLength: 200 })),
  city: Type.Optional(Type.String({ maxLength: 100 })),
  state: Type.Optional(Type.String({ maxLength: 50 })),
  zip: Type.Optional(Type.String({ maxLength: 10 })),
  country: Type.Optional(Type.String({ maxLength: 56 })),
});
export type AddressInput = Static<typeof AddressInput>;

/** A list's page number, 1-based. Bounded so a page number is always a safe integer in the answer's current_page. */
export const PageNumber = Type.Integer({ minimum: 1, maximum: 100_000, default: 1 });
