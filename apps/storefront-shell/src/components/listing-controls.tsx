import { useSearchParams } from '@platform/routing';
import { defaultInStockOnly, listingQuery, PRODUCT_SORT_LABELS, PRODUCT_SORTS, type ProductSort } from '@platform/domain';
import { storefrontApi } from '@platform/api-client';

/** The sort selector's options (spec 1 §9), in the domain's order. */
export const SORT_OPTIONS: readonly (readonly [ProductSort, string])[] = PRODUCT_SORTS.map((sort) => [sort, PRODUCT_SORT_LABELS[sort]] as const);

/**
 * A product listing's limit, sort, in-stock and exclusion parameters: the URL's, else the store's settings
 * (libs/domain listingQuery). `defaults` is what the page asks for when the URL names nothing, so a choice equal
 * to it is left out of the URL and a shared link keeps following the store's setting.
 */
export function useListingQuery() {
  const [params] = useSearchParams();
  const { data: settings } = storefrontApi.useSettingsQuery();
  const rules = { ...settings?.products, filterShowOutOfStock: settings?.filterShowOutOfStock };
  const listing = listingQuery((key) => params.get(key), rules);
  const defaults = listingQuery(() => null, rules);
  return { listing, defaults: { sort: defaults.sort, in_stock_only: defaultInStockOnly(rules) } };
}

/** The 'Sort by' selector. */
export function SortSelect({ value, onChange }: { value: ProductSort; onChange: (sort: ProductSort) => void }) {
  return (
    <label>Sort by{' '}
      <select value={value} onChange={(e) => onChange(e.target.value as ProductSort)}>
        {SORT_OPTIONS.map(([sort, label]) => <option key={sort} value={sort}>{label}</option>)}
      </select>
    </label>
  );
}

/** The 'In stock only' checkbox of department and brand pages. */
export function InStockToggle({ checked, onChange }: { checked: boolean; onChange: (inStockOnly: boolean) => void }) {
  return <label><input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> In stock only</label>;
}
