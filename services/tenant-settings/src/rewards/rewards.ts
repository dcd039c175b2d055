import { randomInt } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { keyedId, scoped, tenantOwned } from '@platform/db';
import {
  maskMemberNumber, normalizeEmail, normalizePhone, REWARDS_ALREADY_MEMBER, REWARDS_NOT_OFFERED, rewardsNotFound, rewardsSignupProblems, rewardsWelcome,
  type RewardsSignupInput,
} from '@platform/domain';
import { AppError, rejectFieldProblems, tooManyAttempts, type RequestContext } from '@platform/server-kit';
import { getBusinessDetails } from '../service';

/** The _id of a member: the tenant and the member number, by which the point-of-sale credits points (docs/DATA-ACCESS.md rule 2). */
export const rewardsMemberId = (tenantId: string, memberNumber: string) => keyedId(tenantId, 'rewards-member', memberNumber);
/** The _id of the key document that finds a member by e-mail or phone (normalised). */
export const rewardsKeyId = (tenantId: string, field: 'email' | 'phone', value: string) => keyedId(tenantId, `rewards-${field}`, value);

/**
 * A member of the store's rewards programme; points are credited by the store's point-of-sale. Grows with the
 * store's customers: stored under `rewardsMemberId` and found by e-mail or phone through a RewardsKey, all by _id.
 */
const rewardsMemberSchema = new Schema({
  _id: { type: String },
  memberNumber: { type: String, required: true },
  firstName: String, lastName: String, email: String, phone: String, zip: String,
  points: { type: Number, default: 0 },
  customerSlug: { type: String, default: null },
}, { timestamps: true });
rewardsMemberSchema.plugin(tenantOwned, { growing: true });
rewardsMemberSchema.pre('validate', function keyed() {
  this._id = rewardsMemberId(this.get('tenantId') as string, this.get('memberNumber') as string);
});
export const RewardsMember = mongoose.models.RewardsMember ?? mongoose.model('RewardsMember', rewardsMemberSchema);

/**
 * A member's e-mail or phone, claimed by inserting this document under `rewardsKeyId` (rule 2): a second member
 * with the same e-mail or phone fails on the duplicate _id, on FerretDB too.
 */
const rewardsKeySchema = new Schema({
  _id: { type: String },
  memberId: { type: String, required: true },
});
rewardsKeySchema.plugin(tenantOwned, { growing: true });
export const RewardsKey = mongoose.models.RewardsKey ?? mongoose.model('RewardsKey', rewardsKeySchema);

const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;

/** Thrown by enrolRewardsMember when the e-mail or phone already belongs to a member. */
export class AlreadyRewardsMember extends Error {}

export interface RewardsMemberInput { memberNumber?: string; firstName: string; lastName: string; email: string; phone: string; zip: string; points?: number; customerSlug?: string | null }

/**
 * Enrols a member (signup, the seed): the member under its number (a new random one, or the one given), then its
 * e-mail and phone keys. A key already taken undoes what was written and throws AlreadyRewardsMember.
 */
export async function enrolRewardsMember(tenantId: string, input: RewardsMemberInput): Promise<{ memberNumber: string; firstName: string; points: number }> {
  const ctx = { tenantId };
  const email = normalizeEmail(input.email);
  const phone = normalizePhone(input.phone) ?? input.phone;
  type Member = { _id: string; memberNumber: string; firstName: string; points: number };
  const create = async (attempt: number): Promise<Member> => {
    const memberNumber = input.memberNumber ?? `48${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    try {
      return (await RewardsMember.create({ ...input, email, phone, _id: rewardsMemberId(tenantId, memberNumber), tenantId, memberNumber })).toObject() as Member;
    } catch (error) {
      if (!isDuplicate(error) || input.memberNumber || attempt >= 5) throw error;
      return create(attempt + 1); // a random number already taken: draw again
    }
  };
  const member = await create(0);
  const claimed: string[] = [];
  try {
    for (const [field, value] of [['email', email], ['phone', phone]] as const) {
      const _id = rewardsKeyId(tenantId, field, value);
      await RewardsKey.create({ _id, tenantId, memberId: member._id });
      claimed.push(_id);
    }
  } catch (error) {
    await Promise.all(claimed.map((_id) => RewardsKey.deleteOne(scoped(ctx, { _id }))));
    await RewardsMember.deleteOne(scoped(ctx, { _id: member._id }));
    if (isDuplicate(error)) throw new AlreadyRewardsMember();
    throw error;
  }
  return member;
}

/** The member an e-mail or phone belongs to: its key by _id, then the member by _id. */
async function memberBy(ctx: { tenantId: string }, field: 'email' | 'phone', value: string) {
  const key = await RewardsKey.findOne(scoped(ctx, { _id: rewardsKeyId(ctx.tenantId, field, value) })).lean() as { memberId: string } | null;
  if (!key) return null;
  return await RewardsMember.findOne(scoped(ctx, { _id: key.memberId })).lean() as { memberNumber: string; firstName: string; points: number } | null;
}

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
  const taken = await Promise.all([
    RewardsKey.exists(scoped(ctx, { _id: rewardsKeyId(ctx.tenantId, 'email', email) })),
    RewardsKey.exists(scoped(ctx, { _id: rewardsKeyId(ctx.tenantId, 'phone', phone) })),
  ]);
  if (taken.some(Boolean)) throw new AppError('unprocessable', REWARDS_ALREADY_MEMBER);
  let member;
  try {
    member = await enrolRewardsMember(ctx.tenantId, {
      firstName: input.first_name.trim(), lastName: input.last_name.trim(), email, phone, zip: input.zip.trim(),
      customerSlug: ctx.caller && !ctx.caller.isAdmin ? ctx.caller.slug : null,
    });
  } catch (error) {
    if (error instanceof AlreadyRewardsMember) throw new AppError('unprocessable', REWARDS_ALREADY_MEMBER); // enrolled at the same moment
    throw error;
  }
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
    const member = key ? await memberBy(ctx, lookupField, key) : null;
    if (!member) throw new AppError('not_found', rewardsNotFound(lookupField));
    return { status: 'success', data: view(member, true) };
  };
}
