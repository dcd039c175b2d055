import { Type } from 'typebox';
import { scoped } from '@platform/db';
import { normalizeSynonymGroup, SYNONYM_LIMITS } from '@platform/domain';
import { errorAnswers, requirePermission, type RequestContext, type ServicePlugin } from '@platform/server-kit';
import { SearchSynonyms } from './models';
import { mostSearched, normalizeSearchTerm, trackSearchEvent, type CounterStore } from './tracking';
import { announceSynonymsChange } from './search/changes';
import { cachedForTenant } from './tenant-cache';

const tags = ['search'];
const TOP_TERMS_CACHED = 1000;

/** The tenant's most searched terms starting with the prefix (any word of the term), most searched first. */
export async function topSearchTerms(ctx: RequestContext, counters: CounterStore, prefix: string, limit: number) {
  // Counted in Redis by the worker (tracking.ts): the top terms are a ZREVRANGE, not a sort of the terms collection.
  const top = await cachedForTenant(ctx, 'search-terms', () => mostSearched(counters, ctx.tenantId, TOP_TERMS_CACHED));
  const wanted = normalizeSearchTerm(prefix);
  if (wanted.length < 3) return [];
  return top.filter((t) => t.term.startsWith(wanted) || t.term.includes(` ${wanted}`)).slice(0, limit).map((t) => ({ term: t.term, searches: t.searches }));
}

export async function loadSynonyms(tenantId: string): Promise<string[][]> {
  const doc = (await SearchSynonyms.findOne(scoped({ tenantId })).lean()) as { groups?: { words: string[] }[] } | null;
  return (doc?.groups ?? []).map((g) => g.words);
}

const SynonymGroups = Type.Array(
  Type.Array(Type.String({ minLength: 1, maxLength: SYNONYM_LIMITS.wordLength, pattern: '^[^\\s].*[^\\s]$|^[^\\s]$' }), { minItems: 2, maxItems: SYNONYM_LIMITS.wordsPerGroup }),
  { maxItems: SYNONYM_LIMITS.groups },
);

/** Search tracking (searches, clicks), popular search terms, and the admin's synonyms. */
export const searchTermRoutes: ServicePlugin = async (app) => {
  app.post('/track-search', {
    schema: {
      tags, summary: 'Record a storefront search (queued; skipped for admins and empty terms)',
      body: Type.Object({
        search: Type.String({ maxLength: 200 }),
        customer_slug: Type.Optional(Type.String({ maxLength: 100 })),
        device_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{10}$' })),
      }),
      response: { 202: Type.Object({ status: Type.String() }) },
    },
  }, async (request, reply) => {
    if (!request.ctx.caller?.isAdmin) await trackSearchEvent(request.ctx, app.resources, { kind: 'search', term: request.body.search });
    return reply.status(202).send({ status: 'success' });
  });

  app.post('/search/click', {
    schema: {
      tags, summary: 'Record a click on a search result (queued)',
      body: Type.Object({ search: Type.String({ maxLength: 200 }), id: Type.Integer({ minimum: 1 }), index: Type.Integer({ minimum: 0, maximum: 10000 }) }),
      response: { 202: Type.Object({ status: Type.String() }) },
    },
  }, async (request, reply) => {
    if (!request.ctx.caller?.isAdmin) {
      await trackSearchEvent(request.ctx, app.resources, { kind: 'click', term: request.body.search, productId: request.body.id, position: request.body.index });
    }
    return reply.status(202).send({ status: 'success' });
  });

  app.get('/get-search-term-suggestions', {
    schema: {
      tags, summary: "The store's most searched terms starting with what was typed (3+ characters)",
      querystring: Type.Object({ search: Type.String({ maxLength: 200 }), limit: Type.Integer({ minimum: 1, maximum: 20, default: 5 }) }),
      // 503 while Redis reloads the store's search counts (tracking.ts ensureLoaded).
      response: { 200: Type.Object({ data: Type.Array(Type.Object({ term: Type.String(), searches: Type.Integer() })) }), ...errorAnswers(503) },
    },
  }, async (request) => ({ data: await topSearchTerms(request.ctx, { redis: app.resources.redis, prefix: app.resources.queuePrefix }, request.query.search, request.query.limit) }));

  // Synonyms change which products a search finds: the product editors' permission.
  app.get('/admin/search-synonyms', {
    preHandler: requirePermission('edit_products'),
    schema: {
      tags, summary: "The store's search synonyms: each group's words find one another", security: [{ bearer: [] }],
      response: { 200: Type.Object({ data: Type.Object({ groups: Type.Array(Type.Array(Type.String())) }) }) },
    },
  }, async (request) => ({ data: { groups: await loadSynonyms(request.ctx.tenantId) } }));

  app.put('/admin/search-synonyms', {
    preHandler: requirePermission('edit_products'),
    schema: {
      tags, summary: 'Replace the search synonyms (live in search within seconds)', security: [{ bearer: [] }],
      body: Type.Object({ groups: SynonymGroups }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String(), data: Type.Object({ groups: Type.Array(Type.Array(Type.String())) }) }) },
    },
  }, async (request) => {
    const groups = request.body.groups.map(normalizeSynonymGroup).filter((group) => group.length > 1);
    await SearchSynonyms.updateOne(scoped(request.ctx, {}), { $set: { groups: groups.map((words) => ({ words })) } }, { upsert: true });
    await announceSynonymsChange(app.resources, request.ctx.tenantId);
    return { status: 'success', message: 'Search synonyms saved.', data: { groups } };
  });
};
