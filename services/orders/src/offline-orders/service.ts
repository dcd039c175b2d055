import { Readable } from 'node:stream';
import mongoose from 'mongoose';
import { stringify } from 'csv-stringify/sync';
import { scoped } from '@platform/db';
import {
  activePromoCents, cartTax, formatCents, FULFILMENT_MODES, normalizeEmail, normalizePhone, OFFLINE_LOCATION_UNKNOWN, OFFLINE_NOT_SOLD_THERE, OFFLINE_ORDER_TYPE_LABELS,
  OFFLINE_RATING_RANGE, offlineOrderProblems, orderSearchQuery, OTHER_LOCATION_REFUSED, percentToBasisPoints, staffListLocation, staffSeesLocation, toCents, type OfflineOrderInput,
} from '@platform/domain';
import type { OfflineOrder as OfflineOrderView, OfflineOrderPage, PageRating as PageRatingView } from '@platform/contracts';
import { announceStockChange, releaseStock, reserveStock, writeStockChanges } from '@platform/catalogue';
import { getBusinessDetails } from '@platform/tenant-settings';
import { AppError, type RequestContext } from '@platform/server-kit';
import { queueStockReconcile, redisStore, storeLocations, type CheckoutIo } from '../checkout';
import { asText } from '../order-export';
import { indexOfflineOrder, offlineListIds, offlinePage, offlineRow, offlineRows, takeOfflineNumber } from './offline-index';
import { OfflineOrder, PageRating, pageRatingId, type OfflineOrderDoc } from './models';

export const OFFLINE_ORDER_NOT_FOUND = 'This offline order was not found.';

const fieldErrors = (problems: Record<string, string>) => Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]]));
const refuse = (problems: Record<string, string>): never => {
  throw new AppError('unprocessable', Object.values(problems)[0], fieldErrors(problems));
};

/** An offline order as the admin's screen shows it. */
export function offlineView(o: OfflineOrderDoc): OfflineOrderView {
  return {
    ...offlineRow(o),
    items: (o.items ?? []).map((l) => ({
      title: l.title, sku: l.sku ?? '', quantity: l.quantity, price: formatCents(l.priceCents), line_total: formatCents(l.priceCents * l.quantity), store_product_id: l.storeProductId ?? null,
    })),
    address: o.address ? { address: o.address.address ?? '', address2: o.address.address2 ?? '', city: o.address.city ?? '', state: o.address.state ?? '', zip: o.address.zip ?? '' } : null,
    note: o.note ?? '',
  };
}

/**
 * POST admin/offline-orders: staff enter an order taken by phone or at the counter. Checked first (the domain's
 * rules, the location, each catalogue item sold there), priced (catalogue items at the store's price now, free-text
 * lines as entered, the location's tax as checkout charges it), then the catalogue items' units are taken from the
 * location's stock through the catalogue's stock function checkout uses (all lines or none: 409 naming the short
 * one). Nothing is written when any of it fails.
 */
export async function enterOfflineOrder(ctx: RequestContext, io: CheckoutIo, input: OfflineOrderInput): Promise<OfflineOrderView> {
  const problems = offlineOrderProblems(input);
  if (Object.keys(problems).length) refuse(problems);
  if (!(await storeLocations(ctx)).has(input.location_id)) refuse({ location_id: OFFLINE_LOCATION_UNKNOWN });
  const index = await io.cart.catalogue.get(ctx.tenantId);
  const items: OfflineOrderDoc['items'] = [];
  const wrong: Record<string, string> = {};
  input.items.forEach((line, i) => {
    if (line.store_product_id === undefined) {
      items.push({ productId: null, storeProductId: null, sku: '', title: line.title!.trim(), quantity: line.quantity, priceCents: toCents(line.price!.trim()) });
      return;
    }
    const product = index.storeProduct(line.store_product_id);
    if (!product || product.location !== input.location_id) { wrong[`items.${i}.store_product_id`] = OFFLINE_NOT_SOLD_THERE; return; }
    items.push({ productId: product.id, storeProductId: product.store_product_id, sku: product.sku, title: product.title, quantity: line.quantity, priceCents: activePromoCents(product) ?? toCents(product.price) });
  });
  if (Object.keys(wrong).length) refuse(wrong);

  const delivery = input.order_type === 'delivery';
  const address = delivery ? {
    address: input.address?.address?.trim() ?? '', address2: input.address?.address2?.trim() ?? '', city: input.address?.city?.trim() ?? '',
    state: input.address?.state?.trim() ?? '', zip: input.address?.zip?.trim() ?? '',
  } : null;
  const business = await getBusinessDetails(ctx);
  const subtotalCents = items.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  const tax = cartTax(subtotalCents, delivery ? FULFILMENT_MODES.delivery : FULFILMENT_MODES.pickup, address?.zip, {
    locationRateBp: percentToBasisPoints(business.tax_rates.find((r) => r.location_id === input.location_id)?.rate ?? 0),
    destinationRates: business.destination_tax_rates.map((r) => ({ zip: r.zip, rateBp: percentToBasisPoints(r.rate) })),
    otherRows: business.other_tax_rows.map((r) => ({ label: r.label, rateBp: percentToBasisPoints(r.rate) })),
  });

  const store = redisStore(io);
  const stocked = items.filter((l) => l.storeProductId !== null).map((l) => ({ storeProductId: l.storeProductId!, quantity: l.quantity }));
  const taken = await reserveStock(store, ctx.tenantId, stocked);
  if (!taken.ok) {
    const i = items.findIndex((l) => l.storeProductId === taken.storeProductId);
    const message = `${items[i].title}: Store has only ${taken.left} in stock.`;
    throw new AppError('conflict', message, { [`items.${i}.quantity`]: [`Store has only ${taken.left} in stock.`] });
  }
  let doc: OfflineOrderDoc;
  try {
    const sequence = await takeOfflineNumber(store, ctx.tenantId);
    const created = await OfflineOrder.create({
      ...scoped(ctx), orderNumber: `OFF-${sequence}`, sequence, locationId: input.location_id, orderType: input.order_type,
      customerName: input.customer_name.trim(), telephone: input.telephone?.trim() ? normalizePhone(input.telephone)! : '', email: input.email?.trim() ? normalizeEmail(input.email) : '',
      address, items, subtotalCents, taxCents: tax.cents, totalCents: subtotalCents + tax.cents, paid: input.paid, note: (input.note ?? '').trim(),
      takenBy: ctx.caller!.slug, placedAt: new Date(),
    });
    doc = created.toObject() as OfflineOrderDoc;
  } catch (error) {
    await releaseStock(store, ctx.tenantId, stocked);
    throw error;
  }
  // The order stands from here: what follows is put right by the reconcile job if it fails.
  await indexOfflineOrder(store, ctx.tenantId, doc);
  if (stocked.length) {
    void writeStockChanges(store, ctx.tenantId, taken.changes).catch(() => undefined);
    await Promise.all([
      queueStockReconcile(io, ctx.tenantId),
      announceStockChange(io.resources, ctx.tenantId, [...new Set(items.filter((l) => l.productId !== null).map((l) => l.productId!))]),
    ]);
  }
  return offlineView(doc);
}

export interface OfflineListFilters { page: number; limit: number; location_id?: number; search?: string }
/** The list's filters; staff bound to a location list its orders only (another location asked for: 403). */
const listQuery = (ctx: RequestContext, q: Omit<OfflineListFilters, 'page' | 'limit'>) => {
  const scope = staffListLocation(ctx.caller?.locationId, q.location_id);
  if (!scope) throw new AppError('forbidden', OTHER_LOCATION_REFUSED);
  return { locationId: scope.locationId, words: q.search?.trim() ? orderSearchQuery(q.search) : undefined };
};

/** GET admin/offline-orders: newest first, a page at a time, by location and a search (number, name words, e-mail, phone). */
export async function listOfflineOrders(ctx: RequestContext, io: CheckoutIo, q: OfflineListFilters): Promise<OfflineOrderPage> {
  const query = listQuery(ctx, q);
  const { rows, total } = await offlinePage(redisStore(io), ctx.tenantId, { page: q.page, limit: q.limit, ...query });
  return { data: rows, total, current_page: q.page, per_page: q.limit, last_page: Math.max(1, Math.ceil(total / q.limit)), location_id: query.locationId ?? null };
}

/** GET admin/offline-orders/{id}: one of the store's offline orders, by `_id`; another store's (or another location's, for staff bound to one) is not found. */
export async function offlineOrderFor(ctx: RequestContext, id: string): Promise<OfflineOrderView> {
  const doc = mongoose.isValidObjectId(id) ? await OfflineOrder.findOne(scoped(ctx, { _id: id })).lean() as { locationId: number } | null : null;
  if (!doc || !staffSeesLocation(ctx.caller?.locationId, doc.locationId)) throw new AppError('not_found', OFFLINE_ORDER_NOT_FOUND);
  return offlineView(doc as unknown as OfflineOrderDoc);
}

const BATCH = 1000;
const COLUMNS = ['Order', 'Taken (UTC)', 'Store', 'Fulfilment', 'Customer', 'Phone', 'E-mail', 'Items', 'Subtotal', 'Tax', 'Total', 'Paid', 'Entered by'];

/**
 * GET admin/offline-orders/csv: the list with its filters as CSV, newest first, streamed from the rows kept in Redis
 * (no database read however many orders; memory holds the ids and one batch of rows).
 */
export async function exportOfflineOrders(ctx: RequestContext, io: CheckoutIo, q: Omit<OfflineListFilters, 'page' | 'limit'>): Promise<Readable> {
  const store = redisStore(io);
  const ids = await offlineListIds(store, ctx.tenantId, listQuery(ctx, q));
  const stores = await storeLocations(ctx);
  async function* batches() {
    for (let i = 0; i === 0 || i < ids.length; i += BATCH) {
      const rows = (await offlineRows(store, ctx.tenantId, ids.slice(i, i + BATCH))).map((o) => [
        o.order_number, o.placed_at, stores.get(o.location_id)?.name ?? String(o.location_id), OFFLINE_ORDER_TYPE_LABELS[o.order_type], o.customer_name,
        o.telephone, o.email, o.item_count, o.subtotal, o.tax, o.total, o.paid ? 'Yes' : 'No', o.taken_by,
      ]);
      yield stringify(rows, { header: i === 0, columns: COLUMNS, cast: { string: asText } });
    }
  }
  return Readable.from(batches(), { objectMode: false });
}

/** The page 'rate-page' rates: the one back-office page that asks. */
export const RATED_PAGE = 'offline-orders';

/** The signed-in staff member's rating of the page, and the store's staff's average and count. */
export async function pageRating(ctx: RequestContext): Promise<PageRatingView> {
  const all = (await PageRating.find(scoped(ctx, { page: RATED_PAGE }), { by: 1, rating: 1, comment: 1 }).lean()) as unknown as { by: string; rating: number; comment?: string }[];
  const mine = all.find((r) => r.by === ctx.caller!.slug);
  const average = all.length ? Math.round((all.reduce((n, r) => n + r.rating, 0) / all.length) * 10) / 10 : null;
  return { rating: mine?.rating ?? null, comment: mine?.comment ?? '', average, count: all.length };
}

/** POST admin/offline-orders/rate-page: the staff member's 1-5 stars (and a comment) for the page; rating again replaces theirs. */
export async function ratePage(ctx: RequestContext, input: { rating: number; comment?: string }): Promise<PageRatingView> {
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) refuse({ rating: OFFLINE_RATING_RANGE });
  const by = ctx.caller!.slug;
  await PageRating.updateOne(
    scoped(ctx, { _id: pageRatingId(ctx.tenantId, RATED_PAGE, by) }),
    { $set: { page: RATED_PAGE, by, rating: input.rating, comment: (input.comment ?? '').trim() } },
    { upsert: true },
  );
  return pageRating(ctx);
}

/** A catalogue item staff can add to an offline order: its store product at the location, price and stock there. */
export interface OfflineProductHit { store_product_id: number; title: string; sku: string; price: string; num_inventory: number }

/**
 * GET admin/offline-orders/products: the catalogue's items at one location matching the words (title, sku, brand),
 * from the in-memory search index the storefront uses, priced as the store sells them now (hidden items left out).
 */
export async function offlineProductSearch(ctx: RequestContext, io: CheckoutIo, q: { location_id: number; search: string }): Promise<OfflineProductHit[]> {
  if (!(await storeLocations(ctx)).has(q.location_id)) refuse({ location_id: OFFLINE_LOCATION_UNKNOWN });
  const index = await io.cart.catalogue.get(ctx.tenantId);
  const hits = index.search({
    keyword: q.search.trim(), locationId: q.location_id, deptIds: [], excludeDeptIds: [], brandIds: [], minCents: null, maxCents: null, inStockOnly: false, promoOnly: false,
    attributes: {}, inStockAtLocationIds: null, sort: 'relevancy', page: 1, limit: 10,
  });
  return hits.items.map((p) => ({ store_product_id: p.store_product_id, title: p.title, sku: p.sku, price: formatCents(activePromoCents(p) ?? toCents(p.price)), num_inventory: p.num_inventory }));
}
