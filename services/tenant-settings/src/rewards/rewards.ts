import { randomInt } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { scoped, tenantOwned } from '@platform/db';
import {
  maskMemberNumber, normalizeEmail, normalizePhone, REWARDS_ALREADY_MEMBER, REWARDS_NOT_OFFERED, rewardsNotFound, rewardsSignupProblems, rewardsWelcome,
  type RewardsSignupInput,
} from '@platform/domain';
import { AppError, rejectFieldProblems, tooManyAttempts, type RequestContext } from '@platform/server-kit';
import { getBusinessDetails } from '../service';

/** A member of the store's rewards programme; points are credited by the store's point-of-sale. */
const rewardsMemberSchema = new Schema({
  memberNumber: { type: String, required: true },
  firstName: String, lastName: String, email: String, phone: String, zip: String,
  points: { type: Number, default: 0 },
  customerSlug: { type: String, default: null },
}, { timestamps: true });
rewardsMemberSchema.plugin(tenantOwned);
rewardsMemberSchema.index({ tenantId: 1, memberNumber: 1 }, { unique: true });
rewardsMemberSchema.index({ tenantId: 1, email: 1 });
rewardsMemberSchema.index({ tenantId: 1, phone: 1 });
export const RewardsMember = mongoose.models.RewardsMember ?? mongoose.model('RewardsMember', rewardsMemberSchema);

/** The programme exists for cooperative stores that switched it on; its lookup field comes from business settings. */
async function programme(ctx: RequestContext) {
  const business = await getBusinessDetails(ctx);
  if (ctx.tenant.variant !== 'hardware-cooperative' || !business.rewards_enabled) throw new AppError('not_found', REWARDS_NOT_OFFERED);
  return { lookupField: business.loyality_lookup_field === 'email' ? 'email' as const : 'phone' as const };
}

const view = (m: { memberNumber: string; firstName: string; points: number }, masked: boolean) => ({
  member_number: masked ? maskMemberNumber(m.memberNumber) : m.memberNumber, first_name: m.firstName, points: m.points,
});

export async function rewardsSignup(ctx: RequestContext, input: RewardsSignupInput) {
  await programme(ctx);
  rejectFieldProblems(rewardsSignupProblems(input));
  const email = normalizeEmail(input.email);
  const phone = normalizePhone(input.phone)!;
  if (await RewardsMember.exists(scoped(ctx, { $or: [{ email }, { phone }] }))) throw new AppError('unprocessable', REWARDS_ALREADY_MEMBER);
  const member = await RewardsMember.create({
    tenantId: ctx.tenantId, memberNumber: `48${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
    firstName: input.first_name.trim(), lastName: input.last_name.trim(), email, phone, zip: input.zip.trim(),
    customerSlug: ctx.caller && !ctx.caller.isAdmin ? ctx.caller.slug : null,
  });
  return { status: 'success', message: rewardsWelcome(member.firstName, member.memberNumber), data: view(member, false) };
}

const LOOKUP_WINDOW_S = 15 * 60;

/** Looks a member up by the store's lookup field; per IP rate-limited, and only the last 4 digits of the number shown. */
export function rewardsLookup(redis: Redis, prefix: string) {
  // REWARDS_LOOKUP_IP_LIMIT changes the 30 lookups an IP may make in 15 minutes.
  const points = Number(process.env.REWARDS_LOOKUP_IP_LIMIT ?? 30);
  const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:rate:rewards-lookup`, points, duration: LOOKUP_WINDOW_S });
  return async (ctx: RequestContext, ip: string, value: string) => {
    const { lookupField } = await programme(ctx);
    try {
      await limiter.consume(ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw tooManyAttempts(error.msBeforeNext);
    }
    const key = lookupField === 'email' ? normalizeEmail(value) : normalizePhone(value);
    const member = key ? await RewardsMember.findOne(scoped(ctx, { [lookupField]: key })).lean() as { memberNumber: string; firstName: string; points: number } | null : null;
    if (!member) throw new AppError('not_found', rewardsNotFound(lookupField));
    return { status: 'success', data: view(member, true) };
  };
}
