import { existsSync } from 'node:fs';
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

/** Serves the built shell (SPA fallback), the remotes under /remotes/<name>/, and /remotes.json. */
export function staticSite(options: StaticOptions) {
  const shellDist = path.join(options.root, 'apps/storefront-shell/dist');
  return async (app: FastifyInstance) => {
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
    app.get('/', { schema: { hide: true } }, pageOrNotFound);
    app.get('/remotes.json', { schema: { hide: true } }, async (_req, reply) => reply.header('Cache-Control', 'no-store').send(options.remotes));
  };
}

/** Unknown /api paths get the JSON 404; page requests get the storefront, or a 404 page for an unknown store. */
export async function pageOrNotFound(request: FastifyRequest, reply: FastifyReply) {
  if (request.url.startsWith('/api/') || request.method !== 'GET' || /\.[a-z0-9]+$/i.test(request.url.split('?')[0])) {
    return notFoundHandler(request, reply);
  }
  const tenant = await request.server.tenants.byHost(request.headers.host);
  if (!tenant) {
    return reply.status(404).type('text/html').send('<!doctype html><title>Store not found</title><h1>Store not found</h1><p>No store is served at this address.</p>');
  }
  return reply.header('Cache-Control', 'no-store').sendFile('index.html');
}
