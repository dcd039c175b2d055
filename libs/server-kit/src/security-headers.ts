import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';

/** A year, the usual HSTS lifetime: the browser keeps to https for the store's domain once it has seen it. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (helmet): nosniff, a strict Referrer-Policy, and for JSON and files a
 * Content-Security-Policy that allows nothing (an API answer is never a page). HSTS only over TLS, as a
 * browser ignores it on http and a local http store must stay reachable. Pages set their own policy
 * with pagePolicy.
 */
export async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] } },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    // Remotes and product images are fetched from the store's other origins (a CDN, a custom domain).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

export interface PagePolicyOptions {
  /** Origins the page loads scripts from besides its own (the remotes' CDN). */
  scriptOrigins: string[];
  /** Origins allowed to show the page in a frame besides its own (the store's own web sites). */
  frameAncestors: string[];
  /** Development builds evaluate their modules (webpack's eval source maps). */
  allowEval?: boolean;
  /**
   * The store's card provider, for a live store: its own fields' scripts and API calls (Stripe.js, Adyen Web, Accept
   * UI), or its hosted payment page the step posts a form to (Fiserv Connect).
   */
  cardForm?: { scriptOrigins: string[]; connectOrigins: string[]; formOrigins?: string[] };
}

/**
 * A storefront page's policy: scripts from its own origin, the remotes' origins and its own inline start-up
 * scripts (by nonce); styles inline (styled-components writes <style> elements); images and video frames
 * from any https host (product images, YouTube); framed only by the store itself and its own sites.
 * Answers the nonce the page's inline scripts carry.
 */
export function pagePolicy(reply: FastifyReply, options: PagePolicyOptions): string {
  const nonce = randomBytes(16).toString('base64');
  const scripts = ["'self'", `'nonce-${nonce}'`, ...options.scriptOrigins, ...(options.cardForm?.scriptOrigins ?? []), ...(options.allowEval ? ["'unsafe-eval'"] : [])];
  const directives = [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    `connect-src 'self' ${[...options.scriptOrigins, ...(options.cardForm?.connectOrigins ?? [])].join(' ')}`.trim(),
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${(options.cardForm?.formOrigins ?? []).join(' ')}`.trim(),
    `frame-ancestors 'self' ${options.frameAncestors.join(' ')}`.trim(),
  ];
  reply.header('content-security-policy', directives.join('; '));
  // frame-ancestors decides who may frame the page; the older header cannot name other sites.
  reply.raw.removeHeader('x-frame-options');
  return nonce;
}
