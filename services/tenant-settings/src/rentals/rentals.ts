import { scoped } from '@platform/db';
import { formatCents, formatPhone, normalizeEmail, normalizePhone, RENTAL_REQUEST_SENT, rentalDays, rentalEstimateCents, rentalRequestProblems } from '@platform/domain';
import type { PlatformQueues } from '@platform/queue';
import { AppError, rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { getBusinessDetails, listLocations } from '../service';
import { RentalCategory, RentalProduct, RentalRequest } from './models';

interface CategoryDoc { categoryId: number; name: string; parentId: number | null; icon: string | null }
interface ProductDoc {
  rentalId: number; name: string; description: string; image: string | null; categoryId: number; subCategoryId: number | null;
  fourHourCents: number | null; dayCents: number; weekCents: number | null; depositCents: number | null; featured: boolean;
}

const money = (cents: number | null) => (cents === null || cents === undefined ? null : formatCents(cents));

function toItem(p: ProductDoc) {
  return {
    id: p.rentalId, name: p.name, description: p.description, image: p.image ?? null, category_id: p.categoryId, sub_category_id: p.subCategoryId ?? null,
    rates: { four_hours: money(p.fourHourCents), day: formatCents(p.dayCents), week: money(p.weekCents) }, deposit: money(p.depositCents), featured: Boolean(p.featured),
  };
}

/** GET rentals: the category tree and the equipment of a category (deptId) or sub-category (subDeptId), featured first. */
export async function listRentals(ctx: RequestContext, query: { deptId?: number; subDeptId?: number }) {
  const categories = (await RentalCategory.find(scoped(ctx)).sort({ sortOrder: 1, name: 1 }).lean()) as unknown as CategoryDoc[];
  const tree = categories.filter((c) => c.parentId === null).map((c) => ({
    id: c.categoryId, name: c.name, icon: c.icon ?? null,
    children: categories.filter((s) => s.parentId === c.categoryId).map((s) => ({ id: s.categoryId, name: s.name, icon: s.icon ?? null })),
  }));
  const category = query.deptId === undefined ? null : tree.find((c) => c.id === query.deptId);
  if (category === undefined) throw new AppError('not_found', 'This rental category was not found.');
  const sub = query.subDeptId === undefined ? null : category?.children.find((s) => s.id === query.subDeptId);
  if (sub === undefined) throw new AppError('not_found', 'This rental category was not found.');
  const filter = { hidden: { $ne: true }, ...(category ? { categoryId: category.id } : {}), ...(sub ? { subCategoryId: sub.id } : {}) };
  const products = (await RentalProduct.find(scoped(ctx, filter)).sort({ featured: -1, sortOrder: 1, name: 1 }).lean()) as unknown as ProductDoc[];
  return { categories: tree, products: products.map(toItem) };
}

export interface RentalRequestBody {
  first_name: string; last_name: string; email: string; phone: string; location_id: number;
  rental_id?: number | null; item?: string; start_date: string; end_date: string; message?: string;
}

/**
 * POST rental-form-submit: checks the request, keeps it for the store and queues an e-mail to the store's
 * contact address (the reply goes to the shopper). Nothing is kept when anything is wrong.
 */
export async function submitRentalRequest(ctx: RequestContext, queues: PlatformQueues, body: RentalRequestBody) {
  // The store's today: US stores are behind UTC, so a date from UTC yesterday on may already be their today.
  const today = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const problems: Record<string, string> = rentalRequestProblems(body, today);
  const [locations, business] = await Promise.all([listLocations(ctx), getBusinessDetails(ctx)]);
  const location = locations.find((l) => l.id === body.location_id);
  if (!location) problems.location_id = 'Please choose a store.';
  const product = body.rental_id ? (await RentalProduct.findOne(scoped(ctx, { rentalId: body.rental_id, hidden: { $ne: true } })).lean()) as unknown as ProductDoc | null : null;
  if (body.rental_id && !product) problems.item = 'This rental is no longer offered. Please choose another.';
  rejectFieldProblems(problems);
  if (!business.contact_email) throw new AppError('unprocessable', 'This store does not take rental requests online. Please call the store.');

  const item = product?.name ?? body.item!.trim();
  const phone = normalizePhone(body.phone)!;
  const request = await RentalRequest.create({
    tenantId: ctx.tenantId, firstName: body.first_name.trim(), lastName: body.last_name.trim(), email: normalizeEmail(body.email), phone,
    locationId: location!.id, rentalId: product?.rentalId ?? null, item, startDate: body.start_date, endDate: body.end_date,
    message: body.message?.trim() ?? '', customerSlug: ctx.caller && !ctx.caller.isAdmin ? ctx.caller.slug : null,
  });
  const days = rentalDays(body.start_date, body.end_date);
  const estimate = product ? `\nEstimate: $${formatCents(rentalEstimateCents(product, days))} for ${days} ${days === 1 ? 'day' : 'days'}${product.depositCents ? ` plus a $${formatCents(product.depositCents)} deposit` : ''}` : '';
  await queues.notifications.add('rental-request', {
    tenantId: ctx.tenantId, channel: 'email', to: business.contact_email, replyTo: normalizeEmail(body.email), kind: 'rental-request',
    subject: `Rental request: ${item} (${body.start_date} to ${body.end_date})`,
    text: [
      `${body.first_name.trim()} ${body.last_name.trim()} asked to rent ${item} at ${location!.name}.`,
      `From ${body.start_date} to ${body.end_date}${estimate}`,
      `Phone: ${formatPhone(phone)}`, `E-mail: ${normalizeEmail(body.email)}`,
      body.message?.trim() ? `Message: ${body.message.trim()}` : '',
      `Request ${String(request._id)}. Reply to this e-mail to answer the customer.`,
    ].filter(Boolean).join('\n'),
  });
  return { status: 'success', message: RENTAL_REQUEST_SENT };
}
