import { describe, expect, it } from 'vitest';
import { defaultInStockOnly, listingQuery, paginationWindow, priceBandOf, priceFilterLabel, PRICE_BANDS } from './search-display';

const pages = (items: ReturnType<typeof paginationWindow>) => items.map((i) => (i.type === 'page' ? i.page : '…'));

describe('price bands', () => {
  it('has the five spec bands, the last open-ended', () => {
    expect(PRICE_BANDS.map((b) => b.key)).toEqual(['0-50', '50-150', '150-250', '250-500', '500+']);
  });
  it('puts a price in the band whose lower bound it reaches', () => {
    expect(priceBandOf(0)).toBe('0-50');
    expect(priceBandOf(4999)).toBe('0-50');
    expect(priceBandOf(5000)).toBe('50-150');
    expect(priceBandOf(24999)).toBe('150-250');
    expect(priceBandOf(50000)).toBe('500+');
    expect(priceBandOf(12_345_678)).toBe('500+');
  });
});

describe('price filter wording', () => {
  it('reads more than / less than / a range', () => {
    expect(priceFilterLabel(20, null)).toBe('more than $20');
    expect(priceFilterLabel(null, 80)).toBe('less than $80');
    expect(priceFilterLabel(20, 80)).toBe('$20 - $80');
    expect(priceFilterLabel(null, null)).toBeNull();
  });
});

describe('pagination window', () => {
  it('shows every page when there are few', () => {
    expect(pages(paginationWindow(1, 4))).toEqual([1, 2, 3, 4]);
  });
  it('shows up to 3 pages around the current one, with first, last and ellipses', () => {
    expect(pages(paginationWindow(10, 20))).toEqual([1, '…', 7, 8, 9, 10, 11, 12, 13, '…', 20]);
    expect(pages(paginationWindow(1, 20))).toEqual([1, 2, 3, 4, '…', 20]);
    expect(pages(paginationWindow(20, 20))).toEqual([1, '…', 17, 18, 19, 20]);
  });
  it('leaves out an ellipsis that would hide no page', () => {
    expect(pages(paginationWindow(5, 9))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('clamps a page outside the range', () => {
    expect(pages(paginationWindow(99, 3))).toEqual([1, 2, 3]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });
});

describe('listing pages (spec 1 §9)', () => {
  const url = (query: string) => { const params = new URLSearchParams(query); return (key: string) => params.get(key); };

  it('shows in-stock products only unless the store turns on its out-of-stock filter setting', () => {
    expect(defaultInStockOnly({})).toBe(1);
    expect(defaultInStockOnly({ filterShowOutOfStock: true })).toBe(0);
    expect(listingQuery(url(''), { filterShowOutOfStock: true }).in_stock_only).toBe(0);
    expect(listingQuery(url('in_stock_only=1'), { filterShowOutOfStock: true }).in_stock_only).toBe(1);
    expect(listingQuery(url('in_stock_only=0'), {}).in_stock_only).toBe(0);
    expect(listingQuery(url('in_stock_only=yes'), {}).in_stock_only).toBe(1);
  });

  it("sorts by the URL's sort, else the store's default sort, else relevancy", () => {
    expect(listingQuery(url(''), {}).sort).toBe('relevancy');
    expect(listingQuery(url(''), { defaultSort: 'latest' }).sort).toBe('latest');
    expect(listingQuery(url('sort=price-asc'), { defaultSort: 'latest' }).sort).toBe('price-asc');
    expect(listingQuery(url('sort=cheapest'), { defaultSort: 'bogus' }).sort).toBe('relevancy');
  });

  it('honours the limit parameter (1-200), else the store\'s items per page, else 96', () => {
    expect(listingQuery(url(''), {}).limit).toBe(96);
    expect(listingQuery(url(''), { itemsPerPage: 48 }).limit).toBe(48);
    expect(listingQuery(url('limit=24'), { itemsPerPage: 48 }).limit).toBe(24);
    expect(listingQuery(url('limit=500'), {}).limit).toBe(200);
    expect(listingQuery(url('limit=0'), { itemsPerPage: 48 }).limit).toBe(48);
    expect(listingQuery(url('limit=abc'), {}).limit).toBe(96);
  });

  it('passes on exdept and exsubdept id lists and drops anything else', () => {
    expect(listingQuery(url('exdept=4,%205&exsubdept=7'), {})).toMatchObject({ exdept: '4,5', exsubdept: '7' });
    expect(listingQuery(url('exdept=paint'), {})).not.toHaveProperty('exdept');
    expect(listingQuery(url('exdept='), {})).not.toHaveProperty('exdept');
  });
});
