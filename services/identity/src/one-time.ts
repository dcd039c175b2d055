import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import { scoped } from '@platform/db';
import type { RequestContext } from '@platform/server-kit';
import { OneTimeSecret, oneTimeSecretId } from './models';

/**
 * phone-change: the code texted to a new number, for one account (subject: '{slug}:{phone}'); checkout-phone: the
 * code a shopper confirms their mobile number with before ordering (subject: '{slug or device}:{phone}').
 */
export type SecretPurpose = 'otp' | 'magic-link' | 'reset' | 'phone-change' | 'checkout-phone';

/** How long each kind of secret lives and how many wrong tries use it up. */
export const SECRET_RULES: Record<SecretPurpose, { ttlMs: number; maxWrongTries: number }> = {
  otp: { ttlMs: 10 * 60_000, maxWrongTries: 5 },
  'magic-link': { ttlMs: 15 * 60_000, maxWrongTries: 5 },
  reset: { ttlMs: 30 * 60_000, maxWrongTries: 5 },
  'phone-change': { ttlMs: 10 * 60_000, maxWrongTries: 5 },
  'checkout-phone': { ttlMs: 10 * 60_000, maxWrongTries: 5 },
};

function newSecret(purpose: SecretPurpose): string {
  if (purpose === 'otp' || purpose === 'phone-change' || purpose === 'checkout-phone') return String(randomInt(0, 10_000)).padStart(4, '0');
  if (purpose === 'reset') return String(randomInt(0, 1_000_000)).padStart(6, '0');
  return randomBytes(32).toString('base64url');
}

/** Salted with the tenant and the subject, so equal codes of two people never share a hash. */
const digest = (ctx: RequestContext, subject: string, secret: string) => createHash('sha256').update(`${ctx.tenantId}:${subject}:${secret}`).digest();

/**
 * A new secret for the subject; only its hash is stored, under `oneTimeSecretId(tenant, purpose, subject)`, so it
 * replaces the previous one (which stops working) and is found by `_id`.
 */
export async function issueSecret(ctx: RequestContext, purpose: SecretPurpose, subject: string): Promise<string> {
  const secret = newSecret(purpose);
  const now = new Date();
  const _id = oneTimeSecretId(ctx.tenantId, purpose, subject);
  const doc = {
    _id, ...scoped(ctx), purpose, subject, secretHash: digest(ctx, subject, secret).toString('base64'),
    expiresAt: new Date(now.getTime() + SECRET_RULES[purpose].ttlMs), wrongTries: 0, usedAt: null, createdAt: now,
  };
  for (let attempt = 0; ; attempt += 1) {
    await OneTimeSecret.deleteOne(scoped(ctx, { _id }));
    try {
      await OneTimeSecret.create(doc);
      return secret;
    } catch (error) {
      // Two sends at once: the other's secret was stored in between; this one replaces it.
      if ((error as { code?: number }).code !== 11000 || attempt >= 2) throw error;
    }
  }
}

export type SecretCheck = 'ok' | 'wrong' | 'expired' | 'used-up' | 'missing';
/** What a person reads when a texted code is not accepted. */
export const CODE_MESSAGES: Record<Exclude<SecretCheck, 'ok'>, string> = {
  wrong: 'The verification code is not correct. Please try again.',
  'used-up': 'Too many wrong codes. Please request a new code.',
  expired: 'The verification code has expired. Please request a new code.',
  missing: 'The verification code has expired. Please request a new code.',
};


/**
 * Checks and uses up the subject's current secret. Comparison is timing-safe; a wrong try counts against it;
 * the single use is claimed in Redis (SET NX), as FerretDB does not apply concurrent updates atomically.
 */
export async function consumeSecret(ctx: RequestContext, redis: Redis, prefix: string, purpose: SecretPurpose, subject: string, secret: string): Promise<SecretCheck> {
  const doc = (await OneTimeSecret.findOne(scoped(ctx, { _id: oneTimeSecretId(ctx.tenantId, purpose, subject) })).lean()) as
    { _id: string; secretHash: string; expiresAt: Date; wrongTries: number; usedAt: Date | null } | null;
  if (!doc || doc.usedAt) return 'missing';
  if (doc.expiresAt.getTime() <= Date.now()) return 'expired';
  const rules = SECRET_RULES[purpose];
  if (doc.wrongTries >= rules.maxWrongTries) return 'used-up';
  const expected = Buffer.from(doc.secretHash, 'base64');
  const actual = digest(ctx, subject, secret.trim());
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    await OneTimeSecret.updateOne(scoped(ctx, { _id: doc._id }), { $inc: { wrongTries: 1 } });
    return doc.wrongTries + 1 >= rules.maxWrongTries ? 'used-up' : 'wrong';
  }
  // Claimed by the secret's hash: a re-issued secret has the same _id but another hash.
  const claimed = await redis.set(`${prefix}:secret-used:${doc._id}:${doc.secretHash}`, '1', 'PX', rules.ttlMs, 'NX');
  if (claimed !== 'OK') return 'missing';
  await OneTimeSecret.updateOne(scoped(ctx, { _id: doc._id }), { $set: { usedAt: new Date() } });
  return 'ok';
}
