import { describe, expect, it } from 'vitest';
import { buyingFromText } from './alerts';

describe('buyingFromText', () => {
  it("puts the selected store's name in place of {store}, every time it appears", () => {
    expect(buyingFromText('Buying from {store}: prices and stock are for {store}.', 'Millbrook')).toBe('Buying from Millbrook: prices and stock are for Millbrook.');
  });
  it('uses the default wording when the store left the text blank', () => {
    expect(buyingFromText('  ', 'Riverside Eastgate')).toBe('You are buying from Riverside Eastgate.');
  });
  it("adds the name after a text that has no {store}", () => {
    expect(buyingFromText('Your order goes to', 'Millbrook')).toBe('Your order goes to Millbrook');
  });
});
