import type { Redis } from 'ioredis';
import type { RequestContext } from '@platform/server-kit';
import { getBusinessDetails, getStoreSettings } from './service';
import { getNavigation, getNavigationGroups } from './navigation';
import { getFooter, getLegalDocuments, listCustomPages } from './content';

/** How long the bundle stays in Redis; a settings write clears it at once (forgetStartup). */
const STARTUP_TTL_S = 300;
const key = (prefix: string, tenantId: string) => `${prefix}:startup:${tenantId}`;

/**
 * GET startup: everything the storefront needs before its first paint (settings, navigation, business
 * details with locations, header menus, footer, legal documents, the page list) in one answer, kept per tenant in Redis
 * so every API process serves it from one read.
 */
export async function startupBundle(ctx: RequestContext, redis: Redis, prefix: string, onBad: (what: string) => void) {
  const cached = await redis.get(key(prefix, ctx.tenantId));
  if (cached) return JSON.parse(cached) as Record<string, unknown>;
  const [settings, navigation, navGroups, business, footer, legal, pages] = await Promise.all([
    getStoreSettings(ctx), getNavigation(ctx, onBad), getNavigationGroups(ctx, onBad), getBusinessDetails(ctx), getFooter(ctx), getLegalDocuments(ctx),
    listCustomPages(ctx, true, (link) => onBad(`custom page with the link ${JSON.stringify(link)}`)),
  ]);
  const bundle = { settings, navigation, navGroups, business, footer, legal, pages };
  await redis.set(key(prefix, ctx.tenantId), JSON.stringify(bundle), 'EX', STARTUP_TTL_S);
  return bundle;
}

/** A write to settings, navigation, footer, legal documents, pages or locations calls this. */
export async function forgetStartup(redis: Redis, prefix: string, tenantId: string): Promise<void> {
  await redis.del(key(prefix, tenantId));
}
