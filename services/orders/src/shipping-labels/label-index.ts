import type { Redis } from 'ioredis';
import { inBackground, scoped, singleFlight } from '@platform/db';
import { scanKeys } from '@platform/queue';
import { formatCents, LABEL_CARRIER_IDS, LABEL_CARRIER_NAMES, LABEL_STATUS_LABELS, type LabelCarrierId } from '@platform/domain';
import type { ShippingLabel as LabelView } from '@platform/contracts';
import { ShippingLabel, type StoredLabel } from './models';

/**
 * The store's labels in Redis (docs/DATA-ACCESS.md rule 3): a sorted set of label ids by time bought, one per
 * order, and each label's row in one hash, so a page of the labels list needs no database read. Written with each
 * purchase and refund; rebuilt from the database in the background when Redis lost it.
 */
export interface LabelIndexStore { redis: Redis; prefix: string }

// v2: rows name who the label was bought through (provider: EasyPost or a drop-ship supplier).
const LAYOUT = 'labels-v2';
const base = (s: LabelIndexStore, tenantId: string) => `${s.prefix}:shipping-labels:${tenantId}`;
export const labelKeys = {
  built: (s: LabelIndexStore, t: string) => `${base(s, t)}:built`,
  all: (s: LabelIndexStore, t: string) => `${base(s, t)}:all`,
  order: (s: LabelIndexStore, t: string, orderId: string) => `${base(s, t)}:order:${orderId}`,
  rows: (s: LabelIndexStore, t: string) => `${base(s, t)}:rows`,
  /** The rates last quoted for an order's parcel (what {id}/buy may buy), kept a day. */
  quote: (s: LabelIndexStore, t: string, orderId: string) => `${s.prefix}:shipping-quote:${t}:${orderId}`,
};

/** The carrier a label was bought through (labels bought before suppliers were offered are EasyPost's). */
const labelProvider = (carrier: string | undefined): LabelCarrierId => ((LABEL_CARRIER_IDS as readonly string[]).includes(carrier ?? '') ? carrier as LabelCarrierId : 'easypost');

/** A label as the API answers it. */
export function labelView(l: StoredLabel): LabelView {
  const id = String(l._id);
  return {
    id, order_id: l.orderId, order_number: l.orderNumber, customer_name: l.customerName ?? '', carrier: l.carrierName, service: l.service,
    rate: formatCents(l.rateCents), insured_amount: l.insuredCents ? formatCents(l.insuredCents) : null, insurance_fee: formatCents(l.insuranceFeeCents ?? 0),
    total: formatCents(l.rateCents + (l.insuranceFeeCents ?? 0)), tracking_code: l.trackingCode, tracking_url: l.trackingUrl ?? null,
    status: l.status, status_label: LABEL_STATUS_LABELS[l.status],
    parcel: { weight_oz: l.parcel.weightOz, length: l.parcel.length ?? null, width: l.parcel.width ?? null, height: l.parcel.height ?? null },
    bought_at: new Date(l.boughtAt).toISOString(), bought_by: l.boughtBy ?? null,
    refund_asked_at: l.refundAskedAt ? new Date(l.refundAskedAt).toISOString() : null,
    file_url: `admin/shipping/labels/${id}/file`,
    provider: labelProvider(l.carrier), provider_name: LABEL_CARRIER_NAMES[labelProvider(l.carrier)],
  };
}

/** Lists a label (or its new status) in one Redis transaction (or the given batch). */
export async function indexLabel(s: LabelIndexStore, tenantId: string, label: StoredLabel, batch?: ReturnType<Redis['multi']>): Promise<void> {
  const id = String(label._id);
  const at = new Date(label.boughtAt).getTime();
  const multi = batch ?? s.redis.multi();
  multi.zadd(labelKeys.all(s, tenantId), at, id).zadd(labelKeys.order(s, tenantId, label.orderId), at, id).hset(labelKeys.rows(s, tenantId), id, JSON.stringify(labelView(label)));
  if (!batch) await multi.exec();
}

const building = singleFlight();

/** Makes sure the store's label lists are in Redis, rebuilding them from the database once if not. */
export function ensureLabelIndex(s: LabelIndexStore, tenantId: string): Promise<void> {
  const key = `${s.prefix}|${tenantId}`;
  return building(key, async () => {
    if (await s.redis.get(labelKeys.built(s, tenantId)) === LAYOUT) return;
    await inBackground('rebuild the shipping label lists in Redis', async () => {
      const stale = await scanKeys(s.redis, `${base(s, tenantId)}:*`);
      if (stale.length) await s.redis.del(...stale);
      let multi = s.redis.multi();
      let count = 0;
      for await (const doc of ShippingLabel.find(scoped({ tenantId })).lean().cursor({ batchSize: 2000 })) {
        await indexLabel(s, tenantId, doc as unknown as StoredLabel, multi);
        if (++count % 2000 === 0) { await multi.exec(); multi = s.redis.multi(); }
      }
      await multi.exec();
      await s.redis.set(labelKeys.built(s, tenantId), LAYOUT);
    });
  });
}

/** One page of the store's labels (or one order's), newest first, and how many there are. */
export async function labelPage(s: LabelIndexStore, tenantId: string, q: { page: number; limit: number; orderId?: string }): Promise<{ rows: LabelView[]; total: number }> {
  await ensureLabelIndex(s, tenantId);
  const key = q.orderId ? labelKeys.order(s, tenantId, q.orderId) : labelKeys.all(s, tenantId);
  const start = (q.page - 1) * q.limit;
  const [ids, total] = await Promise.all([s.redis.zrevrange(key, start, start + q.limit - 1), s.redis.zcard(key)]);
  const rows = ids.length ? await s.redis.hmget(labelKeys.rows(s, tenantId), ...ids) : [];
  return { rows: rows.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as LabelView), total };
}

/** Forgets the store's label lists (a reseed, a test of a lost Redis): rebuilt from the database when next read. */
export async function forgetLabelIndex(s: LabelIndexStore, tenantId: string): Promise<void> {
  const keys = await scanKeys(s.redis, `${base(s, tenantId)}:*`);
  if (keys.length) await s.redis.del(...keys);
}

/**
 * An erased customer's order: its labels keep carrier, cost and tracking but no longer name the person (the label
 * documents by `_id`, their list rows after). The carrier's label file itself is the printed label, kept as the
 * shipment's record (docs/CUSTOMER-PRIVACY.md).
 */
export async function eraseLabelNames(s: LabelIndexStore, ctx: { tenantId: string }, orderId: string, erasedName: string): Promise<void> {
  await ensureLabelIndex(s, ctx.tenantId);
  const ids = await s.redis.zrange(labelKeys.order(s, ctx.tenantId, orderId), '0', '-1');
  for (const id of ids) {
    await ShippingLabel.updateOne(scoped(ctx, { _id: id }), { $set: { customerName: erasedName } });
    const label = (await ShippingLabel.findOne(scoped(ctx, { _id: id })).lean()) as unknown as StoredLabel | null;
    if (label) await indexLabel(s, ctx.tenantId, label);
  }
}
