import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { PRICE_BANDS, priceFilterLabel } from '@platform/domain';
import type { ProductListResult } from '@platform/api-client';
import { Button } from '@platform/ui';

const FACET_PREVIEW = 5;

const Panel = styled.aside`
  display: grid; gap: 20px; align-content: start;
  h2 { font-size: 1rem; margin: 0 0 8px; }
  ul { list-style: none; padding: 0; margin: 0; display: grid; gap: 4px; }
  button.facet { font: inherit; background: none; border: 0; padding: 2px 0; cursor: pointer; color: ${(p) => p.theme.colors.link}; text-align: left; }
  button.facet[aria-pressed='true'] { font-weight: 700; }
  label { display: flex; gap: 6px; align-items: center; }
  .price { display: flex; gap: 6px; align-items: center; }
  .price input { width: 80px; font: inherit; padding: 6px; }
  .toggle { font: inherit; background: none; border: 0; padding: 4px 0; color: ${(p) => p.theme.colors.link}; cursor: pointer; }
`;

export interface Filters {
  deptId?: number; brands: number[]; startPrice?: number; endPrice?: number;
  /** Attribute facet choices by query key (color, size, x-prefixed keys ...). */
  attributes: Record<string, string[]>;
  inStockOnly: boolean; onSale: boolean; nearby: boolean;
}

/** The query key that filters a facet: the spec's own keys as they are, any other attribute x-prefixed. */
export const NAMED_ATTRIBUTE_KEYS = ['clothing_gender', 'clothing_type_kw', 'clothing_size', 'size', 'color', 'promolabel'];
export const attributeQueryKey = (facetKey: string) => (NAMED_ATTRIBUTE_KEYS.includes(facetKey) ? facetKey : `x${facetKey}`);

function FacetList<T>({ items, render }: { items: T[]; render: (item: T) => React.ReactNode }) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, FACET_PREVIEW);
  return (
    <>
      <ul>{shown.map(render)}</ul>
      {items.length > FACET_PREVIEW ? <button type="button" className="toggle" onClick={() => setAll(!all)}>{all ? 'See less' : 'See more'}</button> : null}
    </>
  );
}

/** Departments, brands, price bands (only those with matches) and a min/max price, from the result's facets. */
export function FilterPanel({ result, filters, onChange, showBrands, multiStore }: {
  result: ProductListResult; filters: Filters; onChange: (next: Filters) => void; showBrands: boolean; multiStore: boolean;
}) {
  const [min, setMin] = useState(filters.startPrice?.toString() ?? '');
  const [max, setMax] = useState(filters.endPrice?.toString() ?? '');
  const priceLabel = priceFilterLabel(filters.startPrice ?? null, filters.endPrice ?? null);
  const applyPrice = (event: FormEvent) => {
    event.preventDefault();
    const start = min.trim() === '' ? undefined : Math.max(0, Number(min));
    const end = max.trim() === '' ? undefined : Math.max(0, Number(max));
    onChange({ ...filters, startPrice: Number.isFinite(start) ? start : undefined, endPrice: Number.isFinite(end) ? end : undefined });
  };
  return (
    <Panel aria-label="Filters">
      <section aria-label="Availability">
        <ul>
          <li><label><input type="checkbox" checked={filters.inStockOnly} onChange={(e) => onChange({ ...filters, inStockOnly: e.target.checked })} /> In stock only</label></li>
          {multiStore ? <li><label><input type="checkbox" checked={filters.nearby} onChange={(e) => onChange({ ...filters, nearby: e.target.checked })} /> In stock at stores within 35 miles</label></li> : null}
          <li><label><input type="checkbox" checked={filters.onSale} onChange={(e) => onChange({ ...filters, onSale: e.target.checked })} /> On sale</label></li>
        </ul>
      </section>
      {result.departments.length ? (
        <section aria-labelledby="f-dept">
          <h2 id="f-dept">Departments</h2>
          <FacetList items={result.departments} render={(d) => (
            <li key={d.dept_id}>
              <button type="button" className="facet" aria-pressed={filters.deptId === d.dept_id}
                onClick={() => onChange({ ...filters, deptId: filters.deptId === d.dept_id ? undefined : d.dept_id })}>{d.name} ({d.count})</button>
            </li>
          )} />
        </section>
      ) : null}
      {showBrands && result.brands.length ? (
        <section aria-labelledby="f-brand">
          <h2 id="f-brand">Brands</h2>
          <FacetList items={result.brands} render={(b) => (
            <li key={b.brand_id}>
              <label>
                <input type="checkbox" checked={filters.brands.includes(b.brand_id)}
                  onChange={(e) => onChange({ ...filters, brands: e.target.checked ? [...filters.brands, b.brand_id] : filters.brands.filter((id) => id !== b.brand_id) })} />
                {b.brand_name} ({b.count})
              </label>
            </li>
          )} />
        </section>
      ) : null}
      {result.other_facets.map((facet) => {
        const key = attributeQueryKey(facet.key);
        const chosen = filters.attributes[key] ?? [];
        return (
          <section key={facet.key} aria-labelledby={`f-${facet.key}`}>
            <h2 id={`f-${facet.key}`}>{facet.label}</h2>
            <FacetList items={facet.values} render={(v) => (
              <li key={v.value}>
                <label>
                  <input type="checkbox" checked={chosen.includes(v.value)}
                    onChange={(e) => onChange({ ...filters, attributes: { ...filters.attributes, [key]: e.target.checked ? [...chosen, v.value] : chosen.filter((c) => c !== v.value) } })} />
                  {v.value} ({v.count})
                </label>
              </li>
            )} />
          </section>
        );
      })}
      <section aria-labelledby="f-price">
        <h2 id="f-price">Price</h2>
        {priceLabel ? (
          <p>{priceLabel} <button type="button" className="toggle" onClick={() => { setMin(''); setMax(''); onChange({ ...filters, startPrice: undefined, endPrice: undefined }); }}>Clear</button></p>
        ) : null}
        <ul>
          {result.price_ranges.map((band) => {
            const def = PRICE_BANDS.find((b) => b.key === band.key)!;
            return (
              <li key={band.key}>
                <button type="button" className="facet" onClick={() => {
                  const startPrice = def.min / 100;
                  const endPrice = def.max === null ? undefined : def.max / 100;
                  setMin(String(startPrice)); setMax(endPrice === undefined ? '' : String(endPrice));
                  onChange({ ...filters, startPrice, endPrice });
                }}>{band.label} ({band.count})</button>
              </li>
            );
          })}
        </ul>
        <form className="price" onSubmit={applyPrice}>
          <input aria-label="Minimum price" inputMode="decimal" type="number" min={0} value={min} onChange={(e) => setMin(e.target.value)} placeholder="Min" />
          <span>to</span>
          <input aria-label="Maximum price" inputMode="decimal" type="number" min={0} value={max} onChange={(e) => setMax(e.target.value)} placeholder="Max" />
          <Button type="submit" $variant="secondary">Go</Button>
        </form>
      </section>
    </Panel>
  );
}
