// In-process cost of SearchIndex queries on a synthetic catalogue (no database, no HTTP): where the time goes.
// Run with: node --import tsx tools/bench/index-queries.ts [products]
import { Faker, en } from '@faker-js/faker';
import { InMemorySearchIndex } from '../../services/catalogue/src/search/in-memory-index';
import type { SearchQuery } from '../../services/catalogue/src/search/search-index';
import { HARDWARE_TREE } from '../seed/catalogue-tree';

const count = Number(process.argv[2] ?? 100000);
const faker = new Faker({ locale: [en] });
faker.seed(7);
const leaves = Object.values(HARDWARE_TREE).flatMap((subs) => Object.values(subs).flat());
const brands = Array.from({ length: 40 }, () => faker.company.name().replace(/,.*$/, ''));
const documents = Array.from({ length: count }, (_, i) => {
  const title = `${faker.helpers.arrayElement(brands)} ${faker.commerce.productAdjective()} ${leaves[i % leaves.length].replace(/s$/, '')} ${faker.number.int({ min: 2, max: 64 })}in`;
  return { productId: i + 1, sku: String(100000 + i), slug: `p-${i}`, title, originalTitle: title, brandId: 1 + (i % 40), brandName: brands[i % 40],
    modelNumber: `M${i}`, departmentPath: [1 + (i % 8), 10 + (i % 20), 40 + (i % leaves.length)], imageUrl: null, vendorId: null, hidden: false, extra: {}, settings: {}, description: '',
    attributes: { color: ['Red', 'Blue', 'Black'][i % 3] }, promoMessage: null, competitors: [], additionalFeeDetails: [], addonProductIds: [], videos: [] };
});
const offers = documents.flatMap((d) => [1, 2, 3].map((locationId) => ({ productId: d.productId, locationId, storeProductId: d.productId * 10 + locationId,
  priceCents: faker.number.int({ min: 199, max: 49999 }), promoPriceCents: null, inventory: faker.number.int({ min: 0, max: 50 }), vendorAllowsSpecialOrder: false, hidden: false, listedAt: d.productId })));
let t = performance.now();
const index = new InMemorySearchIndex('bench', 0); // no result cache: every run computes
index.upsert(documents, offers);
console.log(`built ${count} in ${Math.round(performance.now() - t)} ms`);

const base: SearchQuery = { keyword: '', locationId: 1, deptIds: [], excludeDeptIds: [], brandIds: [], minCents: null, maxCents: null, inStockOnly: true, promoOnly: false, attributes: {}, inStockAtLocationIds: null, sort: 'relevancy', page: 1, limit: 96 };
const cases: [string, Partial<SearchQuery>][] = [
  ['word', { keyword: 'drill' }], ['word + price sort', { keyword: 'drill', sort: 'price-asc', minCents: 1000 }],
  ['typo', { keyword: 'hamer' }], ['swapped letters', { keyword: 'dirll' }], ['two swaps, long word', { keyword: 'falshlihgt' }], ['two words', { keyword: 'cordless drill' }], ['3-letter prefix', { keyword: 'sho' }],
  ['browse dept, title sort', { deptIds: [1], sort: 'title-asc' }], ['browse all, price sort', { sort: 'price-desc' }],
];
for (const [name, q] of cases) {
  const runs = 30; const times: number[] = []; let total = 0;
  for (let i = 0; i < runs + 3; i += 1) { t = performance.now(); total = index.search({ ...base, ...q }).total; if (i >= 3) times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(26)} matches ${String(total).padStart(6)}  p50 ${times[15].toFixed(1)} ms  p95 ${times[28].toFixed(1)} ms`);
}
{
  // Typo lookups are kept per term once made; a term never seen before walks the dictionary (swaps included).
  const words = [...new Set(leaves.flatMap((leaf) => leaf.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 6))].slice(0, 60);
  const swap = (w: string, i: number) => w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  const times = words.map((w, i) => { t = performance.now(); index.search({ ...base, keyword: swap(w, 1 + (i % (w.length - 2))) }); return performance.now() - t; }).sort((a, b) => a - b);
  console.log(`${'new swapped word'.padEnd(26)} ${String(times.length).padStart(6)} words p50 ${times[Math.floor(times.length / 2)].toFixed(1)} ms  p95 ${times[Math.floor(times.length * 0.95)].toFixed(1)} ms`);
}
for (const prefix of ['dri', 'hamm', 'shove']) {
  const times: number[] = [];
  for (let i = 0; i < 33; i += 1) { t = performance.now(); index.suggest(prefix, 1, 10); if (i >= 3) times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(`suggest "${prefix}"`.padEnd(26), `p50 ${times[15].toFixed(1)} ms  p95 ${times[28].toFixed(1)} ms`);
}
{
  // First type-ahead after a build pays for the prefix lists once.
  const fresh = new InMemorySearchIndex('bench-fresh', 0);
  fresh.upsert(documents, offers);
  t = performance.now();
  fresh.suggest('dri', 1, 10);
  console.log(`first suggest on a fresh index (builds prefix lists): ${Math.round(performance.now() - t)} ms`);
}
