import { describe, expect, it } from 'vitest';
import { InMemorySearchIndex } from './in-memory-index';
import { SearchIndexRegistry } from './registry';
import type { LocationOffer, SearchDocument, SearchQuery } from './search-index';

const doc = (productId: number, title: string, extra: Partial<SearchDocument> = {}): SearchDocument => ({
  productId, sku: String(5000 + productId), slug: `p-${productId}`, title, originalTitle: title, brandId: 1, brandName: 'Acme',
  modelNumber: `X${productId}`, departmentPath: [1], imageUrl: null, vendorId: null, hidden: false, extra: {}, settings: {}, description: '',
  attributes: {}, promoMessage: null, competitors: [], additionalFeeDetails: [], addonProductIds: [], videos: [], ...extra,
});
const offer = (productId: number, locationId: number, priceCents: number, inventory = 10): LocationOffer => ({
  productId, locationId, storeProductId: productId * 10 + locationId, priceCents, promoPriceCents: null, inventory,
  vendorAllowsSpecialOrder: false, hidden: false, listedAt: productId,
});
const query = (q: Partial<SearchQuery>): SearchQuery => ({
  keyword: '', locationId: 1, deptIds: [], excludeDeptIds: [], brandIds: [], minCents: null, maxCents: null,
  inStockOnly: false, promoOnly: false, attributes: {}, inStockAtLocationIds: null, sort: 'relevancy', page: 1, limit: 10, ...q,
});

describe('InMemorySearchIndex', () => {
  it('matches tenant synonyms both ways', () => {
    const index = new InMemorySearchIndex('t');
    index.upsert([doc(1, 'Leather Sofa'), doc(2, 'Garden Couch'), doc(3, 'Oak Table')], [1, 2, 3].map((id) => offer(id, 1, 1000)));
    expect(index.search(query({ keyword: 'sofa' })).items.map((i) => i.id)).toEqual([1]);
    index.setSynonyms([['sofa', 'couch']]);
    expect(index.search(query({ keyword: 'sofa' })).items.map((i) => i.id).sort()).toEqual([1, 2]);
    expect(index.search(query({ keyword: 'couches' })).items.map((i) => i.id).sort()).toEqual([1, 2]);
  });

  it('applies upserts and removals, and prices per location', () => {
    const index = new InMemorySearchIndex('t');
    index.upsert([doc(1, 'Red Paint'), doc(2, 'Blue Paint')], [offer(1, 1, 1500), offer(2, 1, 900), offer(1, 2, 1700)]);
    expect(index.search(query({ keyword: 'paint', sort: 'price-asc' })).items.map((i) => [i.id, i.price])).toEqual([[2, '9.00'], [1, '15.00']]);
    expect(index.search(query({ keyword: 'paint', locationId: 2 })).items.map((i) => [i.id, i.price, i.store_product_id])).toEqual([[1, '17.00', 12]]);
    index.upsert([doc(1, 'Crimson Paint')], [offer(1, 1, 500, 0)]);
    expect(index.search(query({ keyword: 'crimson' })).items[0]).toMatchObject({ id: 1, price: '5.00', num_inventory: 0 });
    expect(index.search(query({ keyword: 'red' })).total).toBe(0);
    index.remove([2]);
    expect(index.search(query({ keyword: 'blue' })).total).toBe(0);
    expect(index.documentCount).toBe(1);
  });

  it('takes new stock counts alone: in-stock filters, items and cached answers follow, nothing else changes', () => {
    const index = new InMemorySearchIndex('t');
    index.upsert([doc(1, 'Red Paint'), doc(2, 'Blue Paint')], [offer(1, 1, 1500), offer(2, 1, 900), offer(1, 2, 1700)]);
    const inStock = (locationId = 1) => index.search(query({ keyword: 'paint', inStockOnly: true, sort: 'price-asc', locationId })).items.map((i) => [i.id, i.num_inventory]);
    expect(inStock()).toEqual([[2, 10], [1, 10]]); // now a remembered answer
    expect(index.storeProductIdsOf([1, 3]).sort()).toEqual([11, 12]); // product 3 is unknown
    index.setInventory([[11, 0], [21, 4], [99, 7]]); // store product 99 is unknown
    expect(inStock()).toEqual([[2, 4]]);
    expect(inStock(2)).toEqual([[1, 10]]);
    expect(index.storeProduct(11)).toMatchObject({ id: 1, title: 'Red Paint', price: '15.00', num_inventory: 0 });
    expect(index.search(query({ keyword: 'paint', sort: 'price-asc' })).items.map((i) => [i.id, i.num_inventory])).toEqual([[2, 4], [1, 0]]);
  });

  it('ranks by relevance, best first, equal scores in the order products were added', () => {
    const index = new InMemorySearchIndex('t', 0);
    index.upsert([doc(1, 'Hammer Drill Set'), doc(2, 'Drill'), doc(3, 'Cordless Drill Driver Kit'), doc(4, 'Drill'), doc(5, 'Garden Hose')],
      [1, 2, 3, 4, 5].map((id) => offer(id, 1, 1000)));
    // Shorter titles weigh a word more; 2 and 4 score the same.
    expect(index.search(query({ keyword: 'drill' })).items.map((i) => i.id)).toEqual([2, 4, 1, 3]);
  });

  it('answers a page as JSON text equal to its items, kept right when a product or its offer changes', () => {
    // Result cache off, so each search reads the kept item texts rather than a remembered answer.
    const index = new InMemorySearchIndex('t', 0);
    index.upsert([doc(1, 'Red Paint', { extra: { finish: 'matte' } }), doc(2, 'Blue Paint')], [offer(1, 1, 1500), offer(2, 1, 900), offer(1, 2, 1700)]);
    const page = (locationId = 1) => {
      const hits = index.search(query({ keyword: 'paint', sort: 'price-asc', locationId }));
      expect(JSON.parse(hits.itemsJson)).toEqual(hits.items);
      return JSON.parse(hits.itemsJson) as { id: number; title: string; price: string; num_inventory: number }[];
    };
    expect(page().map((i) => [i.id, i.price])).toEqual([[2, '9.00'], [1, '15.00']]);
    expect(page(2).map((i) => [i.id, i.price])).toEqual([[1, '17.00']]);
    index.upsert([], [offer(1, 1, 800, 0)]); // an offer alone: price and stock at location 1
    expect(page().map((i) => [i.id, i.price, i.num_inventory])).toEqual([[1, '8.00', 0], [2, '9.00', 10]]);
    expect(page(2).map((i) => [i.id, i.price])).toEqual([[1, '17.00']]);
    index.upsert([doc(1, 'Crimson Paint')], [offer(1, 1, 800, 0), offer(1, 2, 1700)]); // the document: every location's item
    expect(page().map((i) => i.title)).toEqual(['Crimson Paint', 'Blue Paint']);
    expect(page(2).map((i) => i.title)).toEqual(['Crimson Paint']);
    index.remove([2]);
    expect(page().map((i) => i.id)).toEqual([1]);
    expect(index.search(query({ keyword: 'nothing-like-this' })).itemsJson).toBe('[]');
  });

  it('keeps sort orders true after price, title and listing changes', () => {
    const index = new InMemorySearchIndex('t', 0);
    const listed = (o: LocationOffer) => ({ ...o, listedAt: Date.UTC(2026, 0, o.productId) });
    index.upsert([doc(1, 'Apple'), doc(2, 'Banana'), doc(3, 'Cherry')], [offer(1, 1, 300), offer(2, 1, 200), offer(3, 1, 100)].map(listed));
    const ids = (sort: SearchQuery['sort']) => index.search(query({ sort })).items.map((i) => i.id);
    expect(ids('price-asc')).toEqual([3, 2, 1]);
    expect(ids('title-asc')).toEqual([1, 2, 3]);
    expect(ids('latest')).toEqual([3, 2, 1]);
    index.upsert([doc(3, 'Cherry')], [{ ...offer(3, 1, 900), listedAt: Date.UTC(2025, 0, 1) }]);
    expect(ids('price-asc')).toEqual([2, 1, 3]);
    expect(ids('latest')).toEqual([2, 1, 3]);
    index.upsert([doc(1, 'Zucchini')], [offer(1, 1, 300)]);
    expect(ids('title-asc')).toEqual([2, 3, 1]);
    index.remove([2]);
    expect(ids('price-asc')).toEqual([1, 3]);
    index.upsert([doc(4, 'Avocado')], [offer(4, 1, 50)]);
    expect(ids('price-asc')).toEqual([4, 1, 3]);
    expect(ids('title-asc')).toEqual([4, 3, 1]);
  });

  it('never answers from a result cache after the index changed', () => {
    const index = new InMemorySearchIndex('t');
    index.upsert([doc(1, 'Garden Hose')], [offer(1, 1, 2500)]);
    expect(index.search(query({ keyword: 'hose' })).items[0].price).toBe('25.00');
    expect(index.suggest('hos', 1, 10).products[0].price).toBe('25.00');
    index.upsert([doc(1, 'Garden Hose')], [offer(1, 1, 1999)]);
    expect(index.search(query({ keyword: 'hose' })).items[0].price).toBe('19.99');
    expect(index.suggest('hos', 1, 10).products[0].price).toBe('19.99');
    index.remove([1]);
    expect(index.search(query({ keyword: 'hose' })).total).toBe(0);
  });

  it('suggests from prefix lists: shorter titles first, per location, following title changes and removals', () => {
    const index = new InMemorySearchIndex('t');
    index.upsert([doc(1, 'Shovel with long handle'), doc(2, 'Shovel'), doc(3, 'Hose'), doc(4, 'Snow Shovel')], [offer(1, 1, 100), offer(2, 1, 100), offer(3, 1, 100), offer(4, 2, 100)]);
    const steps = index.buildTypeAhead(1);
    while (!steps.next().done);
    expect(index.suggest('sho', 1, 10).products.map((p) => p.id)).toEqual([2, 1]);
    expect(index.suggest('sho', 2, 10).products.map((p) => p.id)).toEqual([4]);
    index.upsert([doc(2, 'Spade')], [offer(2, 1, 100)]);
    expect(index.suggest('shov', 1, 10).products.map((p) => p.id)).toEqual([1]);
    expect(index.suggest('spa', 1, 10).products.map((p) => p.id)).toEqual([2]);
    index.remove([1]);
    expect(index.suggest('shovel', 1, 10).products).toEqual([]);
    // Several words go through the full search.
    expect(index.suggest('snow sho', 2, 10).products.map((p) => p.id)).toEqual([4]);
  });

  it("finds a department's and a brand's products by their alias, after the products named so, kept current as aliases and products change", () => {
    const index = new InMemorySearchIndex('t', 0);
    // Departments: 10 Lawn & Garden > 11 Mowers; 20 Tools. Brand 7 is Greenline.
    index.upsert([
      doc(1, 'Push Mower', { departmentPath: [10, 11] }), doc(2, 'Garden Hose', { departmentPath: [10] }), doc(3, 'Yard Broom', { departmentPath: [20] }),
      doc(4, 'Claw Hammer', { departmentPath: [20], brandId: 7, brandName: 'Greenline' }), doc(5, 'Hidden Rake', { departmentPath: [10], hidden: true }),
    ], [1, 2, 3, 4, 5].map((id) => offer(id, 1, 1000)));
    const ids = (keyword: string, sort: SearchQuery['sort'] = 'relevancy') => index.search(query({ keyword, sort })).items.map((i) => i.id);
    expect(ids('yard')).toEqual([3]);
    index.setAliases({ departments: [{ deptId: 10, names: ['Yard'] }], brands: [{ brandId: 7, names: ['GL Tools'] }] });
    // The broom names the word itself: first. Then Lawn & Garden and what is under it (the hidden product stays out).
    expect(ids('yard')).toEqual([3, 1, 2]);
    expect(ids('yard', 'title-asc')).toEqual([2, 1, 3]);
    // Every word must still match, each by the product's own words or an alias: 'yard mower' is the mower only.
    expect(ids('yard mower')).toEqual([1]);
    expect(ids('yrad')).toEqual([]); // under 5 letters: no typo, for aliases as for words
    expect(ids('gl')).toEqual([4]); // a brand's alias
    // A product moved out of the department no longer answers to its alias; one moved in does.
    index.upsert([doc(2, 'Garden Hose', { departmentPath: [20] }), doc(3, 'Yard Broom', { departmentPath: [10] })], [offer(2, 1, 1000), offer(3, 1, 1000)]);
    expect(ids('yard')).toEqual([3, 1]);
    // Typos as for product words: 'bakcyard' is one swap from the alias 'backyard'.
    index.setAliases({ departments: [{ deptId: 10, names: ['Backyard'] }], brands: [] });
    expect(ids('bakcyard')).toEqual([1, 3]);
    expect(ids('gl')).toEqual([]);
    // Suggestions: products named so first, then the alias's products.
    expect(index.suggest('back', 1, 10).products.map((p) => p.id)).toEqual([1, 3]);
    expect(index.suggest('bro', 1, 10).products.map((p) => p.id)).toEqual([3]);
    index.setAliases({ departments: [], brands: [] });
    expect(ids('backyard')).toEqual([]);
    expect(index.suggest('back', 1, 10).products).toEqual([]);
  });

  it('counts two swapped adjacent letters as one typo: baliey finds Bailey, hmamer hammer, dirll drill', () => {
    const index = new InMemorySearchIndex('t', 0);
    index.upsert([
      doc(1, 'No. 4 Bench Plane', { brandId: 2, brandName: 'Bailey' }), doc(2, 'Claw Hammer'), doc(3, 'Cordless Drill'), doc(4, 'Garden Hose'),
    ], [1, 2, 3, 4].map((id) => offer(id, 1, 1000)));
    const ids = (keyword: string) => index.search(query({ keyword })).items.map((i) => i.id);
    expect(ids('baliey')).toEqual([1]);
    expect(ids('hmamer')).toEqual([2]);
    expect(ids('dirll')).toEqual([3]);
    expect(ids('cordless dirll')).toEqual([3]);
    expect(ids('ladder')).toEqual([]);
  });

  it('keeps the typo allowance per word length when a swap counts as one typo', () => {
    const index = new InMemorySearchIndex('t', 0);
    index.upsert([doc(1, 'Garden Hose'), doc(2, 'Claw Hammer'), doc(3, 'Flashlight')], [1, 2, 3].map((id) => offer(id, 1, 1000)));
    const ids = (keyword: string) => index.search(query({ keyword })).items.map((i) => i.id);
    expect(ids('hsoe')).toEqual([]); // under 5 letters: no typo
    expect(ids('hmamre')).toEqual([]); // two swaps, one typo allowed under 9 letters
    expect(ids('flahslihgt')).toEqual([3]); // two swaps, two typos allowed from 9 letters
  });

  it('drops the in-stock filter when nothing is in stock, and says so', () => {
    const index = new InMemorySearchIndex('t');
    index.upsert([doc(1, 'Rake')], [offer(1, 1, 1000, 0)]);
    const hits = index.search(query({ keyword: 'rake', inStockOnly: true }));
    expect(hits).toMatchObject({ total: 1, removedInStockOnly: true });
  });

  it('filters and counts attribute facets (other_facets), case-blind on values', () => {
    const index = new InMemorySearchIndex('t');
    index.upsert([
      doc(1, 'Gloss Paint', { attributes: { color: 'Red', finish: 'Gloss' } }),
      doc(2, 'Matte Paint', { attributes: { color: 'Blue', finish: 'Matte' } }),
      doc(3, 'Satin Paint', { attributes: { color: 'Red' } }),
    ], [1, 2, 3].map((id) => offer(id, 1, 1000)));
    expect(index.search(query({ keyword: 'paint' })).facets.other_facets).toEqual([
      { key: 'color', values: [{ value: 'Red', count: 2 }, { value: 'Blue', count: 1 }] },
      { key: 'finish', values: [{ value: 'Gloss', count: 1 }, { value: 'Matte', count: 1 }] },
    ]);
    expect(index.search(query({ attributes: { color: ['red'] } })).items.map((i) => i.id).sort()).toEqual([1, 3]);
    expect(index.search(query({ attributes: { color: ['Red', 'Blue'], finish: ['Matte'] } })).items.map((i) => i.id)).toEqual([2]);
    expect(index.search(query({ attributes: { flavour: ['Mint'] } })).total).toBe(0);
    index.upsert([doc(3, 'Satin Paint', { attributes: { color: 'Blue' } })], [offer(3, 1, 1000)]);
    expect(index.search(query({ attributes: { color: ['Red'] } })).items.map((i) => i.id)).toEqual([1]);
  });

  it('keeps departments, brands and attributes of indexed products when a new attribute key arrives', () => {
    const index = new InMemorySearchIndex('t', 0);
    index.upsert([
      doc(1, 'Red Paint', { departmentPath: [1, 2], brandId: 7, attributes: { color: 'Red' } }),
      doc(2, 'Blue Paint', { departmentPath: [1, 3], brandId: 8, attributes: { color: 'Blue' } }),
    ], [offer(1, 1, 1000), offer(2, 1, 2000)]);
    index.upsert([doc(3, 'Large Paint Tray', { departmentPath: [4], brandId: 7, attributes: { size: 'Large' } })], [offer(3, 1, 500)]);
    const paint = index.search(query({ keyword: 'paint' }));
    expect(paint.facets.departments).toEqual([{ dept_id: 1, count: 2 }, { dept_id: 2, count: 1 }, { dept_id: 3, count: 1 }, { dept_id: 4, count: 1 }]);
    expect(paint.facets.brands.map((b) => [b.brand_id, b.count])).toEqual([[7, 2], [8, 1]]);
    expect(paint.facets.other_facets).toEqual([
      { key: 'color', values: [{ value: 'Blue', count: 1 }, { value: 'Red', count: 1 }] },
      { key: 'size', values: [{ value: 'Large', count: 1 }] },
    ]);
    const ids = (q: Partial<SearchQuery>) => index.search(query(q)).items.map((i) => i.id).sort();
    expect(ids({ deptIds: [3] })).toEqual([2]);
    expect(ids({ excludeDeptIds: [1] })).toEqual([3]);
    expect(ids({ brandIds: [7] })).toEqual([1, 3]);
    expect(ids({ attributes: { color: ['red'] } })).toEqual([1]);
    expect(ids({ attributes: { size: ['large'] } })).toEqual([3]);
  });

  it('keeps products in stock at any of the given locations (avail_35)', () => {
    const index = new InMemorySearchIndex('t');
    index.upsert([doc(1, 'Rake'), doc(2, 'Hoe')], [offer(1, 1, 1000, 0), offer(1, 2, 1000, 4), offer(2, 1, 900, 3), offer(2, 2, 900, 0)]);
    expect(index.search(query({ inStockAtLocationIds: [2] })).items.map((i) => i.id)).toEqual([1]);
    expect(index.search(query({ inStockAtLocationIds: [1, 2] })).total).toBe(2);
  });

  it('lists similar products from the same department, nearest in price, and brand counts per location', () => {
    const index = new InMemorySearchIndex('t');
    index.upsert([
      doc(1, 'Drill A', { departmentPath: [1, 2, 3] }), doc(2, 'Drill B', { departmentPath: [1, 2, 3], brandId: 2 }),
      doc(3, 'Drill C', { departmentPath: [1, 2, 3] }), doc(4, 'Saw', { departmentPath: [1, 2, 4] }),
    ], [offer(1, 1, 5000), offer(2, 1, 9000), offer(3, 1, 5500), offer(4, 1, 5000), offer(2, 2, 100)]);
    expect(index.similar(1, 1, 5).map((i) => i.id)).toEqual([3, 2]);
    expect(index.similar(99, 1, 5)).toEqual([]);
    expect([...index.brandCounts(1)]).toEqual([[1, 3], [2, 1]]);
    expect([...index.brandCounts(2)]).toEqual([[2, 1]]);
  });

  it('returns nothing for a location it has no offers for', () => {
    const index = new InMemorySearchIndex('t');
    index.upsert([doc(1, 'Rake')], [offer(1, 1, 1000)]);
    expect(index.search(query({ locationId: 9 })).total).toBe(0);
  });
});

describe('SearchIndexRegistry', () => {
  const loadFor = (builds: string[]) => async (tenantId: string, _productIds?: number[]) => {
    builds.push(tenantId);
    return { documents: [doc(1, `${tenantId} item`)], offers: [offer(1, 1, 100)] };
  };

  it('builds a tenant once, also for concurrent first requests', async () => {
    const builds: string[] = [];
    const registry = new SearchIndexRegistry({ budgetBytes: 10 ** 9, load: loadFor(builds) });
    const [a, b] = await Promise.all([registry.get('t1'), registry.get('t1')]);
    expect(a).toBe(b);
    expect(builds).toEqual(['t1']);
  });

  it('evicts the least recently used tenant beyond the memory budget', async () => {
    const builds: string[] = [];
    const one = new InMemorySearchIndex('x');
    one.upsert([doc(1, 'x')], [offer(1, 1, 1)]);
    const registry = new SearchIndexRegistry({ budgetBytes: one.approxBytes * 2, load: loadFor(builds) });
    await registry.get('t1');
    await registry.get('t2');
    await registry.get('t1'); // t1 used most recently
    await registry.get('t3');
    expect(registry.loadedTenants).toEqual(['t1', 't3']);
    await registry.get('t2');
    expect(builds).toEqual(['t1', 't2', 't3', 't2']);
  });
});
