import mongoose, { Schema } from 'mongoose';
import sanitizeHtml from 'sanitize-html';
import { scoped, tenantOwned } from '@platform/db';
import type { CustomPage, FooterSettings, LegalDocument } from '@platform/contracts';
import { TtlCache, type RequestContext } from '@platform/server-kit';
import { getBusinessDetails, mergeDefaults, storeProfile } from './service';

/** A page the store wrote (about the store, careers, policies of its own), served at /{link}. */
const customPageSchema = new Schema({
  pageId: { type: Number, required: true },
  title: { type: String, required: true },
  /** The path without its slash: lower-case letters, digits and dashes. */
  link: { type: String, required: true },
  body: { type: String, default: '' },
  hidden: { type: Boolean, default: false },
  updatedAt: { type: Date, default: null },
});
customPageSchema.plugin(tenantOwned);
customPageSchema.index({ tenantId: 1, pageId: 1 }, { unique: true });
export const CustomPageModel = mongoose.models.CustomPage ?? mongoose.model('CustomPage', customPageSchema);

export const DEFAULT_FOOTER: FooterSettings = {
  background: null, title: '', titleSize: 18, columns: [], hideStaticFooter: false, links: [],
  showLogo: false, logo: null, hideBusinessName: false, showSslLogo: false, logoMaxWidth: 180, logoMaxHeight: 80,
};

/** Store-written HTML keeps formatting, links and images; scripts, styles and event handlers go. */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span'],
    allowedAttributes: { a: ['href', 'name', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': ['class'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  });
}

/** A valid page path: what routes can be built from (anything else is left out of the storefront and logged). */
export const isPageLink = (link: string) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(link);

/** GET custom-footer: the stored footer over the defaults. */
export async function getFooter(ctx: RequestContext): Promise<FooterSettings> {
  const stored = (await storeProfile(ctx)) as { footer?: Partial<FooterSettings> } | null;
  const footer = mergeDefaults(DEFAULT_FOOTER, stored?.footer ?? {});
  // Columns and links without a label or target would render as empty links: left out.
  return {
    ...footer,
    columns: footer.columns.filter((c) => c && typeof c.title === 'string').map((c) => ({ title: c.title, links: (c.links ?? []).filter((l) => l?.label && (l.link || l.text)).map((l) => ({ label: l.label, link: l.link ?? '', text: l.text ?? '' })) })),
    links: footer.links.filter((l) => l?.name && l.link),
  };
}

const LEGAL_TYPES: { type: LegalDocument['type']; display_name: string }[] = [
  { type: 'policy', display_name: 'Privacy Policy' },
  { type: 'policy_california', display_name: 'California Privacy Notice' },
  { type: 'return_policy', display_name: 'Return Policy' },
  { type: 'terms', display_name: 'Terms of Use' },
];

/** The platform's standard text of each legal document, in the store's name, for stores that use the default. */
function defaultLegalText(type: LegalDocument['type'], store: string, email: string): string {
  const contact = email ? `<a href="mailto:${email}">${email}</a>` : 'the store';
  switch (type) {
    case 'policy':
      return `<p>${store} collects the details you give when you create an account, place an order or contact us (name, e-mail, phone, addresses) and what you order, to fill and support your orders. Card payments are handled by our payment provider; ${store} never sees or keeps card numbers.</p><p>We do not sell your personal information. You can ask to see, correct or delete it by writing to ${contact}.</p>`;
    case 'policy_california':
      return `<p>If you live in California you have the right to know what personal information ${store} holds about you, to have it deleted or corrected, and to opt out of its sale or sharing (${store} does not sell it). Write to ${contact} to use these rights; we will not treat you differently for doing so.</p>`;
    case 'return_policy':
      return `<p>Unused items in their original packaging can be returned to any ${store} location within 30 days with the receipt. Special orders, cut-to-length and mixed paint cannot be returned. Questions: ${contact}.</p>`;
    default:
      return `<p>By using this site you agree to shop with ${store} under these terms. Prices and stock are shown per store and may change until an order is confirmed. Pickup orders are held for 7 days. These terms are governed by the laws of the state of the store you buy from. Questions: ${contact}.</p>`;
  }
}

/** GET business-terms: the store's legal documents (hidden ones left out), the default text where chosen or missing. */
export async function getLegalDocuments(ctx: RequestContext): Promise<LegalDocument[]> {
  const [stored, business] = await Promise.all([storeProfile(ctx) as Promise<{ legal?: Partial<LegalDocument>[] } | null>, getBusinessDetails(ctx)]);
  return LEGAL_TYPES.map(({ type, display_name }) => {
    const own = (stored?.legal ?? []).find((d) => d?.type === type);
    const useDefault = own?.use_default ?? true;
    const value = !useDefault && own?.value ? cleanHtml(own.value) : defaultLegalText(type, business.original_company, business.contact_email);
    return { display_name: own?.display_name || display_name, type, use_default: useDefault || !own?.value, value, hidden: Boolean(own?.hidden), date_updated: own?.date_updated ?? null };
  }).filter((d) => !d.hidden);
}

/** Pages change rarely and the storefront asks for the list at start-up: kept 30 s per tenant and process. */
const pagesCache = new TtlCache(30_000);
const loadPages = (ctx: RequestContext) => pagesCache.get(ctx.tenantId, async () =>
  (await CustomPageModel.find(scoped(ctx, { hidden: false })).sort({ pageId: 1 }).lean()) as unknown as { pageId: number; title: string; link: string; body: string; updatedAt: Date | null }[]);

const pageView = (p: { pageId: number; title: string; link: string; body: string; updatedAt: Date | null }, withBody: boolean): CustomPage => ({
  id: p.pageId, title: p.title, link: p.link, updated_at: p.updatedAt ? p.updatedAt.toISOString() : null, ...(withBody ? { body: cleanHtml(p.body) } : {}),
});

/** GET custom-pages: the store's visible pages with a valid link (others are logged and left out). */
export async function listCustomPages(ctx: RequestContext, skipBody: boolean, onBadLink: (link: string) => void): Promise<CustomPage[]> {
  const pages = await loadPages(ctx);
  return pages.filter((p) => (isPageLink(p.link) ? true : (onBadLink(p.link), false))).map((p) => pageView(p, !skipBody));
}

export async function getCustomPage(ctx: RequestContext, id: number): Promise<CustomPage | null> {
  const page = (await loadPages(ctx)).find((p) => p.pageId === id);
  return page ? pageView(page, true) : null;
}
