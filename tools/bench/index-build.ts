// Measures one tenant's search index build: load from the database, index, heap held by the index.
// Run with: node --expose-gc --import tsx tools/bench/index-build.ts <tenant-slug>   (MONGODB_URI and REDIS_URL set)
// The first run for a tenant derives its search rows from the database; later runs read them from Redis.
import { connectMongo, disconnectMongo, Tenant } from '@platform/db';
import { loadCatalogue } from '../../services/catalogue/src/search/rows';
import { createRedis } from '@platform/queue';
import { InMemorySearchIndex } from '../../services/catalogue/src/search/in-memory-index';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const slug = process.argv[2] ?? 'demo-hardware';
await connectMongo(process.env.MONGODB_URI!);
const tenant = (await Tenant.findOne({ slug }).lean()) as { _id: unknown } | null;
if (!tenant) throw new Error(`no tenant ${slug}`);
const tenantId = String(tenant._id);

const t0 = performance.now();
const redis = createRedis(process.env.REDIS_URL!);
const { documents, offers } = await loadCatalogue({ redis, prefix: 'bull' }, tenantId);
const loaded = performance.now();
gc(); gc();
const before = process.memoryUsage().heapUsed;
const index = new InMemorySearchIndex(tenantId);
index.upsert(documents, offers);
const built = performance.now();
gc(); gc();
const after = process.memoryUsage().heapUsed;
console.log(JSON.stringify({
  tenant: slug, products: documents.length, offers: offers.length,
  load_ms: Math.round(loaded - t0), index_ms: Math.round(built - loaded), total_ms: Math.round(built - t0),
  index_heap_mb: Math.round((after - before) / 1048576), estimate_mb: Math.round(index.approxBytes / 1048576),
  rss_mb: Math.round(process.memoryUsage().rss / 1048576),
}));
redis.disconnect();
await disconnectMongo();
