import { randomBytes } from 'node:crypto';
import { AccessToken, scoped } from '@platform/db';
import type { LoginResponse } from '@platform/contracts';
import { AppError, hashToken, type RequestContext } from '@platform/server-kit';
import { Customer } from './models';
import { verifyPassword } from './passwords';

export const SESSION_DAYS = 30;
export const INVALID_CREDENTIALS = 'These credentials do not match our records.';

/** E-mail + password sign-in: a new revocable bearer token, stored only as its hash. */
export async function loginWithPassword(ctx: RequestContext, email: string, password: string): Promise<LoginResponse> {
  const customer = (await Customer.findOne(scoped(ctx, { email: email.trim().toLowerCase() })).lean()) as any;
  // Same answer for an unknown e-mail and a wrong password, so accounts cannot be probed.
  if (!customer || !(await verifyPassword(password, customer.passwordHash))) {
    throw new AppError('unprocessable', INVALID_CREDENTIALS, { email: [INVALID_CREDENTIALS] });
  }
  const token = randomBytes(32).toString('base64url');
  await AccessToken.create({
    tenantId: ctx.tenantId,
    tokenHash: hashToken(token),
    customerId: String(customer._id),
    customerSlug: customer.slug,
    isAdmin: customer.isAdmin,
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86400_000),
  });
  return {
    status: 'success',
    message: 'You are signed in.',
    mfa: false,
    token: null,
    showContact: false,
    access_token: token,
    is_admin: customer.isAdmin,
    data: {
      customer: {
        slug: customer.slug,
        first_name: customer.firstName,
        last_name: customer.lastName,
        receive_marketing: customer.receiveMarketing,
        permissions: customer.permissions,
      },
      is_developer: customer.isDeveloper,
    },
  };
}

/** Revokes the token (query access_token or the bearer header). Signing out twice is not an error. */
export async function logout(ctx: RequestContext, accessToken: string | undefined): Promise<void> {
  const tokenHash = accessToken ? hashToken(accessToken) : ctx.caller?.tokenHash;
  if (!tokenHash) return;
  await AccessToken.updateOne(scoped(ctx, { tokenHash, revokedAt: null }), { $set: { revokedAt: new Date() } });
}
