import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DepartmentWithAliases } from '@platform/contracts';
import {
  ALIAS_ADDED, ALIAS_REMOVED, BAD_LINK, DEPARTMENT_PRODUCTS_SAVE_FAILED, DEPARTMENT_SETTING_FIELDS, DEPARTMENT_SETTINGS_SAVED, HIDE_DEPARTMENT_PRODUCTS_QUESTION, LOW_STOCK_RANGE,
  type SocialLinks,
} from '@platform/domain';
import { BUSINESS, Failure, FakeApi, later, OWNER, renderAdmin, SETTINGS } from '../../test-support';

const staffWith = (permissions: string[]) => ({ ...OWNER, data: { ...OWNER.data, customer: { ...OWNER.data.customer, slug: 'staff', permissions } } });
const refused = (field: string, message: string) => new Failure(422, message, { [field]: [message] });

describe('Settings › Product Listings', () => {
  it("saves the default sort, the out-of-stock rule and the 'Only N Left' threshold, and confirms it", async () => {
    const api = new FakeApi().on('POST /api/admin/settings/browse', (r) => {
      const body = r.body as { defaultSort: string; filterShowOutOfStock: boolean; lowStockThreshold: number };
      return { status: 'success', message: 'Product listing settings saved.', data: { ...SETTINGS, filterShowOutOfStock: body.filterShowOutOfStock, products: { ...SETTINGS.products, defaultSort: body.defaultSort, lowStockThreshold: body.lowStockThreshold } } };
    });
    const { user } = renderAdmin('/admin/settings/product-listings', { api });

    const sort = await screen.findByRole('combobox', { name: 'Default sort' });
    expect((sort as HTMLSelectElement).value).toBe('relevancy');
    await user.selectOptions(sort, 'New Arrivals');
    await user.click(screen.getByRole('checkbox', { name: 'Show out-of-stock items on listing pages by default' }));
    const threshold = screen.getByRole('spinbutton', { name: /Show .Only N Left. at or below/ });
    await user.clear(threshold);
    await user.type(threshold, '2');
    expect(screen.getByText(/With 2 in stock shoppers see 'Only 2 Left'/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await screen.findByText('Product listing settings saved.')).getAttribute('role')).toBe('status');
    expect(api.sent('POST /api/admin/settings/browse')[0].body).toEqual({ defaultSort: 'latest', filterShowOutOfStock: true, lowStockThreshold: 2 });
    expect((screen.getByRole('checkbox', { name: /out-of-stock/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('names a threshold that is no number under its box and sends nothing; the server\'s refusal shows there too', async () => {
    const api = new FakeApi().on('POST /api/admin/settings/browse', refused('defaultSort', 'Choose one of the sort orders listed.'));
    const { user } = renderAdmin('/admin/settings/product-listings', { api });
    const threshold = await screen.findByRole('spinbutton', { name: /Only N Left/ });
    await user.clear(threshold);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(LOW_STOCK_RANGE)).toBeTruthy();
    expect(threshold.getAttribute('aria-invalid')).toBe('true');
    // focusFirstInvalid moves the focus on the next animation frame.
    await waitFor(() => expect(document.activeElement).toBe(threshold));
    expect(api.sent('POST /api/admin/settings/browse')).toEqual([]);

    await user.type(threshold, '4');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Choose one of the sort orders listed.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Default sort' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('tells staff without edit_products why the screen does not open', async () => {
    renderAdmin('/admin/settings/product-listings', { user: staffWith(['view_emails']) });
    expect(await screen.findByText('You do not have permission to open this page')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Default sort' })).toBeNull();
  });
});

describe('Settings › Top Banner', () => {
  const empty = { enabled: false, text: '', link: '', link_text: '', background: '' };

  it('starts empty with no banner, previews what shoppers will see and saves it on Enter', async () => {
    const api = new FakeApi()
      .on('GET /api/admin/home-banner', { data: empty })
      .on('POST /api/home-banner/update', (r) => ({ status: 'success', message: 'Home banner saved.', data: r.body as typeof empty }))
      .on('GET /api/home-banner', { data: null });
    const { user } = renderAdmin('/admin/settings/top-banner', { api });

    expect(await screen.findByText('This store has no banner yet. Write one and tick the box to show it.')).toBeTruthy();
    expect(screen.getByText('The home page shows no banner.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Show the banner on the home page' }));
    await user.type(screen.getByRole('textbox', { name: 'Announcement' }), 'Open late Fridays');
    await user.type(screen.getByRole('textbox', { name: 'Link (optional)' }), '/store-info');
    await user.type(screen.getByRole('textbox', { name: 'Background colour' }), '#ffe08a');
    const preview = screen.getByRole('region', { name: 'Banner preview' });
    expect(preview.textContent).toBe('Open late FridaysLearn more');
    expect(getComputedStyle(preview).color).toMatch(/^(#000000|rgb\(0, 0, 0\))$/);
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Home banner saved.')).toBeTruthy();
    expect(api.sent('POST /api/home-banner/update')[0].body).toEqual({ enabled: true, text: 'Open late Fridays', link: '/store-info', link_text: '', background: '#ffe08a' });
    // The storefront's banner is read again, so View as Customer shows it.
    await waitFor(() => expect(api.sent('GET /api/home-banner').length).toBe(1));
  });

  it('shows a link it cannot use under the Link box; the loading and failed states', async () => {
    const answer = later<{ data: typeof empty }>();
    const api = new FakeApi().on('GET /api/admin/home-banner', () => answer.promise);
    const { user } = renderAdmin('/admin/settings/top-banner', { api });
    expect(await screen.findByText('Loading the banner…')).toBeTruthy();
    answer.resolve({ data: { ...empty, text: 'Old news' } });
    await user.type(await screen.findByRole('textbox', { name: 'Link (optional)' }), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save banner' }));
    expect(await screen.findByText(BAD_LINK)).toBeTruthy();
    expect(api.sent('POST /api/home-banner/update')).toEqual([]);

    const failing = new FakeApi().on('GET /api/admin/home-banner', new Failure(500, 'Server Error'));
    renderAdmin('/admin/settings/top-banner', { api: failing });
    expect(await screen.findByText('We could not load the banner.')).toBeTruthy();
  });
});

const TREE: DepartmentWithAliases[] = [{
  dept_id: 1, dept_name: 'Tools', name: 'Tools', slug: 'tools-1', image_url: null, parent: null, hide_products: false, highlighted: false, level: 1, hidden: false,
  aliases: [{ id: 31, alias_id: 7, name: 'Hand tools', dept_id: 1 }],
  children: [{ dept_id: 2, dept_name: 'Drills', name: 'Drills', slug: 'drills-2', image_url: null, parent: 1, hide_products: false, highlighted: false, level: 2, hidden: true, aliases: [], children: [] }],
}];

describe('Settings › Department Mapping', () => {
  it('adds an alias through the modal (Complete from 2 characters) and shows it on the department', async () => {
    const api = new FakeApi()
      .on('GET /api/get-department-hierarchy-with-alias', { data: TREE })
      .on('GET /api/v1/admin/department/prev-aliases', { data: { data: [{ id: 7, name: 'Hand tools' }, { id: 9, name: 'Drivers' }] } })
      .on('POST /api/v1/admin/department/add-alias', (r) => ({ status: 'ok', message: ALIAS_ADDED, data: { alias_mapped_id: 40, alias_id: 41, aliases: [{ id: 40, alias_id: 41, name: (r.body as { name: string }).name, dept_id: 2 }] } }));
    const { user } = renderAdmin('/admin/settings/department-mapping', { api });

    expect(await screen.findByText('Hand tools')).toBeTruthy();
    expect(screen.getByText('(hidden)')).toBeTruthy();
    expect(api.sent('GET /api/get-department-hierarchy-with-alias')[0].query.get('showHiddenDept')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Add alias to Drills' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an alias to Drills' });
    const box = within(dialog).getByRole('textbox', { name: 'Alias' });
    expect(document.activeElement).toBe(box);
    await user.type(box, 'C');
    expect((within(dialog).getByRole('button', { name: 'Complete' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(box, 'ordless drills');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST /api/v1/admin/department/add-alias')[0].body).toEqual({ name: 'Cordless drills', dept_id: 2, type: 'department' });
    expect(within(screen.getByRole('list', { name: 'Aliases of Drills' })).getByText('Cordless drills')).toBeTruthy();
    // The modal's unmount puts the focus back in an effect after the save is answered.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add alias to Drills' })));
  });

  it('saves a suggestion at once, shows the server\'s refusal under the box, and removes an alias', async () => {
    const api = new FakeApi()
      .on('GET /api/get-department-hierarchy-with-alias', { data: TREE })
      .on('GET /api/v1/admin/department/prev-aliases', { data: { data: [{ id: 9, name: 'Drivers' }] } })
      .on('POST /api/v1/admin/department/add-alias', refused('name', 'This department already has that alias.'))
      .on('POST /api/v1/admin/department/remove-alias', { status: 'ok', message: ALIAS_REMOVED, data: { aliases: [] } });
    const { user } = renderAdmin('/admin/settings/department-mapping', { api });

    await user.click(await screen.findByRole('button', { name: 'Add alias to Tools' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Alias' }), 'dr');
    await user.click(within(dialog).getByRole('button', { name: 'Drivers' }));
    expect(await within(dialog).findByText('This department already has that alias.')).toBeTruthy();
    expect(api.sent('POST /api/v1/admin/department/add-alias')[0].body).toMatchObject({ name: 'Drivers', dept_id: 1 });
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Remove alias Hand tools from Tools' }));
    await waitFor(() => expect(screen.queryByText('Hand tools')).toBeNull());
    expect(api.sent('POST /api/v1/admin/department/remove-alias')[0].body).toEqual({ id: 31, dept_id: 1 });
  });

  it("takes a department's products off the storefront only when confirmed, says so under it, and puts them back", async () => {
    const saved = (r: { body: unknown }) => {
      const body = r.body as { dept_id: number; settings: { key: string; value: boolean }[] };
      return { status: 'success', message: DEPARTMENT_SETTINGS_SAVED, data: { dept_id: body.dept_id, settings: [{ ...DEPARTMENT_SETTING_FIELDS[0], value: body.settings[0].value }] } };
    };
    const api = new FakeApi().on('GET /api/get-department-hierarchy-with-alias', { data: TREE })
      .on('POST /api/v1/admin/department/save-department-settings', new Failure(500, 'Server Error'));
    const { user } = renderAdmin('/admin/settings/department-mapping', { api });
    const onSale = await screen.findByRole('checkbox', { name: 'Sell Tools products on the storefront' }) as HTMLInputElement;
    expect(onSale.checked).toBe(true);

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    await user.click(onSale);
    expect(confirm.mock.calls[0][0]).toBe(HIDE_DEPARTMENT_PRODUCTS_QUESTION('Tools'));
    expect(api.sent('POST /api/v1/admin/department/save-department-settings')).toEqual([]);
    onSale.focus();
    await user.keyboard(' ');
    expect(await screen.findByText(DEPARTMENT_PRODUCTS_SAVE_FAILED('Tools', false))).toBeTruthy();
    expect(onSale.checked).toBe(true);

    api.on('POST /api/v1/admin/department/save-department-settings', saved);
    await user.click(onSale);
    await waitFor(() => expect(onSale.checked).toBe(false));
    expect(api.sent('POST /api/v1/admin/department/save-department-settings')[1].body).toEqual({ dept_id: 1, settings: [{ key: 'hideProducts', value: true }] });
    expect(screen.queryByText(DEPARTMENT_PRODUCTS_SAVE_FAILED('Tools', false))).toBeNull();
    expect(screen.getByText(/products off the storefront/)).toBeTruthy();
    expect(screen.getByText(/products off through Tools/)).toBeTruthy(); // Drills, under it
    expect((screen.getByRole('checkbox', { name: 'Sell Drills products on the storefront' }) as HTMLInputElement).checked).toBe(true);

    const asked = confirm.mock.calls.length;
    await user.click(onSale); // putting them back asks nothing
    await waitFor(() => expect(onSale.checked).toBe(true));
    expect(confirm.mock.calls.length).toBe(asked);
    expect(api.sent('POST /api/v1/admin/department/save-department-settings')[2].body).toEqual({ dept_id: 1, settings: [{ key: 'hideProducts', value: false }] });
    expect(screen.queryByText(/products off/)).toBeNull();
    confirm.mockRestore();
  });

  it('says so when the store has no departments', async () => {
    renderAdmin('/admin/settings/department-mapping', { api: new FakeApi().on('GET /api/get-department-hierarchy-with-alias', { data: [] }) });
    expect(await screen.findByText('This store has no departments yet.')).toBeTruthy();
  });

  it('offers Try again when the departments cannot be loaded', async () => {
    const api = new FakeApi().on('GET /api/get-department-hierarchy-with-alias', new Failure(500, 'Server Error'));
    const { user } = renderAdmin('/admin/settings/department-mapping', { api });
    expect(await screen.findByText('We could not load the departments.')).toBeTruthy();
    api.on('GET /api/get-department-hierarchy-with-alias', { data: TREE });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hand tools')).toBeTruthy();
  });

  it('tells staff without edit_department_mapping why the screen does not open', async () => {
    renderAdmin('/admin/settings/department-mapping', { user: staffWith(['edit_products']) });
    expect(await screen.findByText(/Edit department mapping/)).toBeTruthy();
  });
});

describe('Settings › About Us: the story, search and sharing', () => {
  const about = { title: 'About Us', body: '', images: [] };
  const seo = { site_title: '', meta_description: '', og_image: '' };

  it('writes the story with a photo, previews it in a frame that runs no script, and saves it', async () => {
    const api = new FakeApi()
      .on('GET /api/about-us', { data: about })
      .on('GET /api/admin/store-information', { data: seo })
      .on('POST /api/about-us/story', (r) => ({ status: 'success', message: 'About us story saved.', data: r.body as typeof about }));
    const { user } = renderAdmin('/admin/settings/about-us', { api });

    const story = await screen.findByRole('form', { name: 'Our story' });
    expect(within(story).getByText(/The store has no story yet/)).toBeTruthy();
    await user.clear(within(story).getByRole('textbox', { name: 'Title' }));
    await user.type(within(story).getByRole('textbox', { name: 'Title' }), 'Since 1952');
    await user.click(within(story).getByRole('textbox', { name: 'Story' }));
    await user.paste('<p>Family owned.</p>');
    await user.click(within(story).getByRole('button', { name: 'Add a photo' }));
    await user.click(within(story).getByRole('textbox', { name: 'Web address' }));
    await user.paste('https://img.test/shop.jpg');
    await user.click(within(story).getByRole('button', { name: 'Save story' }));
    // The photo needs words for shoppers who cannot see it.
    expect(await within(story).findByText('Describe the photo for shoppers who cannot see it.')).toBeTruthy();
    await user.click(within(story).getByRole('textbox', { name: 'Description' }));
    await user.paste('The shop front');
    await user.click(screen.getByRole('button', { name: 'Show preview' }));
    const frame = screen.getByTitle('Story preview');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<h2>Since 1952</h2><p>Family owned.</p>');
    await user.click(within(story).getByRole('button', { name: 'Save story' }));

    expect(await within(story).findByText('About us story saved.')).toBeTruthy();
    expect(api.sent('POST /api/about-us/story')[0].body).toEqual({ title: 'Since 1952', body: '<p>Family owned.</p>', images: [{ url: 'https://img.test/shop.jpg', alt: 'The shop front' }] });
  });

  it('sets the page title and sharing image with a search preview, removes the image, and names a bad address', async () => {
    const api = new FakeApi()
      .on('GET /api/about-us', { data: about })
      .on('GET /api/admin/store-information', { data: { ...seo, og_image: 'https://img.test/old.jpg' } })
      .on('POST /api/store-information/update', refused('og_image', 'Enter a web address starting with https://.'))
      .on('POST /api/store-information/delete-og-image', { status: 'success', message: 'The sharing image has been removed.', data: seo })
      .on('GET /api/store-information', { data: { business_name: 'Demo Hardware', site_title: 'Demo Hardware', meta_description: '', og_image: null } });
    const { user } = renderAdmin('/admin/settings/about-us', { api });

    const form = await screen.findByRole('form', { name: 'Search and sharing' });
    await user.type(within(form).getByRole('textbox', { name: 'Page title' }), 'Demo Hardware | Salem');
    expect(within(form).getByText('Demo Hardware | Salem', { selector: '.title' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save search and sharing' }));
    expect(await within(form).findByText('Enter a web address starting with https://.')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Sharing image' }).getAttribute('aria-invalid')).toBe('true');

    await user.click(within(form).getByRole('button', { name: 'Remove the sharing image' }));
    expect(await within(form).findByText('The sharing image has been removed.')).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: 'Sharing image' }) as HTMLInputElement).value).toBe('');
    expect(within(form).queryByRole('button', { name: 'Remove the sharing image' })).toBeNull();
  });
});

describe('Settings › Social Media Accounts', () => {
  it('saves the links with a preview of what Store Information lists, a bad one named by its field', async () => {
    const api = new FakeApi()
      .on('POST /api/social/update', (r) => {
        const links = r.body as SocialLinks;
        return links.tiktok_link && !links.tiktok_link.startsWith('https://')
          ? refused('tiktok_link', 'Enter a web address starting with https://.')
          : { status: 'success', message: 'Social media links saved.', data: links };
      })
      .on('GET /api/business-about-us', { data: { business_name: 'Demo Hardware', contact_email: '', phone: '', social: [], locations: [] } });
    const { user } = renderAdmin('/admin/settings/social-media-accounts', { api, business: { ...BUSINESS, facebook_link: 'https://facebook.com/demo' } });

    expect((await screen.findByRole('textbox', { name: 'Facebook' }) as HTMLInputElement).value).toBe('https://facebook.com/demo');
    await user.type(screen.getByRole('textbox', { name: 'Instagram' }), 'https://instagram.com/demo');
    expect(screen.getByRole('region', { name: 'Preview' }).textContent).toBe('PreviewFollow us on Facebook, Instagram.');
    await user.type(screen.getByRole('textbox', { name: 'TikTok' }), 'www.tiktok.com/@demo');
    // The browser's own check is off (noValidate): the shared rule names it first.
    await user.click(screen.getByRole('button', { name: 'Save links' }));
    expect(await screen.findByText('Enter a web address starting with https://.')).toBeTruthy();
    expect(api.sent('POST /api/social/update')).toEqual([]);
    await user.clear(screen.getByRole('textbox', { name: 'TikTok' }));
    await user.click(screen.getByRole('button', { name: 'Save links' }));
    expect(await screen.findByText('Social media links saved.')).toBeTruthy();
    expect(api.sent('POST /api/social/update')[0].body).toMatchObject({ facebook_link: 'https://facebook.com/demo', instagram_link: 'https://instagram.com/demo', tiktok_link: '' });
  });

  it('tells staff without manage_social_media why the screen does not open', async () => {
    renderAdmin('/admin/settings/social-media-accounts', { user: staffWith(['edit_about_us']) });
    expect(await screen.findByText(/Manage social media/)).toBeTruthy();
  });
});

describe('the settings menu of the admin area', () => {
  it('lists the settings screens the account may open and moves between them', async () => {
    const api = new FakeApi().on('GET /api/admin/home-banner', { data: { enabled: false, text: '', link: '', link_text: '', background: '' } });
    const { user } = renderAdmin('/admin/settings/top-banner', { api });
    const menu = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(menu).getByRole('link', { name: 'Top Banner' }).className).toContain('active');
    await user.click(within(menu).getByRole('link', { name: 'Product Listings' }));
    expect(await screen.findByRole('heading', { name: 'Product Listings' })).toBeTruthy();
  });

  it("shows a sub-account only its screens, and is not shown outside settings", async () => {
    renderAdmin('/admin/settings/product-listings', { user: staffWith(['edit_products']) });
    const links = within(await screen.findByRole('navigation', { name: 'Settings' })).getAllByRole('link').map((l) => l.textContent);
    expect(links).toContain('Product Listings');
    expect(links).not.toContain('Top Banner');
    expect(links).not.toContain('Department Mapping');
  });
});
