import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePolicy, securityHeaders } from './security-headers';

// Behind a TLS proxy (TRUST_PROXY), the request's protocol comes from X-Forwarded-Proto.
const app = Fastify({ trustProxy: true });
beforeAll(async () => {
  await securityHeaders(app);
  app.get('/api/thing', async () => ({ data: 1 }));
  app.get('/page', async (_request, reply) => {
    const nonce = pagePolicy(reply, { scriptOrigins: ['https://cdn.test'], frameAncestors: ['https://www.shop.test'] });
    return reply.type('text/html').send(`<script nonce="${nonce}">1</script>`);
  });
  await app.ready();
});
afterAll(() => app.close());

describe('security headers', () => {
  it('sends HSTS only when the request came over TLS', async () => {
    const plain = await app.inject({ url: '/api/thing' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await app.inject({ url: '/api/thing', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const page = await app.inject({ url: '/page', headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it("gives an API answer nosniff and a policy that loads nothing, and a page its own policy with the page's nonce", async () => {
    const api = await app.inject({ url: '/api/thing' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'");
    const page = await app.inject({ url: '/page' });
    const nonce = /nonce="([^"]+)"/.exec(page.body)?.[1];
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}' https://cdn.test;`);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self' https://www.shop.test");
    expect(page.headers['content-security-policy']).toContain("connect-src 'self' https://cdn.test;");
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
