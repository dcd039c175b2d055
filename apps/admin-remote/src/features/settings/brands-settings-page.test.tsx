import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { useToasts } from '@platform/api-client';
import type { BrandAdmin } from '@platform/contracts';
import {
  ALIAS_ADDED, ALIAS_REMOVED, ALIAS_TOO_SHORT, ALL_BRANDS_HIDDEN, BRAND_HIDDEN, BRAND_LOGO_SAVE_FAILED, BRAND_LOGO_UPDATED, BRAND_NAME_TOO_LONG, BRAND_PRODUCTS_HIDDEN,
  BRAND_RENAME_FAILED, BRAND_STOREFRONT_SAVE_FAILED, BRAND_STOREFRONT_SAVED, BRAND_UPDATED, BRANDS_UPDATE_FAILED, BRANDS_UPDATED, HIDE_ALL_BRANDS_QUESTION,
  HIDE_BRAND_PRODUCTS_QUESTION, HIDE_SELECTED_BRANDS_PRODUCTS_QUESTION, HIDE_SELECTED_BRANDS_QUESTION,
} from '@platform/domain';
import { Failure, FakeApi, later, OWNER, renderAdmin, SETTINGS } from '../../test-support';

const brand = (brand_id: number, brand_name: string, more: Partial<BrandAdmin> = {}): BrandAdmin => ({
  id: `b${brand_id}`, brand_id, brand_name, slug: `${brand_name.toLowerCase().replace(/\s+/g, '-')}-${brand_id}`, alias: null, altTextLogo: null, image: null, hidden: false,
  original_brand: brand_name, hide_products: false, ...more,
});
const BRANDS = [brand(1, 'Acme Tools', { alias: 'House Brand', altTextLogo: 'Acme logo' }), brand(2, 'Bolt Co'), brand(3, 'Cedar Paint', { hidden: true })];
const list = (brands = BRANDS) => ({ data: brands, total: brands.length });
type Body = { brand_id: number; alias?: string; altTextLogo?: string; hidden?: boolean; image?: string };
const changed = (message: string) => (r: { body: unknown }) => {
  const body = r.body as Body;
  const was = BRANDS.find((b) => b.brand_id === body.brand_id)!;
  const field = message === BRAND_PRODUCTS_HIDDEN ? 'hide_products' : 'hidden';
  return { status: 'ok', message, data: { ...was, ...('hidden' in body ? { [field]: body.hidden } : {}), ...('alias' in body ? { alias: body.alias || null, altTextLogo: body.altTextLogo || null } : {}), ...(body.image ? { image: body.image } : {}) } as BrandAdmin };
};
/** The messages the shell shows at the foot of the page (notify), rendered beside the screen. */
function Said() {
  return <div role="log" aria-label="Messages">{useToasts().map((t) => <p key={t.id}>{t.text}</p>)}</div>;
}
const said = async (text: string) => within(await screen.findByRole('log', { name: 'Messages' })).findByText(text);
const rowOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
const staffWith = (permissions: string[]) => ({ ...OWNER, data: { ...OWNER.data, customer: { ...OWNER.data.customer, slug: 'staff', permissions } } });

describe('Settings › Brand Settings: the brand alias modal (spec 3 §4)', () => {
  it('enables Add from 2 characters of alias, or with alt text alone, and saves both', async () => {
    const api = new FakeApi().on('POST /api/admin/brands/get-business-brands', list()).on('POST /api/admin/brands/add-brand-alias', changed(ALIAS_ADDED));
    const { user } = renderAdmin('/admin/settings/brands-settings', { api });
    render(<Said />);

    await user.click(await screen.findByRole('button', { name: 'Add alias of Bolt Co' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alias of Bolt Co' });
    const alias = within(dialog).getByRole('textbox', { name: 'Alias' });
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(document.activeElement).toBe(alias);
    expect(add.disabled).toBe(true);
    await user.type(alias, 'B');
    expect(add.disabled).toBe(true);
    await user.type(alias, 'o');
    expect(add.disabled).toBe(false);
    await user.clear(alias);
    expect(add.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Logo alt text' }), 'Bolt logo');
    expect(add.disabled).toBe(false);
    await user.type(alias, 'Boltz');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST /api/admin/brands/add-brand-alias')[0].body).toEqual({ brand_id: 2, alias: 'Boltz', altTextLogo: 'Bolt logo' });
    expect(await said(ALIAS_ADDED)).toBeTruthy();
    expect(within(rowOf('Bolt Co')).getByText(/Alias: Boltz/)).toBeTruthy();
    // The modal's unmount puts the focus back in an effect after the save is answered.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit alias of Bolt Co' })));
  });

  it('reads Update with an alias set, refuses a 1-character alias under its field, and removes the alias', async () => {
    const api = new FakeApi().on('POST /api/admin/brands/get-business-brands', list())
      .on('POST /api/admin/brands/add-brand-alias', changed(ALIAS_ADDED))
      .on('POST /api/admin/brands/remove-brand-alias', (r) => ({ ...changed(ALIAS_REMOVED)(r), data: { ...BRANDS[0], alias: null } }));
    const { user } = renderAdmin('/admin/settings/brands-settings', { api });

    await user.click(await screen.findByRole('button', { name: 'Edit alias of Acme Tools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alias of Acme Tools' });
    const alias = within(dialog).getByRole('textbox', { name: 'Alias' }) as HTMLInputElement;
    expect(alias.value).toBe('House Brand');
    expect((within(dialog).getByRole('textbox', { name: 'Logo alt text' }) as HTMLInputElement).value).toBe('Acme logo');
    await user.clear(alias);
    await user.type(alias, 'H');
    // Alt text keeps Update enabled; the alias typed still needs 2 characters, said under it, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText(ALIAS_TOO_SHORT)).toBeTruthy();
    expect(alias.getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST /api/admin/brands/add-brand-alias')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Remove alias' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST /api/admin/brands/remove-brand-alias')[0].body).toEqual({ brand_id: 1 });
    expect(within(rowOf('Acme Tools')).getByText(/No alias/)).toBeTruthy();
  });

  it("shows the server's refusal under the field it names", async () => {
    const api = new FakeApi().on('POST /api/admin/brands/get-business-brands', list())
      .on('POST /api/admin/brands/add-brand-alias', new Failure(422, 'Keep an alias to 60 characters or fewer.', { alias: ['Keep an alias to 60 characters or fewer.'] }));
    const { user } = renderAdmin('/admin/settings/brands-settings', { api });
    await user.click(await screen.findByRole('button', { name: 'Add alias of Bolt Co' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Alias' }), 'Bolts');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Keep an alias to 60 characters or fewer.')).toBeTruthy();
  });
});

describe('Settings › Brand Settings: the list', () => {
  it('finds brands by name or alias as you type, and says when none match', async () => {
    const { user } = renderAdmin('/admin/settings/brands-settings', { api: new FakeApi().on('POST /api/admin/brands/get-business-brands', list()) });
    expect(await screen.findByText('3 brands, 1 hidden')).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: 'Find a brand' });
    await user.type(search, 'house');
    expect(within(screen.getByRole('list', { name: 'Brands' })).getAllByRole('listitem').map((li) => li.querySelector('.name')?.textContent)).toEqual(['Acme Tools']);
    expect(screen.getByText('1 of 3 brands match')).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('No brand matches “zzz”.')).toBeTruthy();
  });

  it('hides a brand with its toggle against the API, and hides all only when confirmed', async () => {
    const api = new FakeApi().on('POST /api/admin/brands/get-business-brands', list())
      .on('POST /api/admin/brands/set-brand-hidden', changed(BRAND_HIDDEN))
      .on('POST /api/admin/brands/set-all-brands-hidden', { status: 'success', message: ALL_BRANDS_HIDDEN, data: BRANDS.map((b) => ({ ...b, hidden: true })) });
    const { user } = renderAdmin('/admin/settings/brands-settings', { api });
    render(<Said />);

    const toggle = await screen.findByRole('checkbox', { name: 'Show Bolt Co on the storefront' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Show Cedar Paint on the storefront' }) as HTMLInputElement).checked).toBe(false);
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(api.sent('POST /api/admin/brands/set-brand-hidden')[0].body).toEqual({ brand_id: 2, hidden: true });
    expect(await said(BRAND_HIDDEN)).toBeTruthy();
    expect(within(rowOf('Bolt Co')).getByText('Hidden from shoppers')).toBeTruthy();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Hide all' }));
    expect(confirm.mock.calls[0][0]).toBe(HIDE_ALL_BRANDS_QUESTION);
    expect(api.sent('POST /api/admin/brands/set-all-brands-hidden')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Hide all' }));
    await waitFor(() => expect(screen.getAllByRole('checkbox', { name: /^Show .* on the storefront$/ }).every((c) => !(c as HTMLInputElement).checked)).toBe(true));
    expect(api.sent('POST /api/admin/brands/set-all-brands-hidden')[0].body).toEqual({ hidden: true });
    expect((screen.getByRole('button', { name: 'Hide all' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("sets a logo by its address (Save disabled until there is one), saying 'Brand logo updated' or why not", async () => {
    const api = new FakeApi().on('POST /api/admin/brands/get-business-brands', list())
      .on('POST /api/admin/brands/update-brand-img', new Failure(500, 'Server Error'));
    const { user } = renderAdmin('/admin/settings/brands-settings', { api });
    render(<Said />);
    await user.click(await screen.findByRole('button', { name: 'Logo of Bolt Co' }));
    const dialog = await screen.findByRole('dialog', { name: 'Logo of Bolt Co' });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Logo image address' }), 'https://cdn.example.com/bolt.png');
    expect(within(dialog).getByRole('img', { name: 'Bolt Co logo' }).getAttribute('src')).toBe('https://cdn.example.com/bolt.png');
    await user.click(save);
    expect(await within(dialog).findByText(BRAND_LOGO_SAVE_FAILED)).toBeTruthy();

    api.on('POST /api/admin/brands/update-brand-img', changed(BRAND_LOGO_UPDATED));
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await said(BRAND_LOGO_UPDATED)).toBeTruthy();
    expect(within(rowOf('Bolt Co')).getByRole('img', { name: 'Bolt Co logo' })).toBeTruthy();
  });

  it('says so when the store has no brands, and offers Try again when they cannot be loaded', async () => {
    const api = new FakeApi().on('POST /api/admin/brands/get-business-brands', new Failure(500, 'Server Error'));
    const { user } = renderAdmin('/admin/settings/brands-settings', { api });
    expect(await screen.findByText('We could not load the brands.')).toBeTruthy();
    api.on('POST /api/admin/brands/get-business-brands', list([]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This store has no brands yet.')).toBeTruthy();
  });

  it('tells staff without edit_brands_settings why the screen does not open', async () => {
    renderAdmin('/admin/settings/brands-settings', { user: staffWith(['edit_department_mapping']) });
    expect(await screen.findByText(/Edit brands settings/)).toBeTruthy();
  });
});

describe("Settings › Brand Settings: a brand's products, and the storefront's options", () => {
  it("takes a brand's products off the storefront only when confirmed, and says so in its row", async () => {
    const api = new FakeApi().on('POST /api/admin/brands/get-business-brands', list())
      .on('POST /api/admin/brands/hide-brand-products', changed(BRAND_PRODUCTS_HIDDEN));
    const { user } = renderAdmin('/admin/settings/brands-settings', { api });
    render(<Said />);
    const sold = await screen.findByRole('checkbox', { name: 'Sell Bolt Co products on the storefront' }) as HTMLInputElement;
    expect(sold.checked).toBe(true);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(sold);
    expect(confirm.mock.calls[0][0]).toBe(HIDE_BRAND_PRODUCTS_QUESTION('Bolt Co'));
    expect(api.sent('POST /api/admin/brands/hide-brand-products')).toEqual([]);
    expect(sold.checked).toBe(true);
    await user.click(sold);
    await waitFor(() => expect(sold.checked).toBe(false));
    expect(api.sent('POST /api/admin/brands/hide-brand-products')[0].body).toEqual({ brand_id: 2, hidden: true });
    expect(await said(BRAND_PRODUCTS_HIDDEN)).toBeTruthy();
    expect(within(rowOf('Bolt Co')).getByText('Products off the storefront')).toBeTruthy();
  });

  it('saves the three storefront options at once (only those changed), says so, and keeps them as ticked when a save is refused', async () => {
    const settingsAfter = (over: Partial<typeof SETTINGS>) => ({ status: 'success', message: BRAND_STOREFRONT_SAVED, data: { ...SETTINGS, ...over } });
    const api = new FakeApi().on('POST /api/admin/brands/get-business-brands', list())
      .on('POST /api/admin/brands/hide-brands-nav', settingsAfter({ hideBrandsNav: true }))
      .on('POST /api/admin/brands/set-brands-show-logo', new Failure(500, 'Server Error'));
    const { user } = renderAdmin('/admin/settings/brands-settings', { api });
    render(<Said />);
    const section = await screen.findByRole('form', { name: 'Storefront' });
    const nav = within(section).getByRole('checkbox', { name: 'Show the Brands link in the menus and footer' }) as HTMLInputElement;
    const logos = within(section).getByRole('checkbox', { name: 'Show brand logos on the Brands page (names only when off)' }) as HTMLInputElement;
    const filter = within(section).getByRole('checkbox', { name: 'Offer the Brands filter on search and product lists' }) as HTMLInputElement;
    expect([nav.checked, logos.checked, filter.checked]).toEqual([true, true, true]);
    const save = within(section).getByRole('button', { name: 'Save storefront options' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed yet

    await user.click(nav);
    await user.click(logos);
    expect(within(section).getByRole('status').textContent).toBe('Not saved yet.');
    await user.click(save);
    expect(await within(section).findByText(BRAND_STOREFRONT_SAVE_FAILED)).toBeTruthy();
    expect(api.sent('POST /api/admin/brands/hide-brands-nav')[0].body).toEqual({ hidden: true });
    expect(api.sent('POST /api/admin/brands/set-brands-show-logo')[0].body).toEqual({ show_logo: false });
    expect(api.sent('POST /api/admin/brands/set-brands-filter')).toEqual([]);
    expect([nav.checked, logos.checked]).toEqual([false, false]); // as ticked, to try again

    api.on('POST /api/admin/brands/set-brands-show-logo', settingsAfter({ hideBrandsNav: true, brandsShowLogo: false }));
    await user.click(save);
    expect(await said(BRAND_STOREFRONT_SAVED)).toBeTruthy();
    expect(within(section).getByRole('status').textContent).toBe(BRAND_STOREFRONT_SAVED);
    // The nav option was saved already: only the logo option is sent again.
    expect(api.sent('POST /api/admin/brands/hide-brands-nav')).toHaveLength(1);
    expect(api.sent('POST /api/admin/brands/set-brands-show-logo')).toHaveLength(2);
    expect(save.disabled).toBe(true);
    expect([nav.checked, logos.checked, filter.checked]).toEqual([false, false, true]);
  });
});

describe('Settings › Brand Settings: renaming a brand (update-brand)', () => {
  it('renames a brand from its row: Save once the name changed, refusals under the field or above the buttons, the keyboard back on Rename', async () => {
    const api = new FakeApi().on('POST /api/admin/brands/get-business-brands', list())
      .on('POST /api/admin/brands/update-brand', new Failure(422, BRAND_NAME_TOO_LONG, { brand_name: [BRAND_NAME_TOO_LONG] }));
    const { user } = renderAdmin('/admin/settings/brands-settings', { api });
    render(<Said />);

    await user.click(await screen.findByRole('button', { name: 'Rename Bolt Co' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Bolt Co' });
    const name = within(dialog).getByRole('textbox', { name: 'Brand name' }) as HTMLInputElement;
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(document.activeElement).toBe(name);
    expect(name.value).toBe('Bolt Co');
    expect(within(dialog).getByText("Supplier's name: Bolt Co")).toBeTruthy();
    expect(save.disabled).toBe(true); // unchanged
    await user.clear(name);
    expect(save.disabled).toBe(true); // empty
    await user.type(name, 'Bolt  Tools ');
    expect(save.disabled).toBe(false);

    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText(BRAND_NAME_TOO_LONG)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    api.on('POST /api/admin/brands/update-brand', new Failure(500, 'Server Error'));
    await user.click(save);
    expect(await within(dialog).findByText(BRAND_RENAME_FAILED)).toBeTruthy();

    const renamed = { ...BRANDS[1], brand_name: 'Bolt Tools', slug: 'bolt-tools-2', original_brand: 'Bolt Co' };
    api.on('POST /api/admin/brands/update-brand', { status: 'success', message: BRAND_UPDATED, data: renamed });
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST /api/admin/brands/update-brand').map((r) => r.body)).toEqual(Array(3).fill({ brand_id: 2, brand_name: 'Bolt Tools' }));
    expect(await said(BRAND_UPDATED)).toBeTruthy();
    expect(within(rowOf('Bolt Tools')).getByText("Supplier's name: Bolt Co")).toBeTruthy();
    // The modal's unmount puts the focus back in an effect after the save is answered.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Bolt Tools' })));
  });

  it("puts the supplier's name back in one click, and Escape leaves without saving", async () => {
    const deck = brand(4, 'Deck Pro', { original_brand: 'DECKPRO INC' });
    const api = new FakeApi().on('POST /api/admin/brands/get-business-brands', list([...BRANDS, deck]))
      .on('POST /api/admin/brands/update-brand', { status: 'success', message: BRAND_UPDATED, data: { ...deck, brand_name: 'DECKPRO INC' } });
    const { user } = renderAdmin('/admin/settings/brands-settings', { api });
    expect(await screen.findByText('Deck Pro')).toBeTruthy();
    expect(within(rowOf('Deck Pro')).getByText("Supplier's name: DECKPRO INC")).toBeTruthy();

    const rename = screen.getByRole('button', { name: 'Rename Deck Pro' });
    await user.click(rename);
    let dialog = await screen.findByRole('dialog', { name: 'Rename Deck Pro' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Brand name' }), ' Outdoor');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(rename);
    expect(api.sent('POST /api/admin/brands/update-brand')).toEqual([]);

    await user.keyboard('{Enter}'); // Rename again, from the keyboard: the name typed before is gone
    dialog = await screen.findByRole('dialog', { name: 'Rename Deck Pro' });
    expect((within(dialog).getByRole('textbox', { name: 'Brand name' }) as HTMLInputElement).value).toBe('Deck Pro');
    await user.click(within(dialog).getByRole('button', { name: "Use the supplier's name" }));
    expect((within(dialog).getByRole('textbox', { name: 'Brand name' }) as HTMLInputElement).value).toBe('DECKPRO INC');
    expect(within(dialog).queryByRole('button', { name: "Use the supplier's name" })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST /api/admin/brands/update-brand')[0].body).toEqual({ brand_id: 4, brand_name: 'DECKPRO INC' });
    expect(within(rowOf('DECKPRO INC')).queryByText(/Supplier's name/)).toBeNull();
  });
});

describe('Settings › Brand Settings: several brands at once (update-all-brands)', () => {
  const allAfter = (r: { body: unknown }) => {
    const body = r.body as { brand_ids: number[]; hidden?: boolean; hide_products?: boolean };
    const data = BRANDS.map((b) => (body.brand_ids.includes(b.brand_id) ? { ...b, ...('hidden' in body ? { hidden: body.hidden } : {}), ...('hide_products' in body ? { hide_products: body.hide_products } : {}) } : b));
    return { status: 'success', message: BRANDS_UPDATED(body.brand_ids.length), data } as { status: string; message: string; data: BrandAdmin[] };
  };

  it('selects brands from the keyboard, takes their products off only when confirmed, says so, and keeps the selection for the next change', async () => {
    const slow = later<void>();
    const api = new FakeApi().on('POST /api/admin/brands/get-business-brands', list())
      .on('POST /api/admin/brands/update-all-brands', async (r) => { await slow.promise; return allAfter(r); });
    const { user } = renderAdmin('/admin/settings/brands-settings', { api });
    render(<Said />);
    const bar = await screen.findByRole('group', { name: 'Selected brands' });
    expect(within(bar).getByText('None selected')).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: 'Hide selected' })).toBeNull();

    screen.getByRole('checkbox', { name: 'Select Bolt Co' }).focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('checkbox', { name: 'Select Cedar Paint' }));
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    const all = within(bar).getByRole('checkbox', { name: 'Select all 3' }) as HTMLInputElement;
    expect([all.checked, all.indeterminate]).toEqual([false, true]);

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const takeOff = within(bar).getByRole('button', { name: 'Take their products off' });
    await user.click(takeOff);
    expect(confirm.mock.calls[0][0]).toBe(HIDE_SELECTED_BRANDS_PRODUCTS_QUESTION(2));
    expect(api.sent('POST /api/admin/brands/update-all-brands')).toEqual([]);
    await user.click(takeOff);
    expect(await within(bar).findByRole('button', { name: 'Taking off…' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Sell Bolt Co products on the storefront' }) as HTMLInputElement).disabled).toBe(true);
    slow.resolve();
    expect(await said(BRANDS_UPDATED(2))).toBeTruthy();
    expect(api.sent('POST /api/admin/brands/update-all-brands')[0].body).toEqual({ brand_ids: [2, 3], hide_products: true });
    expect(within(bar).getByRole('status').textContent).toBe(BRANDS_UPDATED(2));
    expect(within(rowOf('Bolt Co')).getByText('Products off the storefront')).toBeTruthy();
    expect(within(rowOf('Cedar Paint')).getByText('Products off the storefront')).toBeTruthy();
    expect(within(rowOf('Acme Tools')).queryByText('Products off the storefront')).toBeNull();
    expect(document.activeElement).toBe(within(bar).getByRole('button', { name: 'Take their products off' }));

    // The same two shown: no question (nothing leaves the storefront).
    const asked = confirm.mock.calls.length;
    await user.click(within(bar).getByRole('button', { name: 'Show selected' }));
    await waitFor(() => expect(api.sent('POST /api/admin/brands/update-all-brands')).toHaveLength(2));
    expect(api.sent('POST /api/admin/brands/update-all-brands')[1].body).toEqual({ brand_ids: [2, 3], hidden: false });
    expect(confirm.mock.calls.length).toBe(asked);
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Show Cedar Paint on the storefront' }) as HTMLInputElement).checked).toBe(true));

    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(within(bar).getByText('None selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select Bolt Co' }) as HTMLInputElement).checked).toBe(false);
  });

  it('Select all takes the brands the search shows; hiding them asks first; a failure says so and changes nothing on screen', async () => {
    const api = new FakeApi().on('POST /api/admin/brands/get-business-brands', list())
      .on('POST /api/admin/brands/update-all-brands', new Failure(500, 'Server Error'));
    const { user } = renderAdmin('/admin/settings/brands-settings', { api });
    await user.type(await screen.findByRole('searchbox', { name: 'Find a brand' }), 'co');
    const bar = screen.getByRole('group', { name: 'Selected brands' });
    await user.click(within(bar).getByRole('checkbox', { name: 'Select all 1' }));
    expect(within(bar).getByText('1 selected')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Find a brand' }));
    expect((screen.getByRole('checkbox', { name: 'Select Bolt Co' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Select Acme Tools' }) as HTMLInputElement).checked).toBe(false);

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(bar).getByRole('button', { name: 'Hide selected' }));
    expect(confirm.mock.calls.at(-1)?.[0]).toBe(HIDE_SELECTED_BRANDS_QUESTION(1));
    expect(await screen.findByText(BRANDS_UPDATE_FAILED)).toBeTruthy();
    expect(api.sent('POST /api/admin/brands/update-all-brands')[0].body).toEqual({ brand_ids: [2], hidden: true });
    expect((screen.getByRole('checkbox', { name: 'Show Bolt Co on the storefront' }) as HTMLInputElement).checked).toBe(true);
    expect(within(bar).getByText('1 selected')).toBeTruthy(); // kept, to try again
    confirm.mockRestore();
  });
});
