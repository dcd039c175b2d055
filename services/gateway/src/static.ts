import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { backgroundContext, notFoundHandler, pagePolicy, type ResolvedTenant } from '@platform/server-kit';
import { getPaymentSettings } from '@platform/tenant-settings';
import { cardScriptOriginsOf, departmentTreeDepth, preloadKey, productRowRequest, type PreloadedAnswers } from '@platform/domain';

export interface StaticOptions {
  /** Repository root; apps are served from apps/<name>/dist. */
  root: string;
  /** Manifest URLs of the remotes, handed to the shell at run time through /remotes.json. */
  remotes: { checkout: string; admin: string };
  /** Other origins the pages may load remotes from (a CDN the remotes are moving to), besides those of `remotes`. */
  scriptOrigins?: string[];
}

/**
 * The built shell (SPA fallback), the remotes under /remotes/<name>/, and /remotes.json (`plugin`), and the
 * handler for every other path (`page`): the storefront page, a JSON 404 for the API, or a 404 page.
 */
export function staticSite(options: StaticOptions) {
  const shellDist = path.join(options.root, 'apps/storefront-shell/dist');
  const remoteOrigins = [...new Set([
    ...Object.values(options.remotes).flatMap((url) => (/^https?:\/\//.test(url) ? [new URL(url).origin] : [])), ...(options.scriptOrigins ?? []),
  ])];
  const page = (request: FastifyRequest, reply: FastifyReply) => pageOrNotFound(shellDist, remoteOrigins, request, reply);
  const plugin = async (app: FastifyInstance) => {
    if (!existsSync(path.join(shellDist, 'index.html'))) {
      app.log.warn(`${shellDist} has no build: run npm run build (npm start does it for you)`);
    }
    await app.register(fastifyStatic, { root: shellDist, prefix: '/', index: false, decorateReply: true });
    for (const name of ['checkout', 'admin'] as const) {
      await app.register(fastifyStatic, {
        root: path.join(options.root, `apps/${name}-remote/dist`), prefix: `/remotes/${name}/`, decorateReply: false, cacheControl: false,
        setHeaders: (res) => { res.setHeader('Access-Control-Allow-Origin', '*'); res.setHeader('Cache-Control', 'no-cache'); },
      });
    }
    // '/' is the storefront page itself, not a directory listing.
    app.get('/', { schema: { hide: true } }, page);
    app.get('/remotes.json', { schema: { hide: true } }, async (_req, reply) => reply.header('Cache-Control', 'no-store').send(options.remotes));
  };
  return { plugin, page };
}

/** Unknown /api paths get the JSON 404; page requests get the storefront, or a 404 page for an unknown store. */
async function pageOrNotFound(shellDist: string, remoteOrigins: string[], request: FastifyRequest, reply: FastifyReply) {
  if (request.url.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method) || /\.[a-z0-9]+$/i.test(request.url.split('?')[0])) {
    return notFoundHandler(request, reply);
  }
  const tenant = await request.server.tenants.byHost(request.headers.host);
  if (!tenant) {
    pagePolicy(reply, PLAIN_PAGE);
    return reply.status(404).type('text/html').send(request.method === 'HEAD' ? '' : '<!doctype html><title>Store not found</title><h1>Store not found</h1><p>No store is served at this address.</p>');
  }
  const html = await readFile(path.join(shellDist, 'index.html'), 'utf8').catch(() => null);
  if (html === null) {
    pagePolicy(reply, PLAIN_PAGE);
    return reply.status(503).type('text/html').send('<!doctype html><title>Not built</title><h1>The storefront is not built yet.</h1>');
  }
  const nonce = pagePolicy(reply, {
    scriptOrigins: remoteOrigins, frameAncestors: frameAncestors(tenant), allowEval: process.env.NODE_ENV === 'development', cardForm: await cardFormOf(tenant),
  });
  // HEAD: the page's status and headers without its body (nor the work of filling it in).
  return reply.header('Cache-Control', 'no-store').type('text/html').send(request.method === 'HEAD' ? '' : await withStartup(html, request, nonce));
}

/**
 * The card provider's script, for a store whose live card form is the provider's own fields (Stripe.js, Adyen Web,
 * Authorize.Net's Accept UI: PCI SAQ A), the one third-party script a page may load; only the chosen provider's
 * origins (libs/domain cardScriptOriginsOf). Test-mode stores offer test cards without any script.
 */
async function cardFormOf(tenant: ResolvedTenant) {
  return cardScriptOriginsOf(await getPaymentSettings(backgroundContext(tenant)).catch(() => null));
}

/** The policy of the plain pages (no store, not built): nothing from elsewhere, framed by no other site. */
const PLAIN_PAGE = { scriptOrigins: [], frameAncestors: [] };

/** Who may frame a store's pages: its custom domains and the web sites it names (embedded product lists). */
const frameAncestors = (tenant: ResolvedTenant) => [...tenant.domains.map((domain) => `https://${domain}`), ...tenant.embedOrigins];

/**
 * The page with the store's start-up bundle written into it, so the first paint does not wait for a request
 * of its own (the shell reads window.__STARTUP__ and asks GET startup only without it). The bundle comes from
 * the API itself (same cache, same tenant rules); if that fails, the page goes without it.
 */
async function withStartup(html: string, request: FastifyRequest, nonce: string): Promise<string> {
  const startup = await request.server.inject({ method: 'GET', url: '/api/startup', headers: { host: request.headers.host ?? '' } });
  if (startup.statusCode !== 200) return html;
  const bundle = (startup.json() as { data: StartupFacts }).data;
  let head = `<script nonce="${nonce}">window.__STARTUP__=${scriptJson(bundle)}</script>`;
  if (request.url.split('?')[0] === '/') {
    const home = await homeFirstScreen(request, bundle);
    if (home) head += `${home.imagePreloads}<script nonce="${nonce}">window.__PRELOADED__=${scriptJson(home.preloaded)}</script>`;
  }
  return html.replace('</head>', `${head}</head>`);
}

/** JSON inside a script element: every '<' escaped, so no text in the data can end the element. */
const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

/** What the page needs to know of the start-up bundle here. */
interface StartupFacts { business: { departments_hierarchy_level?: number | null; about_us: { locations: { id: number }[] } } }

/** Product images of the first screen worth fetching while the script loads (one product row's first tiles). */
const PRELOADED_PRODUCT_IMAGES = 4;

/**
 * The guest answers of the home page's first screen (its banner, its first area's sections and their product rows,
 * Coupons & Highlights, the department tree) at the store the shell will ask for, and preload links for
 * the images it opens with. The shell uses an answer only when its request matches (libs/domain preloadKey).
 */
async function homeFirstScreen(request: FastifyRequest, bundle: StartupFacts): Promise<{ preloaded: PreloadedAnswers; imagePreloads: string } | null> {
  const locationIds = bundle.business.about_us.locations.map((l) => l.id);
  const cookieStore = Number(/(?:^|;\s*)selectedStore=(\d+)/.exec(request.headers.cookie ?? '')?.[1]);
  const storeId = locationIds.includes(cookieStore) ? cookieStore : locationIds[0];
  if (storeId === undefined) return null;
  const headers = { host: request.headers.host ?? '', 'store-id': String(storeId) };
  const ask = async (method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) => {
    const answer = await request.server.inject({ method, url: `/api/${url}`, headers, ...(body ? { payload: body } : {}) });
    return answer.statusCode === 200 ? [preloadKey(method, url, body), answer.json()] as const : null;
  };
  const widgets = await ask('GET', 'homepage-widgets');
  const sections = ((widgets?.[1] as { data?: HomepageSection[] } | undefined)?.data) ?? [];
  const rows = sections.filter((w) => w.type === '2');
  const answers = [widgets, ...await Promise.all([
    ...rows.map((w) => ask('POST', 'widget/getProducts', productRowRequest(w))),
    ask('GET', 'coupon-widgets'),
    ask('GET', 'home-banner'),
    ask('GET', `full-departments?depth=${departmentTreeDepth(bundle.business.departments_hierarchy_level)}`),
  ])].filter((a) => a !== null);
  const firstSlide = sections.find((w) => w.type === '4')?.value.slides?.[0];
  const firstRow = answers.find(([key]) => key.startsWith('POST widget/getProducts'))?.[1] as { data?: { image_url: string | null }[] } | undefined;
  const productImages = (firstRow?.data ?? []).slice(0, PRELOADED_PRODUCT_IMAGES).flatMap((p) => (p.image_url ? [imagePreload(p.image_url, null)] : []));
  const images = [...(firstSlide ? slidePreloads(firstSlide) : []), ...productImages];
  return { preloaded: { storeId, answers: Object.fromEntries(answers) }, imagePreloads: [...new Set(images)].join('') };
}

interface Slide { image: string; imageMobile?: string | null }
interface HomepageSection { type: string; value: { skus?: string[]; dept_id?: number; brand_id?: number; limit?: number; slides?: Slide[] } }

/** A carousel slide's image for the screen it shows on (the carousel's <picture> switches at 768 px). */
const slidePreloads = ({ image, imageMobile }: Slide) =>
  imageMobile ? [imagePreload(imageMobile, '(max-width: 768px)'), imagePreload(image, '(min-width: 769px)')] : [imagePreload(image, null)];

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const imagePreload = (href: string, media: string | null) =>
  `<link rel="preload" as="image" href="${attribute(href)}"${media ? ` media="${media}"` : ''} fetchpriority="high">`;
