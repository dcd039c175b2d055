// Customers signing in, and staff sub-accounts.
import { Type, type Static } from 'typebox';

export const CustomerSummary = Type.Object({
  slug: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  /** null: the shopper never answered (spec 2 §3 'default unset'); no marketing e-mails go to them. */
  receive_marketing: Type.Union([Type.Boolean(), Type.Null()]),
  permissions: Type.Array(Type.String()),
  /** A staff sub-account (true) or the store owner or a shopper (false): the admin menus leave out the owner's screens (docs/API-DECISIONS.md). */
  is_sub_account: Type.Boolean(),
});
export const LoginResponse = Type.Object({
  status: Type.String(),
  message: Type.String(),
  mfa: Type.Boolean(),
  token: Type.Union([Type.String(), Type.Null()]),
  showContact: Type.Boolean(),
  /** Spec 2 §3: a platform representative's sign-in into the store; always false (no such accounts: docs/API-DECISIONS.md). */
  master_login: Type.Boolean(),
  access_token: Type.String(),
  is_admin: Type.Boolean(),
  data: Type.Object({ customer: CustomerSummary, is_developer: Type.Boolean() }),
});
export type LoginResponse = Static<typeof LoginResponse>;

/** A staff sub-account with its effective permissions. */
/** A staff account; last_active_at: when it last used the back office (to the hour), null if it never signed in. */
export const SubAccount = Type.Object({
  slug: Type.String(), first_name: Type.String(), last_name: Type.String(), email: Type.String(), permissions: Type.Array(Type.String()),
  last_active_at: Type.Union([Type.String(), Type.Null()]),
  /** The store location the account works at: it sees only that location's orders (null: every location). */
  location_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type SubAccount = Static<typeof SubAccount>;
