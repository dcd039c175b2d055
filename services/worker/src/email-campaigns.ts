import { Tenant } from '@platform/db';
import { addressLine, storeAddress } from '@platform/domain';
import { deliverCampaign } from '@platform/identity';
import type { EmailCampaignJob, PlatformQueues } from '@platform/queue';
import { backgroundContext, resolvedTenant } from '@platform/server-kit';
import { listLocations } from '@platform/tenant-settings';

/**
 * A store's e-mail campaign: identity writes it to the customers; this adds what belongs to the store, its
 * address for the links and its first location's postal address for the footer. Answers how many got it.
 */
export async function sendEmailCampaign(queues: Pick<PlatformQueues, 'notifications'>, job: EmailCampaignJob, publicUrl: string): Promise<number> {
  const tenant = await Tenant.findOne({ _id: job.tenantId }).lean() as { slug: string; domains?: string[] } | null;
  if (!tenant) return 0;
  const ctx = backgroundContext(resolvedTenant(tenant as never));
  const [first] = await listLocations(ctx);
  const postalAddress = first ? addressLine(first) : null;
  return deliverCampaign(queues, ctx, job.campaignId, { origin: storeAddress(tenant, publicUrl), postalAddress });
}
