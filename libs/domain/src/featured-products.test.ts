import { describe, expect, it } from 'vitest';
import { moveFeatured, sameFeaturedSet } from './featured-products';

describe('featured products order', () => {
  it('moves one product a place up or down, and leaves the ends as they are', () => {
    expect(moveFeatured(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveFeatured(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveFeatured(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveFeatured(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('accepts an order only when it lists exactly the featured products, each once', () => {
    expect(sameFeaturedSet(['c', 'a', 'b'], ['a', 'b', 'c'])).toBe(true);
    expect(sameFeaturedSet(['a', 'b'], ['a', 'b', 'c'])).toBe(false);
    expect(sameFeaturedSet(['a', 'a', 'b'], ['a', 'b', 'c'])).toBe(false);
    expect(sameFeaturedSet(['a', 'b', 'd'], ['a', 'b', 'c'])).toBe(false);
  });
});
