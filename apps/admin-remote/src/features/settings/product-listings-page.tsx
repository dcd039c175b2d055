import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { StoreSettings } from '@platform/contracts';
import { browseSettingsProblems, MAX_LOW_STOCK_THRESHOLD, PRODUCT_SORT_LABELS, PRODUCT_SORTS, stockLabel, type ProductSort } from '@platform/domain';
import { notify, storefrontApi, storeContentAdminApi } from '@platform/api-client';
import { Button, Card, Container, ErrorNotice, Field, Loading, PageTitle } from '@platform/ui';
import { SaveBar, useCheckedSave } from './checked-save';

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
  const { data: settings, isLoading, isError, refetch } = storefrontApi.useSettingsQuery();
  const [save, { isLoading: saving }] = storeContentAdminApi.useSaveBrowseSettingsMutation();
  const [form, setForm] = useState<Form | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { checkAndSave, failure, problem, described } = useCheckedSave();
  useEffect(() => { if (settings && form === null) setForm(fromSettings(settings)); }, [settings, form]);
  const change = (patch: Partial<Form>) => { setSaved(null); setForm((f) => f && { ...f, ...patch }); };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form) return;
    // An empty box is no number: the rule names it rather than saving 0.
    const body = { defaultSort: form.defaultSort, filterShowOutOfStock: form.filterShowOutOfStock, lowStockThreshold: form.lowStockThreshold.trim() === '' ? Number.NaN : Number(form.lowStockThreshold) };
    const answer = await checkAndSave(event.currentTarget, browseSettingsProblems(body), () => save(body).unwrap(), 'The listing settings could not be saved. Please try again.');
    if (!answer) return;
    setForm(fromSettings(answer.data));
    setSaved(answer.message);
    notify('success', answer.message);
  };

  const threshold = Number(form?.lowStockThreshold);
  const example = Number.isInteger(threshold) && threshold > 0 ? Math.min(threshold, 3) : 3;
  return (
    <Container>
      <PageTitle>Product Listings</PageTitle>
      <p>How search results, department pages and brand pages start for shoppers, and when a product shows that only a few are left.</p>
      {isLoading ? <Loading label="Loading the listing settings…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the listing settings.</ErrorNotice> : null}
      {form ? (
        <SettingsForm onSubmit={(e) => void submit(e)} noValidate aria-label="Product listing settings">
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
          <SaveBar failure={failure} saving={saving} label="Save changes" actions={saved ? <span role="status">{saved}</span> : null} />
        </SettingsForm>
      ) : null}
    </Container>
  );
}
