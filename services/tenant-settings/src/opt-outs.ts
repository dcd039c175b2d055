import { randomBytes } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import type { Redis } from 'ioredis';
import { keyedId, scoped, tenantOwned } from '@platform/db';
import { OPT_OUT_LINK_INVALID, OPT_OUTS, type OptOutKind } from '@platform/domain';
import { AppError, hashToken, type RequestContext } from '@platform/server-kit';
import { StoreProfile } from './models';
import { forgetStoreProfile } from './service';
import { forgetStartup } from './startup';

/** The _id of an opt-out link: the tenant and the token's hash, so following a link is one lookup by _id (docs/DATA-ACCESS.md rule 2). */
export const optOutTokenId = (tenantId: string, tokenHash: string) => keyedId(tenantId, 'opt-out', tokenHash);

/**
 * A link token in an e-mail to the store owner, kept only as its hash; usedAt records the opt-out. One is made
 * with every reminder e-mail, so the collection grows: stored under `optOutTokenId`.
 */
const optOutTokenSchema = new Schema({
  _id: { type: String },
  kind: { type: String, enum: Object.keys(OPT_OUTS), required: true },
  tokenHash: { type: String, required: true },
  usedAt: { type: Date, default: null },
}, { timestamps: true });
optOutTokenSchema.plugin(tenantOwned, { growing: true });
optOutTokenSchema.pre('validate', function keyed() {
  this._id = optOutTokenId(this.get('tenantId') as string, this.get('tokenHash') as string);
});
export const OptOutToken = mongoose.models.OptOutToken ?? mongoose.model('OptOutToken', optOutTokenSchema);

/** The business-details flag each opt-out turns off. */
const FLAG: Record<OptOutKind, string> = { 'wizard-reminders': 'wizard_reminders', 'landing-page-auto-update': 'landing_page_auto_update' };

/** For the mailer: a new link (path + token) that stops this kind of e-mail or update for the tenant. */
export async function optOutLink(tenantId: string, kind: OptOutKind): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const tokenHash = hashToken(token);
  await OptOutToken.create({ _id: optOutTokenId(tenantId, tokenHash), tenantId, kind, tokenHash });
  return `${OPT_OUTS[kind].path}?token=${token}`;
}

/**
 * Records the opt-out a link asks for: the flag off in business details, when and through which link.
 * Following the same link again says the same; another store's or a made-up token is refused.
 */
export async function optOut(ctx: RequestContext, redis: Redis, prefix: string, kind: OptOutKind, token: string) {
  const _id = optOutTokenId(ctx.tenantId, hashToken(token)); // another store's token names another _id: not found
  const link = await OptOutToken.findOne(scoped(ctx, { _id })).lean() as { kind: string; usedAt: Date | null } | null;
  if (!link || link.kind !== kind) throw new AppError('not_found', OPT_OUT_LINK_INVALID);
  if (!link.usedAt) {
    const usedAt = new Date();
    await OptOutToken.updateOne(scoped(ctx, { _id }), { $set: { usedAt } });
    await StoreProfile.updateOne(scoped(ctx), { $set: { [`business.${FLAG[kind]}`]: false, [`business.${FLAG[kind]}_off_at`]: usedAt } }, { upsert: true });
    forgetStoreProfile(ctx.tenantId);
    await forgetStartup(redis, prefix, ctx.tenantId);
  }
  return { status: 'success', message: OPT_OUTS[kind].done };
}
