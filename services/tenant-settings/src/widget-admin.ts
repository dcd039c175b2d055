import type { AdminWidget } from '@platform/contracts';
import { scoped } from '@platform/db';
import { AppError, type RequestContext } from '@platform/server-kit';
import { forgetWidgets, HomepageWidgetModel } from './widgets';

export const WIDGET_NOT_FOUND = 'Widget not found.';
export const WIDGET_ORDER_MISMATCH = 'The order must list every section of that part of the home page once.';

interface Stored { widgetId: number; name: string; type: AdminWidget['type']; area?: 1 | 2; sequence: number; hidden: boolean; associatedLocations: number[] }

/** GET widget/get: the store's sections of both home page areas, each area in its order. */
export async function listWidgetsForAdmin(ctx: RequestContext): Promise<AdminWidget[]> {
  const all = (await HomepageWidgetModel.find(scoped(ctx)).lean()) as unknown as Stored[];
  return all
    .sort((a, b) => (a.area ?? 1) - (b.area ?? 1) || a.sequence - b.sequence || a.widgetId - b.widgetId)
    .map((w) => ({ id: w.widgetId, name: w.name, type: w.type, area: w.area ?? 1, hidden: w.hidden, associatedLocations: w.associatedLocations ?? [] }));
}

/** POST admin/widget/update: shows or hides a section (the home page drops its cached sections at once). */
export async function setWidgetHidden(ctx: RequestContext, id: number, hidden: boolean) {
  const { matchedCount } = await HomepageWidgetModel.updateOne(scoped(ctx, { widgetId: id }), { $set: { hidden } });
  if (!matchedCount) throw new AppError('not_found', WIDGET_NOT_FOUND);
  forgetWidgets(ctx.tenantId);
  return { status: 'success', message: hidden ? 'The section is hidden from the home page.' : 'The section shows on the home page.', data: await listWidgetsForAdmin(ctx) };
}

/** POST admin/widget/save: the order of one area's sections, as the full list of its ids. */
export async function saveWidgetOrder(ctx: RequestContext, area: 1 | 2, ids: number[]) {
  const current = (await listWidgetsForAdmin(ctx)).filter((w) => w.area === area).map((w) => w.id);
  if (ids.length !== current.length || new Set(ids).size !== ids.length || !ids.every((id) => current.includes(id))) {
    throw new AppError('unprocessable', WIDGET_ORDER_MISMATCH, { ids: [WIDGET_ORDER_MISMATCH] });
  }
  await HomepageWidgetModel.bulkWrite(ids.map((widgetId, sequence) => ({ updateOne: { filter: scoped(ctx, { widgetId }), update: { $set: { sequence } } } })));
  forgetWidgets(ctx.tenantId);
  return { status: 'success', message: 'The order of the home page sections is saved.', data: await listWidgetsForAdmin(ctx) };
}

/** POST admin/widget/delete: removes a section for good. */
export async function deleteWidget(ctx: RequestContext, id: number) {
  const { deletedCount } = await HomepageWidgetModel.deleteOne(scoped(ctx, { widgetId: id }));
  if (!deletedCount) throw new AppError('not_found', WIDGET_NOT_FOUND);
  forgetWidgets(ctx.tenantId);
  return { status: 'success', message: 'The section is removed.', data: await listWidgetsForAdmin(ctx) };
}
