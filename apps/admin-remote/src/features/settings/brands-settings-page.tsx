import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { BrandAdmin } from '@platform/contracts';
import {
  ALIAS_ADD_FAILED, ALIAS_MAX_LENGTH, ALIAS_REMOVE_FAILED, BRAND_ALT_TEXT_MAX_LENGTH, BRAND_LOGO_MAX_LENGTH, BRAND_LOGO_SAVE_FAILED, BRAND_LOGO_SIZE,
  BRAND_NAME_MAX_LENGTH, BRAND_RENAME_FAILED, BRAND_STOREFRONT_SAVE_FAILED, BRANDS_UPDATE_FAILED, BRANDS_UPDATE_MAX, BRANDS_UPDATED, brandAliasInput, brandLogoProblem, brandNameInput,
  brandsBulkChange, type BrandsBulkAction, canSaveBrandAlias, filterBrands, HIDE_ALL_BRANDS_QUESTION, HIDE_BRAND_PRODUCTS_QUESTION, HIDE_SELECTED_BRANDS_PRODUCTS_QUESTION,
  HIDE_SELECTED_BRANDS_QUESTION, SHOW_ALL_BRANDS_QUESTION,
} from '@platform/domain';
import { brandsAdminApi, errorMessage, fieldErrors, notify, storefrontApi } from '@platform/api-client';
import { Button, Card, Container, EmptyState, ErrorNotice, Field, Loading, Modal, PageTitle } from '@platform/ui';

const Toolbar = styled.div`
  display: flex; flex-wrap: wrap; gap: 12px; align-items: end; margin-bottom: 12px;
  label { flex: 1 1 260px; margin-bottom: 0; }
  .actions { display: flex; gap: 8px; flex-wrap: wrap; }
  @media (max-width: 560px) { .actions, .actions button { width: 100%; } }
`;
const Count = styled.p`margin: 0 0 8px; color: ${(p) => p.theme.colors.muted};`;
const Brands = styled.ul`
  list-style: none; margin: 0; padding: 0;
  & > li { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; padding: 10px 0; border-top: 1px solid ${(p) => p.theme.colors.border}; }
  .logo { width: 56px; height: 56px; object-fit: contain; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; background: #fff; }
  .no-logo { display: grid; place-items: center; font-size: 0.75rem; color: ${(p) => p.theme.colors.muted}; text-align: center; }
  .main { flex: 1 1 220px; min-width: 0; }
  .name { font-weight: 600; overflow-wrap: anywhere; }
  .meta { display: block; color: ${(p) => p.theme.colors.muted}; overflow-wrap: anywhere; }
  .shown, .pick { display: inline-flex; gap: 8px; align-items: center; min-height: 40px; cursor: pointer; }
  .shown input, .pick input { width: 20px; height: 20px; }
  .buttons { display: flex; gap: 8px; flex-wrap: wrap; }
  @media (max-width: 560px) { .buttons { width: 100%; } .buttons button { flex: 1; } }
`;
const Options = styled.form`
  margin-bottom: 20px;
  h2 { margin: 0 0 4px; font-size: 1.15rem; }
  fieldset { border: 0; padding: 0; margin: 8px 0 12px; display: grid; gap: 4px; }
  legend { padding: 0; color: ${(p) => p.theme.colors.muted}; }
  label { display: flex; gap: 10px; align-items: center; min-height: 40px; cursor: pointer; }
  input[type='checkbox'] { width: 20px; height: 20px; flex: none; }
  .foot { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
  @media (max-width: 560px) { .foot button { width: 100%; } }
`;
const Problem = styled.p`margin: -8px 0 12px; color: ${(p) => p.theme.colors.danger};`;
const Preview = styled.img`display: block; width: 128px; height: 128px; object-fit: contain; margin: 0 0 12px; border: 1px solid ${(p) => p.theme.colors.border};`;
const ModalButtons = styled.div`display: flex; gap: 12px; flex-wrap: wrap;`;
/** A 404's own words (the brand is gone, or not this store's); for any other failure, the screen's. */
const failureText = (error: unknown, fallback: string) => ((error as { status?: unknown } | undefined)?.status === 404 ? errorMessage(error, fallback) : fallback);
const Hint = styled.p`margin: -8px 0 12px; color: ${(p) => p.theme.colors.muted}; overflow-wrap: anywhere;`;
/** The selection's bar: what is selected and what to do with it. */
const Selection = styled.div`
  display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; padding: 10px 12px; margin-bottom: 8px;
  background: ${(p) => p.theme.colors.surface}; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius};
  .picked { font-weight: 600; margin-right: auto; }
  .said { flex-basis: 100%; color: ${(p) => p.theme.colors.muted}; }
  .pick-all { display: inline-flex; gap: 8px; align-items: center; min-height: 40px; cursor: pointer; }
  .pick-all input { width: 20px; height: 20px; }
  .bulk { display: flex; gap: 8px; flex-wrap: wrap; }
  @media (max-width: 560px) { .bulk, .bulk button { width: 100%; } }
`;

/**
 * Brand Settings › Rename (update-brand): the name shoppers see on the Brands list, the brand's page and suggestions.
 * The supplier's spelling stays (original_brand) and one click puts it back. Save is enabled once the name is there
 * and changed; a refusal shows under the field, any other failure above the buttons; after saving the modal closes
 * and the keyboard is back on the row's Rename.
 */
function BrandRenameModal({ brand, onClose }: { brand: BrandAdmin; onClose: () => void }) {
  const [name, setName] = useState(brand.brand_name);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [save, { isLoading: saving }] = brandsAdminApi.useUpdateBrandMutation();
  const clean = name.trim().replace(/\s+/g, ' ');
  const changed = clean !== '' && clean !== brand.brand_name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed || saving) return;
    const checked = brandNameInput(name);
    if ('problem' in checked) { setProblems({ brand_name: checked.problem }); return; }
    setProblems({});
    try {
      notify('success', (await save({ brand_id: brand.brand_id, brand_name: checked.name }).unwrap()).message);
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      setProblems(fields.brand_name ? { brand_name: fields.brand_name } : { form: failureText(error, BRAND_RENAME_FAILED) });
    }
  };

  return (
    <Modal open onClose={onClose} labelledBy="brand-rename-title">
      <h2 id="brand-rename-title" style={{ marginTop: 0 }}>Rename {brand.brand_name}</h2>
      <p>The name shoppers see on the Brands list, the brand&apos;s page and suggestions. Search finds its products by this name too.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field>
          Brand name
          <input data-autofocus name="brand_name" autoComplete="off" maxLength={BRAND_NAME_MAX_LENGTH} value={name}
            aria-invalid={problems.brand_name ? true : undefined} aria-describedby={problems.brand_name ? 'brand-name-problem' : 'brand-name-original'}
            onChange={(e) => { setName(e.target.value); setProblems({}); }} />
        </Field>
        {problems.brand_name ? <Problem id="brand-name-problem" role="alert">{problems.brand_name}</Problem> : null}
        <Hint id="brand-name-original">Supplier&apos;s name: {brand.original_brand}</Hint>
        {problems.form ? <Problem role="alert" style={{ marginTop: 0 }}>{problems.form}</Problem> : null}
        <ModalButtons>
          <Button type="submit" disabled={saving || !changed}>{saving ? 'Saving…' : 'Save'}</Button>
          {clean !== brand.original_brand ? (
            <Button type="button" $variant="secondary" disabled={saving} onClick={() => { setName(brand.original_brand); setProblems({}); }}>Use the supplier&apos;s name</Button>
          ) : null}
          <Button type="button" $variant="secondary" onClick={onClose}>Cancel</Button>
        </ModalButtons>
      </form>
    </Modal>
  );
}

/**
 * Spec 3 brand alias modal: the brand's alias and its logo's alt text. Add is enabled once the alias has 2 or more
 * characters or alt text is there; with an alias already set the button reads Update, and Remove alias takes it off.
 * The server's refusal shows under its field; after saving the modal closes.
 */
function BrandAliasModal({ brand, onClose }: { brand: BrandAdmin; onClose: () => void }) {
  const [alias, setAlias] = useState(brand.alias ?? '');
  const [altText, setAltText] = useState(brand.altTextLogo ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [save, { isLoading: saving }] = brandsAdminApi.useAddBrandAliasMutation();
  const [remove, { isLoading: removing }] = brandsAdminApi.useRemoveBrandAliasMutation();
  const busy = saving || removing;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSaveBrandAlias(alias, altText) || busy) return;
    const checked = brandAliasInput(alias, altText);
    if ('problems' in checked) { setProblems(checked.problems); return; }
    setProblems({});
    try {
      notify('success', (await save({ brand_id: brand.brand_id, alias: checked.alias ?? '', altTextLogo: checked.altTextLogo ?? '' }).unwrap()).message);
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      setProblems(Object.keys(fields).length ? fields : { form: errorMessage(error, ALIAS_ADD_FAILED) });
    }
  };
  const removeAlias = async () => {
    setProblems({});
    try {
      notify('success', (await remove({ brand_id: brand.brand_id }).unwrap()).message);
      onClose();
    } catch (error) {
      setProblems({ form: errorMessage(error, ALIAS_REMOVE_FAILED) });
    }
  };
  const described = (field: string) => (problems[field] ? { 'aria-invalid': true, 'aria-describedby': `brand-${field}-problem` } : {});

  return (
    <Modal open onClose={onClose} labelledBy="brand-alias-title">
      <h2 id="brand-alias-title" style={{ marginTop: 0 }}>Alias of {brand.brand_name}</h2>
      <p>Another name shoppers search this brand by, and the words that describe its logo to people who cannot see it.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field>
          Alias
          <input data-autofocus name="alias" autoComplete="off" maxLength={ALIAS_MAX_LENGTH} value={alias} {...described('alias')}
            onChange={(e) => { setAlias(e.target.value); setProblems({}); }} />
        </Field>
        {problems.alias ? <Problem id="brand-alias-problem" role="alert">{problems.alias}</Problem> : null}
        <Field>
          Logo alt text
          <input name="altTextLogo" autoComplete="off" maxLength={BRAND_ALT_TEXT_MAX_LENGTH} value={altText} {...described('altTextLogo')}
            onChange={(e) => { setAltText(e.target.value); setProblems({}); }} />
        </Field>
        {problems.altTextLogo ? <Problem id="brand-altTextLogo-problem" role="alert">{problems.altTextLogo}</Problem> : null}
        {problems.form ? <Problem role="alert" style={{ marginTop: 0 }}>{problems.form}</Problem> : null}
        <ModalButtons>
          <Button type="submit" disabled={busy || !canSaveBrandAlias(alias, altText)}>{saving ? 'Saving…' : brand.alias ? 'Update' : 'Add'}</Button>
          {brand.alias ? <Button type="button" $variant="secondary" disabled={busy} onClick={() => void removeAlias()}>{removing ? 'Removing…' : 'Remove alias'}</Button> : null}
          <Button type="button" $variant="secondary" onClick={onClose}>Cancel</Button>
        </ModalButtons>
      </form>
    </Modal>
  );
}

/**
 * Spec 3 brand logo modal: the logo by its image's address, shown as a preview; Save is disabled until there is
 * one. 'Brand logo updated' once saved, else 'Something went wrong while saving the logo' (or the address's problem).
 */
function BrandLogoModal({ brand, onClose }: { brand: BrandAdmin; onClose: () => void }) {
  const [image, setImage] = useState(brand.image ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { isLoading: saving }] = brandsAdminApi.useUpdateBrandImageMutation();
  const address = image.trim();
  const previewable = address !== '' && brandLogoProblem(address) === null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!address || saving) return;
    const wrong = brandLogoProblem(address);
    if (wrong) { setProblem(wrong); return; }
    try {
      notify('success', (await save({ brand_id: brand.brand_id, image: address }).unwrap()).message);
      onClose();
    } catch (error) {
      setProblem(fieldErrors(error).image ?? BRAND_LOGO_SAVE_FAILED);
    }
  };

  return (
    <Modal open onClose={onClose} labelledBy="brand-logo-title">
      <h2 id="brand-logo-title" style={{ marginTop: 0 }}>Logo of {brand.brand_name}</h2>
      <p>The web address of the logo image. Recommended size {BRAND_LOGO_SIZE} pixels.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field>
          Logo image address
          <input data-autofocus name="image" type="url" inputMode="url" autoComplete="off" maxLength={BRAND_LOGO_MAX_LENGTH} value={image} placeholder="https://"
            aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'brand-logo-problem' : undefined}
            onChange={(e) => { setImage(e.target.value); setProblem(null); }} />
        </Field>
        {problem ? <Problem id="brand-logo-problem" role="alert">{problem}</Problem> : null}
        {previewable ? <Preview src={address} alt={brand.altTextLogo ?? `${brand.brand_name} logo`} /> : null}
        <ModalButtons>
          <Button type="submit" disabled={saving || !address}>{saving ? 'Saving…' : 'Save'}</Button>
          <Button type="button" $variant="secondary" onClick={onClose}>Cancel</Button>
        </ModalButtons>
      </form>
    </Modal>
  );
}

interface StorefrontChoices { showNav: boolean; showLogos: boolean; showFilter: boolean }

/**
 * Brand Settings › Storefront: the store-wide brand options (hide-brands-nav, set-brands-show-logo, set-brands-filter),
 * read from the store settings the storefront loads. Save sends the changed ones, one after another; if one is
 * refused, what was saved says so and the rest stays as ticked, to try again.
 */
function StorefrontBrandOptions() {
  const { data: settings, isLoading, isError, refetch } = storefrontApi.useSettingsQuery();
  const [hideNav, { isLoading: savingNav }] = brandsAdminApi.useHideBrandsNavMutation();
  const [showLogo, { isLoading: savingLogo }] = brandsAdminApi.useSetBrandsShowLogoMutation();
  const [showFilter, { isLoading: savingFilter }] = brandsAdminApi.useSetBrandsFilterMutation();
  const saved: StorefrontChoices | null = settings ? { showNav: !settings.hideBrandsNav, showLogos: settings.brandsShowLogo, showFilter: !settings.hideBrandFilter } : null;
  const [choices, setChoices] = useState<StorefrontChoices | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => { if (saved && !choices) setChoices(saved); }, [saved, choices]);
  const saving = savingNav || savingLogo || savingFilter;

  if (isLoading) return <Card><Loading label="Loading the storefront options…" /></Card>;
  if (isError || !saved) return <Card><ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the storefront options.</ErrorNotice></Card>;
  const current = choices ?? saved;
  const changed = (Object.keys(current) as (keyof StorefrontChoices)[]).filter((key) => current[key] !== saved[key]);
  const choose = (key: keyof StorefrontChoices, value: boolean) => { setStatus(null); setFailure(null); setChoices({ ...current, [key]: value }); };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed.length || saving) return;
    setStatus(null);
    setFailure(null);
    const save = { showNav: () => hideNav({ hidden: !current.showNav }), showLogos: () => showLogo({ show_logo: current.showLogos }), showFilter: () => showFilter({ show: current.showFilter }) };
    let message = '';
    for (const key of changed) {
      try {
        message = (await save[key]().unwrap()).message;
      } catch {
        setFailure(BRAND_STOREFRONT_SAVE_FAILED);
        return;
      }
    }
    setStatus(message);
    notify('success', message);
  };
  const box = (key: keyof StorefrontChoices, label: string) => (
    <label><input type="checkbox" name={key} checked={current[key]} disabled={saving} onChange={(e) => choose(key, e.target.checked)} />{label}</label>
  );

  return (
    <Options aria-labelledby="brand-storefront-title" onSubmit={(e) => void submit(e)} noValidate>
      <Card>
        <h2 id="brand-storefront-title">Storefront</h2>
        <fieldset>
          <legend>What shoppers see of the brands</legend>
          {box('showNav', 'Show the Brands link in the menus and footer')}
          {box('showLogos', 'Show brand logos on the Brands page (names only when off)')}
          {box('showFilter', 'Offer the Brands filter on search and product lists')}
        </fieldset>
        {failure ? <ErrorNotice>{failure}</ErrorNotice> : null}
        <div className="foot">
          <Button type="submit" disabled={saving || !changed.length}>{saving ? 'Saving…' : 'Save storefront options'}</Button>
          <span role="status">{status ?? (changed.length ? 'Not saved yet.' : '')}</span>
        </div>
      </Card>
    </Options>
  );
}

function BrandRow({ brand, picked, onPick, onRename, onAlias, onLogo, onShown, onSold, busy }: {
  brand: BrandAdmin; picked: boolean; onPick: (b: BrandAdmin, picked: boolean) => void; onRename: (b: BrandAdmin) => void; onAlias: (b: BrandAdmin) => void;
  onLogo: (b: BrandAdmin) => void; onShown: (b: BrandAdmin, shown: boolean) => void; onSold: (b: BrandAdmin, sold: boolean) => void; busy: boolean;
}) {
  return (
    <li>
      <label className="pick">
        <input type="checkbox" checked={picked} aria-label={`Select ${brand.brand_name}`} onChange={(e) => onPick(brand, e.target.checked)} />
      </label>
      {brand.image ? <img className="logo" src={brand.image} alt={brand.altTextLogo ?? `${brand.brand_name} logo`} /> : <span className="logo no-logo" aria-hidden="true">No logo</span>}
      <div className="main">
        <span className="name">{brand.brand_name}</span>
        {brand.original_brand !== brand.brand_name ? <span className="meta">Supplier&apos;s name: {brand.original_brand}</span> : null}
        <span className="meta">{brand.alias ? `Alias: ${brand.alias}` : 'No alias'}{brand.altTextLogo ? ` · Alt text: ${brand.altTextLogo}` : ''}</span>
        {brand.hidden ? <span className="meta">Hidden from shoppers</span> : null}
        {brand.hide_products ? <span className="meta">Products off the storefront</span> : null}
      </div>
      <label className="shown">
        <input type="checkbox" checked={!brand.hidden} disabled={busy} aria-label={`Show ${brand.brand_name} on the storefront`} onChange={(e) => onShown(brand, e.target.checked)} />
        Shown
      </label>
      <label className="shown">
        <input type="checkbox" checked={!brand.hide_products} disabled={busy} aria-label={`Sell ${brand.brand_name} products on the storefront`} onChange={(e) => onSold(brand, e.target.checked)} />
        Products on sale
      </label>
      <div className="buttons">
        <Button type="button" $variant="secondary" aria-label={`Rename ${brand.brand_name}`} onClick={() => onRename(brand)}>Rename</Button>
        <Button type="button" $variant="secondary" aria-label={`${brand.alias ? 'Edit' : 'Add'} alias of ${brand.brand_name}`} onClick={() => onAlias(brand)}>{brand.alias ? 'Edit alias' : 'Add alias'}</Button>
        <Button type="button" $variant="secondary" aria-label={`Logo of ${brand.brand_name}`} onClick={() => onLogo(brand)}>Logo</Button>
      </div>
    </li>
  );
}

const BULK_LABELS: Record<BrandsBulkAction, [label: string, running: string]> = {
  hide: ['Hide selected', 'Hiding…'], show: ['Show selected', 'Showing…'],
  'hide-products': ['Take their products off', 'Taking off…'], 'show-products': ['Put their products back', 'Putting back…'],
};

/**
 * The selection's bar: Select all (the brands the search shows; mixed when some are), how many are selected, and what
 * to do with them at once. While a change runs its button says so and the others wait (they keep the keyboard's place).
 */
function SelectionBar({ shown, picked, running, said, onPickAll, onRun, onClear }: {
  shown: BrandAdmin[]; picked: BrandAdmin[]; running: BrandsBulkAction | null; said: string | null;
  onPickAll: (on: boolean) => void; onRun: (action: BrandsBulkAction) => void; onClear: () => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  const pickedIds = new Set(picked.map((b) => b.brand_id));
  const allShown = shown.length > 0 && shown.every((b) => pickedIds.has(b.brand_id));
  const someShown = shown.some((b) => pickedIds.has(b.brand_id));
  useEffect(() => { if (box.current) box.current.indeterminate = someShown && !allShown; }, [someShown, allShown]);
  const action = (kind: BrandsBulkAction) => (
    <Button type="button" $variant="secondary" aria-disabled={running !== null || undefined} onClick={() => { if (!running) onRun(kind); }}>
      {running === kind ? BULK_LABELS[kind][1] : BULK_LABELS[kind][0]}
    </Button>
  );
  return (
    <Selection role="group" aria-label="Selected brands">
      <label className="pick-all">
        <input ref={box} type="checkbox" checked={allShown} disabled={!shown.length} onChange={(e) => onPickAll(e.target.checked)} />
        Select all{shown.length ? ` ${shown.length}` : ''}
      </label>
      <span className="picked">{picked.length ? `${picked.length} selected` : 'None selected'}</span>
      {picked.length ? (
        <div className="bulk">
          {action('hide')}{action('show')}{action('hide-products')}{action('show-products')}
          <Button type="button" $variant="link" onClick={onClear}>Clear selection</Button>
        </div>
      ) : null}
      <span role="status" className={said ? 'said' : undefined}>{said ?? ''}</span>
    </Selection>
  );
}

/**
 * Settings › Brand Settings (spec 3 settings brands-settings, edit_brands_settings): every brand of the store, found as you
 * type; each shown or hidden on the storefront (hide all or show all, once confirmed), renamed (update-brand), with its
 * alias and logo alt text (the brand alias modal) and its logo (the brand logo modal). Brands ticked are changed at once
 * (update-all-brands): hidden or shown, their products taken off the storefront or put back (hiding and taking off asked first).
 */
export function BrandsSettingsPage() {
  const { data, isLoading, isError, refetch } = brandsAdminApi.useBusinessBrandsQuery();
  const [setHidden, { isLoading: hiding }] = brandsAdminApi.useSetBrandHiddenMutation();
  const [setAllHidden, { isLoading: hidingAll }] = brandsAdminApi.useSetAllBrandsHiddenMutation();
  const [hideProducts, { isLoading: hidingProducts }] = brandsAdminApi.useHideBrandProductsMutation();
  const [updateAll] = brandsAdminApi.useUpdateAllBrandsMutation();
  const [typed, setTyped] = useState('');
  const [renameOf, setRenameOf] = useState<BrandAdmin | null>(null);
  const [aliasOf, setAliasOf] = useState<BrandAdmin | null>(null);
  const [logoOf, setLogoOf] = useState<BrandAdmin | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pickedIds, setPickedIds] = useState<ReadonlySet<number>>(new Set());
  const [running, setRunning] = useState<BrandsBulkAction | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const brands = data?.data ?? [];
  const shown = filterBrands(brands, typed);
  const picked = brands.filter((b) => pickedIds.has(b.brand_id)); // a brand gone from the list is no longer selected

  const pick = (ids: number[], on: boolean) => {
    setSaid(null);
    setPickedIds((was) => {
      const next = new Set(was);
      for (const id of ids) { if (on) next.add(id); else next.delete(id); }
      return next;
    });
  };
  /** The selected brands changed at once, BRANDS_UPDATE_MAX a call; the list is each answer. The selection stays, for the next change. */
  const runBulk = async (action: BrandsBulkAction) => {
    const ids = picked.map((b) => b.brand_id);
    const question = action === 'hide' ? HIDE_SELECTED_BRANDS_QUESTION(ids.length) : action === 'hide-products' ? HIDE_SELECTED_BRANDS_PRODUCTS_QUESTION(ids.length) : null;
    if (!ids.length || (question && !window.confirm(question))) return;
    setFailure(null);
    setSaid(null);
    setRunning(action);
    try {
      let message = '';
      for (let i = 0; i < ids.length; i += BRANDS_UPDATE_MAX) {
        message = (await updateAll({ brand_ids: ids.slice(i, i + BRANDS_UPDATE_MAX), ...brandsBulkChange(action) }).unwrap()).message;
      }
      if (ids.length > BRANDS_UPDATE_MAX) message = BRANDS_UPDATED(ids.length);
      setSaid(message);
      notify('success', message);
    } catch (error) {
      setFailure(failureText(error, BRANDS_UPDATE_FAILED));
    } finally {
      setRunning(null);
    }
  };

  const showBrand = async (brand: BrandAdmin, show: boolean) => {
    setFailure(null);
    try {
      notify('success', (await setHidden({ brand_id: brand.brand_id, hidden: !show }).unwrap()).message);
    } catch (error) {
      setFailure(errorMessage(error, `We could not ${show ? 'show' : 'hide'} ${brand.brand_name}. Please try again.`));
    }
  };
  const sellBrand = async (brand: BrandAdmin, sell: boolean) => {
    if (!sell && !window.confirm(HIDE_BRAND_PRODUCTS_QUESTION(brand.brand_name))) return;
    setFailure(null);
    try {
      notify('success', (await hideProducts({ brand_id: brand.brand_id, hidden: !sell }).unwrap()).message);
    } catch (error) {
      setFailure(errorMessage(error, `We could not ${sell ? 'put back' : 'take off'} the products of ${brand.brand_name}. Please try again.`));
    }
  };
  const showAll = async (show: boolean) => {
    if (!window.confirm(show ? SHOW_ALL_BRANDS_QUESTION : HIDE_ALL_BRANDS_QUESTION)) return;
    setFailure(null);
    try {
      notify('success', (await setAllHidden({ hidden: !show }).unwrap()).message);
    } catch (error) {
      setFailure(errorMessage(error, `We could not ${show ? 'show' : 'hide'} the brands. Please try again.`));
    }
  };

  return (
    <Container>
      <PageTitle>Brand Settings</PageTitle>
      <p>
        A hidden brand leaves the storefront&apos;s Brands list and its brand page; its products stay on sale. Untick Products on sale to take all of a
        brand&apos;s products off the storefront until you tick it again. An alias is another name shoppers can search the brand by. Rename a brand to
        change the name shoppers see; tick several brands to change them at once.
      </p>
      <StorefrontBrandOptions />
      {isLoading ? <Loading label="Loading the brands…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the brands.</ErrorNotice> : null}
      {failure ? <ErrorNotice>{failure}</ErrorNotice> : null}
      {data && brands.length === 0 ? <EmptyState title="This store has no brands yet.">Brands arrive with the product catalogue (point-of-sale sync or import).</EmptyState> : null}
      {brands.length ? (
        <>
          <Toolbar>
            <Field>
              Find a brand
              <input type="search" name="brand-search" autoComplete="off" placeholder="Name or alias" value={typed} onChange={(e) => setTyped(e.target.value)} />
            </Field>
            <div className="actions">
              <Button type="button" $variant="secondary" disabled={hidingAll || brands.every((b) => b.hidden)} onClick={() => void showAll(false)}>Hide all</Button>
              <Button type="button" $variant="secondary" disabled={hidingAll || brands.every((b) => !b.hidden)} onClick={() => void showAll(true)}>Show all</Button>
            </div>
          </Toolbar>
          <Count aria-live="polite">
            {typed.trim() ? `${shown.length} of ${brands.length} brands match` : `${brands.length} brands, ${brands.filter((b) => b.hidden).length} hidden`}
          </Count>
          <SelectionBar shown={shown} picked={picked} running={running} said={said} onPickAll={(on) => pick(shown.map((b) => b.brand_id), on)}
            onRun={(action) => void runBulk(action)} onClear={() => pick(picked.map((b) => b.brand_id), false)} />
          {shown.length ? (
            <Brands aria-label="Brands">
              {shown.map((brand) => (
                <BrandRow key={brand.brand_id} brand={brand} picked={pickedIds.has(brand.brand_id)} onPick={(b, on) => pick([b.brand_id], on)} onRename={setRenameOf}
                  onAlias={setAliasOf} onLogo={setLogoOf} onShown={(b, s) => void showBrand(b, s)}
                  onSold={(b, s) => void sellBrand(b, s)} busy={hiding || hidingAll || hidingProducts || running !== null} />
              ))}
            </Brands>
          ) : <EmptyState title={`No brand matches “${typed.trim()}”.`}>Try another name or alias.</EmptyState>}
        </>
      ) : null}
      {renameOf ? <BrandRenameModal brand={renameOf} onClose={() => setRenameOf(null)} /> : null}
      {aliasOf ? <BrandAliasModal brand={aliasOf} onClose={() => setAliasOf(null)} /> : null}
      {logoOf ? <BrandLogoModal brand={logoOf} onClose={() => setLogoOf(null)} /> : null}
    </Container>
  );
}
