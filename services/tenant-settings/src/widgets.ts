import mongoose, { Schema } from 'mongoose';
import { resolveLocationId, scoped, tenantOwned } from '@platform/db';
import type { CarouselSlide, HomepageWidget, Testimonial } from '@platform/contracts';
import { RATING_MAX, RATING_MIN } from '@platform/domain';
import { TtlCache, type RequestContext } from '@platform/server-kit';
import { cleanHtml } from './content';

/** A homepage section the store set up (admin widget editor); area 1 is homepage-widgets, area 2 homepage-widgets-two. */
const homepageWidgetSchema = new Schema({
  widgetId: { type: Number, required: true },
  name: { type: String, default: '' },
  type: { type: String, enum: ['1', '2', '4', '5'], required: true },
  area: { type: Number, enum: [1, 2], default: 1 },
  sequence: { type: Number, default: 0 },
  hidden: { type: Boolean, default: false },
  loop: { type: Boolean, default: true },
  /** Shown only at these locations; empty = every location. */
  associatedLocations: { type: [Number], default: [] },
  value: { type: Schema.Types.Mixed, default: {} },
});
homepageWidgetSchema.plugin(tenantOwned);
homepageWidgetSchema.index({ tenantId: 1, widgetId: 1 }, { unique: true });
export const HomepageWidgetModel = mongoose.models.HomepageWidget ?? mongoose.model('HomepageWidget', homepageWidgetSchema);

interface StoredWidget { widgetId: number; name: string; type: HomepageWidget['type']; area: 1 | 2; sequence: number; hidden: boolean; loop: boolean; associatedLocations: number[]; value: Record<string, unknown> }

/** The home page is the busiest page: a tenant's widgets are kept 30 s per process (the editor calls forgetWidgets). */
const cache = new TtlCache(30_000);
export function forgetWidgets(tenantId: string): void { cache.delete(tenantId); }

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const int = (v: unknown) => (Number.isInteger(v) ? (v as number) : null);

function slidesOf(value: Record<string, unknown>, fallbackAlt: string): CarouselSlide[] {
  const slides = Array.isArray(value.slides) ? (value.slides as Record<string, unknown>[]) : [];
  return slides.filter((s) => text(s?.image)).map((s, i) => ({
    image: text(s.image), imageMobile: text(s.imageMobile) || null, width: int(s.width), height: int(s.height), widthMobile: int(s.widthMobile), heightMobile: int(s.heightMobile),
    redirect_url: text(s.redirect_url) || null, alt: text(s.alt) || fallbackAlt, sequence: int(s.sequence) ?? i,
  })).sort((a, b) => a.sequence - b.sequence);
}

/** A testimonials section's cards as saved (checked on the way in; a card that lost its words is left out). */
export function testimonialsOf(value: Record<string, unknown>): Testimonial[] {
  const cards = Array.isArray(value.testimonials) ? (value.testimonials as Record<string, unknown>[]) : [];
  return cards.filter((c) => text(c?.message) && text(c.author) && (int(c.id) ?? 0) >= 1).map((c) => ({
    id: int(c.id) as number, message: text(c.message), author: text(c.author), role: text(c.role), rating: Math.min(RATING_MAX, Math.max(RATING_MIN, int(c.rating) ?? RATING_MAX)),
  }));
}

/** What a widget shows; a carousel without slides, an empty HTML block or testimonials without cards show nothing and are left out. */
function widgetView(w: StoredWidget): HomepageWidget | null {
  const title = text(w.value.title);
  const base = { id: w.widgetId, name: w.name, type: w.type, loop: w.loop, associatedLocations: w.associatedLocations };
  if (w.type === '4') {
    const slides = slidesOf(w.value, title || w.name);
    return slides.length ? { ...base, value: { title, slides } } : null;
  }
  if (w.type === '5') {
    const testimonials = testimonialsOf(w.value);
    return testimonials.length ? { ...base, value: { title, testimonials } } : null;
  }
  if (w.type === '1') {
    const body = cleanHtml(text(w.value.body));
    return body.trim() ? { ...base, value: { title, body } } : null;
  }
  const skus = Array.isArray(w.value.skus) ? (w.value.skus as unknown[]).map(String).slice(0, 48) : undefined;
  const dept_id = int(w.value.dept_id) ?? undefined;
  const brand_id = int(w.value.brand_id) ?? undefined;
  if (!skus?.length && !dept_id && !brand_id) return null;
  return { ...base, value: { title, ...(skus?.length ? { skus } : {}), ...(dept_id ? { dept_id } : {}), ...(brand_id ? { brand_id } : {}), limit: Math.min(48, Math.max(1, int(w.value.limit) ?? 12)) } };
}

/** GET homepage-widgets (area 1) and homepage-widgets-two (area 2): visible at the selected location, in order. */
export async function homepageWidgets(ctx: RequestContext, area: 1 | 2): Promise<HomepageWidget[]> {
  const [all, locationId] = await Promise.all([
    cache.get(ctx.tenantId, async () => (await HomepageWidgetModel.find(scoped(ctx, { hidden: { $ne: true } })).lean()) as unknown as StoredWidget[]),
    resolveLocationId(ctx, ctx.storeId),
  ]);
  return all
    .filter((w) => (w.area ?? 1) === area && (!w.associatedLocations?.length || (locationId !== null && w.associatedLocations.includes(locationId))))
    .sort((a, b) => a.sequence - b.sequence || a.widgetId - b.widgetId)
    .map(widgetView).filter((w): w is HomepageWidget => w !== null);
}

/** GET widget/{id}: one widget as the home page shows it at this location, or null. */
export async function homepageWidget(ctx: RequestContext, id: number): Promise<HomepageWidget | null> {
  const [one, two] = await Promise.all([homepageWidgets(ctx, 1), homepageWidgets(ctx, 2)]);
  return [...one, ...two].find((w) => w.id === id) ?? null;
}
