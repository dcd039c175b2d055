import styled from 'styled-components';
import type { StoreSettings } from '@platform/contracts';
import { browseSettingsProblems, MAX_LOW_STOCK_THRESHOLD, PRODUCT_SORT_LABELS, PRODUCT_SORTS, stockLabel, type ProductSort } from '@platform/domain';
import { storefrontApi, storeContentAdminApi } from '@platform/api-client';
import { Card, Container, Field, PageTitle } from '@platform/ui';
import { LoadState, SaveBar } from './checked-save';
import { useSettingsForm } from './use-settings-form';

export const SettingsForm = styled.form`
  display: grid; gap: 20px; max-width: 760px;
  h2 { margin: 0 0 8px; }
  .help { margin: 4px 0 0; font-weight: 400; color: ${(p) => p.theme.colors.muted}; }
  .problem { margin: 4px 0 0; font-weight: 400; color: ${(p) => p.theme.colors.danger}; }
  .check { display: flex; gap: 10px; align-items: flex-start; font-weight: 600; }
  .check input { margin-top: 4px; width: 18px; height: 18px; }
  input[type='number'] { max-width: 140px; }
`;

interface Form { defaultSort: ProductSort; filterShowOutOfStock: boolean; lowStockThreshold: string }
const fromSettings = (s: StoreSettings): Form => ({
  defaultSort: (PRODUCT_SORTS as readonly string[]).includes(s.products.defaultSort) ? s.products.defaultSort as ProductSort : 'relevancy',
  filterShowOutOfStock: s.filterShowOutOfStock, lowStockThreshold: String(s.products.lowStockThreshold),
});

/**
 * Settings › Product Listings: how search, department and brand pages start (spec 1 §9: the store's default
 * sort, in-stock items only unless filterShowOutOfStock) and when a product reads 'Only N Left' (spec 1 §4).
 */
export function ProductListingsPage() {
  const settings = useSettingsForm(storefrontApi.useSettingsQuery(), storeContentAdminApi.useSaveBrowseSettingsMutation(), {
    from: fromSettings,
    check: (form) => {
      // An empty box is no number: the rule names it rather than saving 0.
      const body = { defaultSort: form.defaultSort, filterShowOutOfStock: form.filterShowOutOfStock, lowStockThreshold: form.lowStockThreshold.trim() === '' ? Number.NaN : Number(form.lowStockThreshold) };
      return { body, problems: browseSettingsProblems(body) };
    },
    fallback: 'The listing settings could not be saved. Please try again.',
  });
  const { form, change, problem, described } = settings;

  const threshold = Number(form?.lowStockThreshold);
  const example = Number.isInteger(threshold) && threshold > 0 ? Math.min(threshold, 3) : 3;
  return (
    <Container>
      <PageTitle>Product Listings</PageTitle>
      <p>How search results, department pages and brand pages start for shoppers, and when a product shows that only a few are left.</p>
      <LoadState load={settings} loading="Loading the listing settings…" failed="We could not load the listing settings." />
      {form ? (
        <SettingsForm onSubmit={settings.onSubmit} noValidate aria-label="Product listing settings">
          <Card>
            <h2>Order and stock</h2>
            <Field>
              Default sort
              <select name="defaultSort" value={form.defaultSort} {...described('defaultSort')} onChange={(e) => change({ defaultSort: e.target.value as ProductSort })}>
                {PRODUCT_SORTS.map((sort) => <option key={sort} value={sort}>{PRODUCT_SORT_LABELS[sort]}</option>)}
              </select>
            </Field>
            <p className="help">Listing pages start in this order; shoppers can still pick another from &lsquo;Sort by&rsquo;.</p>
            {problem('defaultSort')}
            <label className="check" style={{ marginTop: 16 }}>
              <input type="checkbox" name="filterShowOutOfStock" checked={form.filterShowOutOfStock} onChange={(e) => change({ filterShowOutOfStock: e.target.checked })} />
              Show out-of-stock items on listing pages by default
            </label>
            <p className="help">
              {form.filterShowOutOfStock
                ? "Listing pages show every product; shoppers can tick 'In stock only'."
                : "Listing pages show in-stock products only; shoppers can untick 'In stock only' to see the rest."}
            </p>
          </Card>
          <Card>
            <h2>&lsquo;Only N Left&rsquo;</h2>
            <Field>
              Show &lsquo;Only N Left&rsquo; at or below
              <input type="number" name="lowStockThreshold" inputMode="numeric" min={0} max={MAX_LOW_STOCK_THRESHOLD} step={1} value={form.lowStockThreshold}
                {...described('lowStockThreshold')} onChange={(e) => change({ lowStockThreshold: e.target.value })} />
            </Field>
            <p className="help" aria-live="polite">
              {threshold === 0
                ? "0: products never show 'Only N Left', only 'In Stock'."
                : `With ${example} in stock shoppers see '${stockLabel({ inventory: example, lowStockThreshold: Number.isInteger(threshold) ? threshold : undefined }).text}'. From 0 to ${MAX_LOW_STOCK_THRESHOLD}; 0 never shows it.`}
            </p>
            {problem('lowStockThreshold')}
          </Card>
          <SaveBar failure={settings.failure} saving={settings.saving} label="Save changes" saved={settings.saved} />
        </SettingsForm>
      ) : null}
    </Container>
  );
}
