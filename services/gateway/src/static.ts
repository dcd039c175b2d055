import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFoundHandler } from '@platform/server-kit';

export interface StaticOptions {
  /** Repository root; apps are served from apps/<name>/dist. */
  root: string;
  /** Manifest URLs of the remotes, handed to the shell at run time through /remotes.json. */
  remotes: { checkout: string; admin: string };
}

/**
 * The built shell (SPA fallback), the remotes under /remotes/<name>/, and /remotes.json (`plugin`), and the
 * handler for every other path (`page`): the storefront page, a JSON 404 for the API, or a 404 page.
 */
export function staticSite(options: StaticOptions) {
  const shellDist = path.join(options.root, 'apps/storefront-shell/dist');
  const page = (request: FastifyRequest, reply: FastifyReply) => pageOrNotFound(shellDist, request, reply);
  const plugin = async (app: FastifyInstance) => {
    if (!existsSync(path.join(shellDist, 'index.html'))) {
      app.log.warn(`${shellDist} has no build: run npm run build (npm start does it for you)`);
    }
    await app.register(fastifyStatic, { root: shellDist, prefix: '/', index: false, decorateReply: true });
    for (const name of ['checkout', 'admin'] as const) {
      await app.register(fastifyStatic, {
        root: path.join(options.root, `apps/${name}-remote/dist`), prefix: `/remotes/${name}/`, decorateReply: false,
        setHeaders: (reply) => { reply.header('Access-Control-Allow-Origin', '*'); reply.header('Cache-Control', 'no-cache'); },
      });
    }
    // '/' is the storefront page itself, not a directory listing.
    app.get('/', { schema: { hide: true } }, page);
    app.get('/remotes.json', { schema: { hide: true } }, async (_req, reply) => reply.header('Cache-Control', 'no-store').send(options.remotes));
  };
  return { plugin, page };
}

/** Unknown /api paths get the JSON 404; page requests get the storefront, or a 404 page for an unknown store. */
async function pageOrNotFound(shellDist: string, request: FastifyRequest, reply: FastifyReply) {
  if (request.url.startsWith('/api/') || request.method !== 'GET' || /\.[a-z0-9]+$/i.test(request.url.split('?')[0])) {
    return notFoundHandler(request, reply);
  }
  const tenant = await request.server.tenants.byHost(request.headers.host);
  if (!tenant) {
    return reply.status(404).type('text/html').send('<!doctype html><title>Store not found</title><h1>Store not found</h1><p>No store is served at this address.</p>');
  }
  const html = await readFile(path.join(shellDist, 'index.html'), 'utf8').catch(() => null);
  if (html === null) return reply.status(503).type('text/html').send('<!doctype html><title>Not built</title><h1>The storefront is not built yet.</h1>');
  return reply.header('Cache-Control', 'no-store').type('text/html').send(await withStartup(html, request));
}

/**
 * The page with the store's start-up bundle written into it, so the first paint does not wait for a request
 * of its own (the shell reads window.__STARTUP__ and asks GET startup only without it). The bundle comes from
 * the API itself (same cache, same tenant rules); if that fails, the page goes without it.
 */
async function withStartup(html: string, request: FastifyRequest): Promise<string> {
  const startup = await request.server.inject({ method: 'GET', url: '/api/startup', headers: { host: request.headers.host ?? '' } });
  if (startup.statusCode !== 200) return html;
  // JSON inside a script element: every '<' escaped, so no text in the data can end the element.
  const data = JSON.stringify((startup.json() as { data: unknown }).data).replace(/</g, '\\u003c');
  return html.replace('</head>', `<script>window.__STARTUP__=${data}</script></head>`);
}
