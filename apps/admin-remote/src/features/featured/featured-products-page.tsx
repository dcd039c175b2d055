import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import styled from 'styled-components';
import type { FeaturedProductAdmin, FeaturedProductHit, FeaturedStoreChoice } from '@platform/contracts';
import { FEATURED_ALL_STORES, FEATURED_CHOOSE_STORE, featuredStoresText, moveFeatured, REMOVE_FEATURED_QUESTION } from '@platform/domain';
import { errorMessage, featuredProductsApi, storefrontApi, useSelectedStore } from '@platform/api-client';
import { Button, Card, Container, EmptyState, ErrorNotice, Field, Loading, PageTitle } from '@platform/ui';

const Cards = styled.ol`
  list-style: none; margin: 0 0 24px; padding: 0; display: grid; gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(230px, 1fr));
  @media (max-width: 560px) { grid-template-columns: 1fr; }
`;
const ItemCard = styled(Card)`
  display: flex; flex-direction: column; gap: 8px; padding: 12px;
  &[aria-busy='true'] { opacity: 0.6; }
  .top { display: flex; gap: 12px; align-items: flex-start; }
  .place { font-weight: 700; min-width: 1.5em; }
  .name { font-weight: 600; overflow-wrap: anywhere; }
  .meta { color: ${(p) => p.theme.colors.muted}; font-size: 0.92em; }
  .note { margin: 0; font-size: 0.92em; color: ${(p) => p.theme.colors.danger}; }
  .actions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: auto; }
  .actions button { min-height: 40px; }
`;
const Picture = styled.span`
  flex: 0 0 64px; width: 64px; height: 64px; display: grid; place-items: center; overflow: hidden;
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; background: ${(p) => p.theme.colors.page};
  font-size: 0.75em; color: ${(p) => p.theme.colors.muted}; text-align: center;
  img { width: 100%; height: 100%; object-fit: contain; }
`;
const SearchRow = styled.form`
  display: flex; flex-wrap: wrap; gap: 0 12px; align-items: end;
  label { flex: 1 1 260px; }
  button { margin-bottom: 14px; }
`;
const Hits = styled.ul`
  list-style: none; margin: 0; padding: 0;
  li { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; padding: 8px 0; border-top: 1px solid ${(p) => p.theme.colors.border}; }
  .main { flex: 1 1 200px; overflow-wrap: anywhere; }
  .meta { display: block; color: ${(p) => p.theme.colors.muted}; font-size: 0.92em; }
`;
const Said = styled.p`margin: 0 0 12px; font-weight: 600;`;
const StoreChoice = styled.fieldset`
  border: 0; padding: 0; margin: 0 0 12px;
  legend { font-weight: 600; padding: 0; margin-bottom: 4px; }
  .choices { display: flex; flex-wrap: wrap; gap: 0 16px; }
  label { display: inline-flex; align-items: center; gap: 6px; min-height: 40px; }
  .problem { margin: 4px 0 0; color: ${(p) => p.theme.colors.danger}; font-weight: 600; }
`;
const Unhide = styled.label`display: inline-flex; align-items: center; gap: 6px; min-height: 40px;`;

const NO_ITEMS: FeaturedProductAdmin[] = [];
const NO_STORES: FeaturedStoreChoice[] = [];
const money = (price: string | null, promo: string | null) => (price === null ? null : promo !== null && promo !== price ? `$${promo} (was $${price})` : `$${price}`);
const nameOf = (item: Pick<FeaturedProductAdmin, 'title' | 'sku'>) => item.title ?? `SKU ${item.sku}`;

function Thumbnail({ url }: { url: string | null }) {
  return <Picture>{url ? <img src={url} alt="" loading="lazy" /> : 'No image'}</Picture>;
}

/** What an add carries besides the product: the stores it shows at (empty: all) and whether a hidden one is shown again. */
export interface AddChoice { stores: number[]; unhide: boolean }

/**
 * The stores ticked after a change: unticking All stores starts from the selected store (else the first), so a
 * store with several locations goes from 'everywhere' to 'here' in one step.
 */
function nextChoice(stores: FeaturedStoreChoice[], store: number | null, chosen: number[] | null, next: number[] | null): number[] | null {
  return next !== null && next.length === 0 && chosen === null ? stores.filter((s) => s.id === (store ?? stores[0]?.id)).map((s) => s.id) : next;
}

/**
 * Where a featured product shows: 'All stores', or, once that is unticked, the stores ticked (the selected one
 * first ticked). Shown only to a store with more than one location: when adding, and on a card to change it.
 */
function StoresToFeatureAt({ stores, chosen, onChange, problem, name = 'featured', allBox }: {
  stores: FeaturedStoreChoice[]; chosen: number[] | null; onChange: (chosen: number[] | null) => void; problem: string | null;
  name?: string; allBox?: RefObject<HTMLInputElement | null>;
}) {
  const problemId = useId();
  const all = chosen === null;
  return (
    <StoreChoice aria-describedby={problem ? problemId : undefined}>
      <legend>Show it at</legend>
      <span className="choices">
        <label>
          <input ref={allBox} type="checkbox" name={`${name}-all-stores`} checked={all} onChange={(e) => onChange(e.target.checked ? null : [])} />
          {FEATURED_ALL_STORES}
        </label>
        {all ? null : stores.map((s) => (
          <label key={s.id}>
            <input type="checkbox" name={`${name}-store`} value={s.id} checked={chosen.includes(s.id)}
              onChange={(e) => onChange(e.target.checked ? stores.map((o) => o.id).filter((id) => id === s.id || chosen.includes(id)) : chosen.filter((id) => id !== s.id))} />
            {s.name}
          </label>
        ))}
      </span>
      {problem ? <p className="problem" id={problemId} role="alert">{problem}</p> : null}
    </StoreChoice>
  );
}

/**
 * A featured product's stores changed on its card (admin/favourite-products/update): the same choice as when adding,
 * starting from where it shows now; Save (none ticked asks for a store), Cancel or Escape puts it back.
 */
function ChangeStores({ name, current, stores, store, onSave, onCancel }: {
  name: string; current: number[]; stores: FeaturedStoreChoice[]; store: number | null; onSave: (stores: number[]) => void; onCancel: () => void;
}) {
  const [chosen, setChosen] = useState<number[] | null>(current.length ? current : null);
  const [problem, setProblem] = useState<string | null>(null);
  const allBox = useRef<HTMLInputElement | null>(null);
  const boxName = `featured-change-${useId()}`;
  useEffect(() => { allBox.current?.focus(); }, []);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== null && chosen.length === 0) { setProblem(FEATURED_CHOOSE_STORE); allBox.current?.focus(); return; }
    onSave(chosen ?? []);
  };
  return (
    <form aria-label={`Where ${name} shows`} onSubmit={save} onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); onCancel(); } }}>
      <StoresToFeatureAt stores={stores} chosen={chosen} name={boxName} allBox={allBox} problem={problem}
        onChange={(next) => { setProblem(null); setChosen(nextChoice(stores, store, chosen, next)); }} />
      <span className="actions">
        <Button type="submit">Save stores</Button>
        <Button type="button" $variant="secondary" onClick={onCancel}>Cancel</Button>
      </span>
    </form>
  );
}

/**
 * The add box: products sold at the selected store matching the words (POST admin/favourite-products/search),
 * each added at the end of the list with one button, at the stores chosen above; those featured already say so.
 * A product hidden from the storefront (found by its SKU) offers 'Also show it on the storefront'.
 */
function AddProducts({ store, stores, featured, full, onAdd, input }: {
  store: number | null; stores: FeaturedStoreChoice[]; featured: Set<string>; full: boolean; onAdd: (hit: FeaturedProductHit, choice: AddChoice) => void;
  input: RefObject<HTMLInputElement | null>;
}) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [unhide, setUnhide] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const { data: hits, isFetching, isError, refetch } = featuredProductsApi.useFeaturedProductSearchQuery({ store, search }, { skip: !search });
  const submit = (event: FormEvent) => { event.preventDefault(); setSearch(draft.trim()); };
  const choose = (next: number[] | null) => {
    setProblem(null);
    setChosen(nextChoice(stores, store, chosen, next));
  };
  const add = (hit: FeaturedProductHit) => {
    if (chosen !== null && chosen.length === 0) {
      setProblem(FEATURED_CHOOSE_STORE);
      document.querySelector<HTMLInputElement>('input[name="featured-all-stores"]')?.focus();
      return;
    }
    onAdd(hit, { stores: chosen ?? [], unhide: hit.hidden && unhide.has(hit.sku) });
  };
  const toggleUnhide = (sku: string, on: boolean) => setUnhide((now) => { const next = new Set(now); if (on) next.add(sku); else next.delete(sku); return next; });
  return (
    <Card as="section" aria-labelledby="add-featured-title" style={{ marginBottom: 24 }}>
      <h2 id="add-featured-title" style={{ marginTop: 0 }}>Add a featured product</h2>
      {full ? <p>The list is full. Remove a product before adding another.</p> : null}
      <SearchRow role="search" aria-label="Find a product to feature" onSubmit={submit}>
        <Field>
          Find a product
          <input ref={input} type="search" name="featured-search" value={draft} maxLength={100} placeholder="Name or SKU" autoComplete="off" onChange={(e) => setDraft(e.target.value)} />
        </Field>
        <Button type="submit" $variant="secondary" disabled={!draft.trim()}>Search</Button>
      </SearchRow>
      {stores.length > 1 ? <StoresToFeatureAt stores={stores} chosen={chosen} onChange={choose} problem={problem} /> : null}
      {isFetching ? <p role="status">Searching…</p> : null}
      {isError && !isFetching ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>The products could not be searched.</ErrorNotice> : null}
      {search && hits && !isFetching ? (
        hits.length === 0 ? <p role="status">No product sold at this store matches '{search}'.</p> : (
          <Hits aria-label="Products found">
            {hits.map((hit) => {
              const already = featured.has(hit.sku);
              return (
                <li key={hit.sku}>
                  <Thumbnail url={hit.image_url} />
                  <span className="main">
                    {hit.title}
                    <span className="meta">SKU {hit.sku} · {money(hit.price, hit.promo_price)} · {hit.num_inventory > 0 ? `${hit.num_inventory} in stock` : 'Out of stock'}</span>
                    {hit.hidden ? <span className="meta">Hidden from the storefront</span> : null}
                  </span>
                  {hit.hidden && !already ? (
                    <Unhide>
                      <input type="checkbox" name={`unhide-${hit.sku}`} checked={unhide.has(hit.sku)} onChange={(e) => toggleUnhide(hit.sku, e.target.checked)} />
                      Also show it on the storefront
                    </Unhide>
                  ) : null}
                  {already ? <span>Featured</span> : (
                    <Button type="button" disabled={full} aria-label={`Add ${hit.title} to Featured Products`} onClick={() => add(hit)}>Add</Button>
                  )}
                </li>
              );
            })}
          </Hits>
        )
      ) : null}
    </Card>
  );
}

/**
 * /admin/featured (spec 3 'featured products'): the products the home page's Featured Products shows, in its order,
 * each a card with its picture, name, price, SKU and stock at the selected store, Move up / Move down and
 * 'Remove Featured Product' (confirmed); a product search adds more at the end. Each change is said in words
 * (a status line) and keeps the keyboard on the card it moved.
 */
export function FeaturedProductsPage() {
  const store = useSelectedStore();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const { data: list, isLoading, isError, refetch } = featuredProductsApi.useFeaturedProductsAdminQuery({ store });
  const { data: stores = NO_STORES } = featuredProductsApi.useFeaturedStoresQuery();
  const [add] = featuredProductsApi.useAddFeaturedProductMutation();
  const [remove] = featuredProductsApi.useRemoveFeaturedProductMutation();
  const [reorder] = featuredProductsApi.useReorderFeaturedProductsMutation();
  const [update] = featuredProductsApi.useUpdateFeaturedProductMutation();
  // The card whose stores are being changed (its SKU).
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const working = useRef(false);
  const [said, setSaid] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // Where the keyboard goes once a change is in: the moved card's button, or the next card after a removal.
  const [focusNext, setFocusNext] = useState<{ sku: string; button: 'up' | 'down' | 'remove' | 'stores'; at?: number } | 'search' | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const searchBox = useRef<HTMLInputElement | null>(null);
  const locations = business?.about_us.locations ?? [];
  const storeName = (locations.find((l) => l.id === store) ?? locations[0])?.name ?? 'this store';
  const items = list?.data ?? NO_ITEMS;
  const featured = new Set(items.map((i) => i.sku));
  const full = list ? items.length >= list.limit : false;

  useEffect(() => {
    if (!focusNext || busy !== null) return;
    const index = focusNext === 'search' ? -1 : items.findIndex((i) => i.sku === focusNext.sku);
    if (focusNext !== 'search' && focusNext.at !== undefined && index !== focusNext.at) return; // the moved list is not shown yet
    setFocusNext(null);
    if (focusNext === 'search') { searchBox.current?.focus(); return; }
    if (index < 0) return;
    // A card moved to the top or the bottom keeps the keyboard on its other move button.
    const button = focusNext.button === 'up' && index === 0 ? 'down' : focusNext.button === 'down' && index === items.length - 1 ? 'up' : focusNext.button;
    buttons.current.get(`${focusNext.sku}:${button}`)?.focus();
  }, [focusNext, busy, items]);

  /**
   * Runs one change (one at a time: buttons stay enabled, so the keyboard is not lost, and a second press waits);
   * its words go to the status line, a refusal to the error notice (a stale order reloads the list).
   */
  const run = async (sku: string, work: () => Promise<unknown>, done: string, then: typeof focusNext) => {
    if (working.current) return;
    working.current = true;
    setBusy(sku);
    setFailure(null);
    try {
      await work();
      setSaid(done);
      setFocusNext(then);
    } catch (error) {
      setFailure(errorMessage(error, 'That did not work. Please try again.'));
      // Changed elsewhere meanwhile (another owner's tab): show the list as it now is.
      if ([404, 409].includes((error as { status?: number }).status ?? 0)) void refetch();
    }
    working.current = false;
    setBusy(null);
  };
  const move = (index: number, by: -1 | 1) => {
    const item = items[index];
    const upcs = moveFeatured(items.map((i) => i.sku), index, by);
    const place = index + by;
    void run(item.sku, () => reorder({ store, upcs }).unwrap(), `${nameOf(item)} moved to number ${place + 1} of ${items.length}.`, { sku: item.sku, button: by === -1 ? 'up' : 'down', at: place });
  };
  const removeItem = (index: number) => {
    const item = items[index];
    if (!window.confirm(`${REMOVE_FEATURED_QUESTION}\n\n${nameOf(item)}`)) return;
    const next = items[index + 1] ?? items[index - 1];
    void run(item.sku, () => remove({ store, upc: item.sku }).unwrap(), `${nameOf(item)} is no longer featured.`, next ? { sku: next.sku, button: 'remove' } : 'search');
  };
  // Saved: the card shows where it is featured now, and the keyboard is back on its Change stores; refused: the choice stays open.
  const changeStores = (item: FeaturedProductAdmin, next: number[]) => {
    const done = `${nameOf(item)} now shows at ${next.length ? featuredStoresText(next, stores) : 'all stores'}.`;
    void run(item.sku, async () => { await update({ store, upc: item.sku, stores: next }).unwrap(); setEditing(null); }, done, { sku: item.sku, button: 'stores' });
  };
  const stopChanging = (item: FeaturedProductAdmin) => { setEditing(null); setFocusNext({ sku: item.sku, button: 'stores' }); };
  const addHit = (hit: FeaturedProductHit, choice: AddChoice) => {
    const place = `${hit.title} added as number ${items.length + 1} of ${items.length + 1}`;
    const where = choice.stores.length ? ` at ${featuredStoresText(choice.stores, stores)}` : '';
    const shown = choice.unhide ? ' It shows on the storefront again within a few seconds.' : '';
    void run(hit.sku, () => add({ store, upc: hit.sku, stores: choice.stores, unhide: choice.unhide }).unwrap(), `${place}${where}.${shown}`, 'search');
  };

  return (
    <Container>
      <PageTitle>Featured Products</PageTitle>
      <p>These products show on your home page under Featured Products, in this order. Prices and stock are those at {storeName}.</p>
      <Said role="status">{said}</Said>
      {failure ? <ErrorNotice>{failure}</ErrorNotice> : null}
      {isLoading ? <Loading label="Loading the featured products…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the featured products.</ErrorNotice> : null}
      {list && items.length === 0 ? <EmptyState title="No featured products yet">Find a product below and add it: the home page shows its Featured Products once there is one.</EmptyState> : null}
      {items.length ? (
        <Cards aria-label="Featured products">
          {items.map((item, index) => {
            const name = nameOf(item);
            const price = money(item.price, item.promo_price);
            return (
              <ItemCard as="li" key={item.sku} aria-label={name} aria-busy={busy === item.sku}>
                <span className="top">
                  <span className="place" aria-hidden="true">{index + 1}</span>
                  <Thumbnail url={item.image_url} />
                  <span>
                    <span className="name">{name}</span>
                    <span className="meta" style={{ display: 'block' }}>SKU {item.sku}</span>
                    {price ? <span className="meta" style={{ display: 'block' }}>{price} · {item.num_inventory > 0 ? `${item.num_inventory} in stock` : 'Out of stock'}</span> : null}
                  </span>
                </span>
                {stores.length > 1 || item.stores.length ? <span className="meta">Shown at: {featuredStoresText(item.stores, stores)}</span> : null}
                {editing === item.sku ? (
                  <ChangeStores name={name} current={item.stores} stores={stores} store={store} onSave={(next) => changeStores(item, next)} onCancel={() => stopChanging(item)} />
                ) : null}
                {item.showing === 'shown' && item.stores.length && store !== null && !item.stores.includes(store)
                  ? <p className="note">Not featured at {storeName}: shoppers there do not see it.</p> : null}
                {item.showing === 'not_sold_here' ? <p className="note">Not sold at {storeName}: shoppers there do not see it.</p> : null}
                {item.showing === 'hidden' ? <p className="note">Hidden from the storefront: shoppers do not see it.</p> : null}
                {item.showing === 'unavailable' ? <p className="note">Hidden or no longer in the catalogue: shoppers do not see it.</p> : null}
                <span className="actions">
                  <Button type="button" $variant="secondary" ref={(el) => { buttons.current.set(`${item.sku}:up`, el); }} aria-label={`Move ${name} up`}
                    disabled={index === 0} onClick={() => move(index, -1)}>↑ Up</Button>
                  <Button type="button" $variant="secondary" ref={(el) => { buttons.current.set(`${item.sku}:down`, el); }} aria-label={`Move ${name} down`}
                    disabled={index === items.length - 1} onClick={() => move(index, 1)}>↓ Down</Button>
                  {(stores.length > 1 || item.stores.length) && editing !== item.sku ? (
                    <Button type="button" $variant="secondary" ref={(el) => { buttons.current.set(`${item.sku}:stores`, el); }} aria-label={`Change where ${name} shows`}
                      onClick={() => setEditing(item.sku)}>Change stores</Button>
                  ) : null}
                  <Button type="button" $variant="secondary" ref={(el) => { buttons.current.set(`${item.sku}:remove`, el); }} aria-label={`Remove Featured Product ${name}`}
                    onClick={() => removeItem(index)}>Remove Featured Product</Button>
                </span>
              </ItemCard>
            );
          })}
        </Cards>
      ) : null}
      {list ? <AddProducts store={store} stores={stores} featured={featured} full={full} onAdd={addHit} input={searchBox} /> : null}
    </Container>
  );
}
