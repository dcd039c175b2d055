import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AccessToken } from '@platform/db';
import type { LoginResponse } from '@platform/contracts';
import type { PlatformQueues } from '@platform/queue';
import { hashToken, type RequestContext } from '@platform/server-kit';
import { effectivePermissions, SESSION_DAYS, SHORT_SESSION_DAYS } from '@platform/domain';
import type { RateLimit } from './rate-limits';

/** What the identity flows need besides the request: Redis (single use), the queues (codes and links), the limits. */
export interface IdentityIo { redis: Redis; prefix: string; queues: Pick<PlatformQueues, 'notifications'>; limit: RateLimit }

export interface CustomerDoc {
  _id: unknown; slug: string; email: string; telephone: string | null; firstName: string; lastName: string; passwordHash: string;
  isAdmin: boolean; isDeveloper: boolean; isSubAccount?: boolean; permissions: string[]; receiveMarketing: boolean; receiveSms: boolean; accountNumber: string; customInfo: Record<string, unknown>;
}

/** A new revocable bearer token (stored only as its hash) and the login answer of spec 2 §3. */
export async function startSession(ctx: RequestContext, customer: CustomerDoc, remember = true): Promise<LoginResponse> {
  const token = randomBytes(32).toString('base64url');
  const lifetimeDays = remember ? SESSION_DAYS : SHORT_SESSION_DAYS;
  await AccessToken.create({
    tenantId: ctx.tenantId, tokenHash: hashToken(token), customerId: String(customer._id), customerSlug: customer.slug, isAdmin: customer.isAdmin,
    isSubAccount: Boolean(customer.isSubAccount), permissions: customer.permissions,
    lifetimeDays, expiresAt: new Date(Date.now() + lifetimeDays * 86400_000),
  });
  return sessionAnswer(ctx, customer, token);
}

/** The login answer; permissions are the effective ones (own list, plan, business allow-lists). */
export function sessionAnswer(ctx: RequestContext, customer: CustomerDoc, token: string): LoginResponse {
  return {
    status: 'success', message: 'You are signed in.', mfa: false, token: null, showContact: false, access_token: token, is_admin: customer.isAdmin,
    data: {
      customer: {
        slug: customer.slug, first_name: customer.firstName, last_name: customer.lastName, receive_marketing: customer.receiveMarketing,
        permissions: effectivePermissions({ isAdmin: customer.isAdmin, isSubAccount: Boolean(customer.isSubAccount), permissions: customer.permissions }, ctx.tenant),
      },
      is_developer: customer.isDeveloper,
    },
  };
}

