import { randomBytes } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import type { Redis } from 'ioredis';
import { scoped, tenantOwned } from '@platform/db';
import { OPT_OUT_LINK_INVALID, OPT_OUTS, type OptOutKind } from '@platform/domain';
import { AppError, hashToken, type RequestContext } from '@platform/server-kit';
import { StoreProfile } from './models';
import { forgetStoreProfile } from './service';
import { forgetStartup } from './startup';

/** A link token in an e-mail to the store owner, kept only as its hash; usedAt records the opt-out. */
const optOutTokenSchema = new Schema({
  kind: { type: String, enum: Object.keys(OPT_OUTS), required: true },
  tokenHash: { type: String, required: true },
  usedAt: { type: Date, default: null },
}, { timestamps: true });
optOutTokenSchema.plugin(tenantOwned);
optOutTokenSchema.index({ tenantId: 1, tokenHash: 1 }, { unique: true });
export const OptOutToken = mongoose.models.OptOutToken ?? mongoose.model('OptOutToken', optOutTokenSchema);

/** The business-details flag each opt-out turns off. */
const FLAG: Record<OptOutKind, string> = { 'wizard-reminders': 'wizard_reminders', 'landing-page-auto-update': 'landing_page_auto_update' };

/** For the mailer: a new link (path + token) that stops this kind of e-mail or update for the tenant. */
export async function optOutLink(tenantId: string, kind: OptOutKind): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await OptOutToken.create({ tenantId, kind, tokenHash: hashToken(token) });
  return `${OPT_OUTS[kind].path}?token=${token}`;
}

/**
 * Records the opt-out a link asks for: the flag off in business details, when and through which link.
 * Following the same link again says the same; another store's or a made-up token is refused.
 */
export async function optOut(ctx: RequestContext, redis: Redis, prefix: string, kind: OptOutKind, token: string) {
  const link = await OptOutToken.findOne(scoped(ctx, { kind, tokenHash: hashToken(token) }));
  if (!link) throw new AppError('not_found', OPT_OUT_LINK_INVALID);
  if (!link.usedAt) {
    link.usedAt = new Date();
    await link.save();
    await StoreProfile.updateOne(scoped(ctx), { $set: { [`business.${FLAG[kind]}`]: false, [`business.${FLAG[kind]}_off_at`]: link.usedAt } }, { upsert: true });
    forgetStoreProfile(ctx.tenantId);
    await forgetStartup(redis, prefix, ctx.tenantId);
  }
  return { status: 'success', message: OPT_OUTS[kind].done };
}
