import { describe, expect, it } from 'vitest';
import { countryCode, parcelWeightLb, shippingAddressProblem, shippingChargeCents, shippingChargeLabel, shippingQuoteId, tableRateQuotes, type TableRate } from './index';

const rates: TableRate[] = [
  { carrier: 'Store Shipping', service: 'Ground', deliveryDays: '3-5 days', freeOverCents: 15000, bands: [{ upToWeightLb: null, feeCents: 2500 }, { upToWeightLb: 5, feeCents: 899 }, { upToWeightLb: 20, feeCents: 1499 }] },
  { carrier: 'Store Shipping', service: 'Express', deliveryDays: '1-2 days', freeOverCents: null, bands: [{ upToWeightLb: 10, feeCents: 2499 }] },
];

describe('parcel weight', () => {
  it('adds line weights, counting items without one as 1 lb', () => {
    expect(parcelWeightLb([{ quantity: 3, extra: { weight: 2.5 } }, { quantity: 2, extra: {} }, { quantity: 1, extra: { weight: 'heavy' } }])).toBe(10.5);
  });
});

describe('table-rate quotes', () => {
  it("takes each service's first band that holds the weight, cheapest option first, handling fee on each", () => {
    const quotes = tableRateQuotes(rates, { weightLb: 4, subtotalCents: 5000 }, 150);
    expect(quotes.map((q) => [q.service, q.rateCents, q.handlingFeeCents, shippingChargeCents(q)])).toEqual([['Ground', 899, 150, 1049], ['Express', 2499, 150, 2649]]);
    expect(quotes[0].id).toBe(shippingQuoteId('Store Shipping', 'Ground'));
    expect(tableRateQuotes(rates, { weightLb: 5.01, subtotalCents: 5000 }, 0)[0].rateCents).toBe(1499);
  });

  it('leaves out a service no band fits, uses the open band above the others, and ships free from the threshold', () => {
    const heavy = tableRateQuotes(rates, { weightLb: 40, subtotalCents: 5000 }, 0);
    expect(heavy.map((q) => [q.service, q.rateCents])).toEqual([['Ground', 2500]]);
    expect(tableRateQuotes(rates, { weightLb: 4, subtotalCents: 15000 }, 150)[0]).toMatchObject({ service: 'Ground', rateCents: 0, handlingFeeCents: 150 });
    expect(tableRateQuotes([], { weightLb: 1, subtotalCents: 100 }, 0)).toEqual([]);
  });
});

describe('shipping line and address', () => {
  it('asks for an address, then a choice, then shows the charge (FREE at 0)', () => {
    const quote = { id: 'a', carrier: 'c', service: 's', rateCents: 899, handlingFeeCents: 150, deliveryDays: null };
    expect(shippingChargeLabel({ hasAddress: false, quote: null })).toBe('Add address to calculate');
    expect(shippingChargeLabel({ hasAddress: true, quote: null })).toBe('Choose a shipping option');
    expect(shippingChargeLabel({ hasAddress: true, quote })).toBe('$10.49');
    expect(shippingChargeLabel({ hasAddress: true, quote: { ...quote, rateCents: 0, handlingFeeCents: 0 } })).toBe('FREE');
  });

  it('needs street, city, state and a valid US zip', () => {
    expect(shippingAddressProblem({ address: '1 Main St', city: 'Salem', state: 'OR', zip: '97301', country: 'USA' })).toBeNull();
    expect(shippingAddressProblem({ address: '1 Main St', zip: '97301' })).toBe('Please enter the city, state to get shipping quotes.');
    expect(shippingAddressProblem({ address: '1 Main St', city: 'Salem', state: 'OR', zip: '9730' })).toBe('Please enter a valid zip code.');
    expect(shippingAddressProblem({ address: '1 Main St', city: 'Toronto', state: 'ON', zip: '97301', country: 'Canada' })).toBe('We ship within the United States only.');
  });

  it('sends USA, United States or nothing as US', () => {
    expect(['USA', ' united states of america ', '', undefined, 'us'].map(countryCode)).toEqual(['US', 'US', 'US', 'US', 'US']);
    expect(countryCode('ca')).toBe('CA');
  });
});
