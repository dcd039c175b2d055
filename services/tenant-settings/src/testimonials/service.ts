import type { TestimonialsSection } from '@platform/contracts';
import { scoped } from '@platform/db';
import { normalizeTestimonials, TESTIMONIALS_WIDGET_TYPE, testimonialsProblems, type TestimonialsInput } from '@platform/domain';
import { AppError, rejectFieldProblems, type RequestContext } from '@platform/server-kit';
import { forgetWidgets, HomepageWidgetModel, testimonialsOf } from '../widgets';
import { listWidgetsForAdmin, WIDGET_NOT_FOUND } from '../widget-admin';

export const TESTIMONIALS_ADDED = 'The testimonials section is added. Write its first card.';
export const TESTIMONIALS_SAVED = 'Saved!';
const DEFAULT_NAME = 'Testimonials';

interface Stored { widgetId: number; area?: 1 | 2; sequence: number; value?: Record<string, unknown> }

/**
 * POST admin/widget/create: a testimonials section at the end of its area, without cards (so not shown yet).
 * Its id is the store's next; two creates at once race for it on the unique index, and the loser takes the next.
 */
export async function createTestimonialsSection(ctx: RequestContext, input: { name?: string; area?: 1 | 2 }) {
  const area = input.area ?? 1;
  for (let attempt = 0; ; attempt += 1) {
    // A store's sections are a short list (docs/DATA-ACCESS.md rule 6).
    const all = (await HomepageWidgetModel.find(scoped(ctx)).lean()) as unknown as Stored[];
    const widgetId = all.reduce((max, w) => Math.max(max, w.widgetId), 0) + 1;
    const sequence = all.filter((w) => (w.area ?? 1) === area).reduce((max, w) => Math.max(max, w.sequence + 1), 0);
    try {
      await HomepageWidgetModel.create({
        tenantId: ctx.tenantId, widgetId, type: TESTIMONIALS_WIDGET_TYPE, name: input.name?.trim() || DEFAULT_NAME, area, sequence, loop: false, value: { title: '', testimonials: [] },
      });
      forgetWidgets(ctx.tenantId);
      return { status: 'success', message: TESTIMONIALS_ADDED, id: widgetId, data: await listWidgetsForAdmin(ctx) };
    } catch (error) {
      if ((error as { code?: number }).code !== 11000 || attempt >= 2) throw error;
    }
  }
}

async function storedSection(ctx: RequestContext, id: number): Promise<Stored> {
  const found = (await HomepageWidgetModel.findOne(scoped(ctx, { widgetId: id, type: TESTIMONIALS_WIDGET_TYPE })).lean()) as unknown as Stored | null;
  if (!found) throw new AppError('not_found', WIDGET_NOT_FOUND);
  return found;
}

const sectionOf = (w: Stored): TestimonialsSection => ({
  id: w.widgetId, title: typeof w.value?.title === 'string' ? w.value.title : '', testimonials: testimonialsOf(w.value ?? {}),
});

/** GET admin/widget/testimonials/{id}: the section as its card editor shows it, hidden or not. */
export async function testimonialsForAdmin(ctx: RequestContext, id: number): Promise<TestimonialsSection> {
  return sectionOf(await storedSection(ctx, id));
}

/** POST admin/widget/testimonials: the section's title and every card, in order (the editor sends it all each time). */
export async function saveTestimonials(ctx: RequestContext, id: number, input: TestimonialsInput) {
  rejectFieldProblems(testimonialsProblems(input));
  const value = normalizeTestimonials(input);
  const { matchedCount } = await HomepageWidgetModel.updateOne(scoped(ctx, { widgetId: id, type: TESTIMONIALS_WIDGET_TYPE }), { $set: { value } });
  if (!matchedCount) throw new AppError('not_found', WIDGET_NOT_FOUND);
  forgetWidgets(ctx.tenantId);
  return { status: 'success', message: TESTIMONIALS_SAVED, data: { id, ...value } };
}
