import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorHandler, notFoundHandler } from './errors';
import { documentErrorAnswers, ErrorBody } from './answers';
import { securityHeaders } from './security-headers';
import { requestContextPlugin, type TenantResolutionOptions } from './context';
import type { PlatformResources } from './resources';

/** A service area: a Fastify plugin mounted under /api, with TypeBox-typed routes. */
export type ServicePlugin = FastifyPluginAsyncTypebox;

declare module 'fastify' {
  interface FastifyInstance {
    resources: PlatformResources;
  }
}

export interface BuildAppOptions {
  resources: PlatformResources;
  services: ServicePlugin[];
  tenancy: TenantResolutionOptions;
  logger?: FastifyServerOptions['logger'];
  /** Registered after the services, e.g. the gateway's static files. */
  extend?: (app: FastifyInstance) => Promise<void>;
  /** Replaces the JSON 404 (the gateway answers page requests with the storefront). */
  notFoundHandler?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/**
 * Which proxies in front of the app may name the client (X-Forwarded-For), from TRUST_PROXY: unset, none (the
 * app faces clients itself; a forwarded header is then anyone's to forge); 'true', all; else a
 * comma-separated list of addresses or CIDR ranges. Behind a load balancer without it, every
 * shopper has the balancer's address, and the per-IP sign-in limits would hold them all back together.
 */
function trustProxySetting(value: string | undefined): FastifyServerOptions['trustProxy'] {
  const text = value?.trim() ?? '';
  if (!text || text === 'false') return false;
  if (text === 'true') return true;
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}

/** A request as the log keeps it: an access token in the address (spec 2 sends some there) is not written down. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method, url: request.url.replace(/([?&]access_token=)[^&#]*/gi, '$1[hidden]'),
    host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort,
  };
}

/** The services' log settings; a test adds a stream to read what they write (secrets must never be in it). */
export const serviceLogOptions = () => ({ level: process.env.LOG_LEVEL ?? 'info', serializers: { req: requestForLog } });

/** Builds one HTTP app: third-party plugins, then ours (errors, context, health), then the service routes. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? serviceLogOptions(),
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : randomUUID()),
    ajv: { customOptions: { coerceTypes: 'array', allErrors: true, removeAdditional: false, useDefaults: true } },
    forceCloseConnections: 'idle',
    trustProxy: trustProxySetting(process.env.TRUST_PROXY),
    // A path the router cannot take (a malformed or over-long id) gets the one error body: 400 or 404.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: (error, _request, reply) => {
      const answer = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? { status: 404, message: 'Not found.' } : { status: 400, message: 'The given data was invalid.' };
      return (reply as FastifyReply).status(answer.status).send(answer);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('resources', options.resources);
  // Pages, scripts and JSON answers are compressed for browsers that accept it (mobile shoppers on slow links).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await securityHeaders(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Local retail platform API', version: '0.1.0', description: 'Every route the storefront, checkout and admin apps call, under /api.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    // Shared schemas (the error body) are named by their $id in the document.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  app.addSchema(ErrorBody);
  app.addHook('onRoute', documentErrorAnswers);
  // The document's page keeps its own policy (its inline scripts by hash), on http too.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: (policy) => policy.replace(/\s*upgrade-insecure-requests;?/, '') });

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(options.notFoundHandler ?? notFoundHandler);
  await app.register(requestContextPlugin, options.tenancy);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const checks = await options.resources.ready();
    const ok = checks.mongo && checks.redis;
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not ready', checks });
  });

  for (const service of options.services) await app.register(service, { prefix: '/api' });
  if (options.extend) await options.extend(app);
  return app;
}
