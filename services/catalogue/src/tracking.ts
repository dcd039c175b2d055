import type { Job } from 'bullmq';
import { scoped } from '@platform/db';
import type { ProductViewJob } from '@platform/queue';
import type { RequestContext, PlatformResources } from '@platform/server-kit';
import { ProductStat } from './models';

/** Queues a product view; the worker folds it into the view counts. */
export async function trackProductView(ctx: RequestContext, resources: PlatformResources, sku: string, deviceId: string | null) {
  await resources.queues.productViews.add('view', { tenantId: ctx.tenantId, sku, deviceId, viewedAt: new Date().toISOString() });
}

/**
 * Worker handler for product-views jobs. At-least-once: a job retried after its write succeeded
 * counts twice, which a popularity ranking tolerates.
 */
export async function foldProductView(job: Job<ProductViewJob>): Promise<void> {
  const { tenantId, sku, viewedAt } = job.data;
  const fold = () => ProductStat.updateOne(scoped({ tenantId }, { sku }), { $inc: { views: 1 }, $set: { lastViewedAt: new Date(viewedAt) } }, { upsert: true });
  try {
    await fold();
  } catch (error) {
    // Two first views of a product racing to insert: the loser's retry finds the document and increments it.
    if ((error as { code?: number }).code !== 11000) throw error;
    await fold();
  }
}
