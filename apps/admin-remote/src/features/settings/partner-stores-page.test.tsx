import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ONLY_STORE_OWNER_PARTNERS, PERMISSIONS, PARTNER_ID_INVALID, PARTNER_ID_OWN, partnerIdListed, PARTNERS_SAVED } from '@platform/domain';
import { Failure, FakeApi, later, OWNER, renderAdmin, type Answers } from '../../test-support';

const URL = 'GET /api/admin/settings/partner-businesses';
const SAVE = 'POST /api/admin/settings/partner-businesses';
const OWN = 101;
const settings = (partners: { business_id: number; shown: boolean; name: string | null }[]) => ({ data: { business_id: OWN, partners } });
const listed = () => within(screen.getByRole('list', { name: 'Partner businesses' })).getAllByRole('listitem').map((li) => li.textContent);

describe('Settings › Partner Stores', () => {
  it('is in the settings menu; starts empty, checks an id as the server does, adds, removes and saves the list', async () => {
    const answer = later<Answers[typeof URL]>();
    const api = new FakeApi().on(URL, () => answer.promise).on(SAVE, (r) => {
      const { business_ids } = r.body as { business_ids: number[] };
      return { status: 'success', message: PARTNERS_SAVED, data: { business_id: OWN, partners: business_ids.map((id) => ({ business_id: id, shown: false, name: null })) } };
    });
    const { user } = renderAdmin('/admin/settings/partner-stores', { api });

    expect(await screen.findByText('Loading the partner stores…')).toBeTruthy();
    answer.resolve(settings([]));
    const form = await screen.findByRole('form', { name: 'Partner stores' });
    expect(within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Partner Stores' }).getAttribute('href')).toBe('/admin/settings/partner-stores');
    expect(within(form).getByText('No partner stores listed: your store shows its own stock only.')).toBeTruthy();
    expect(within(form).getByText(String(OWN))).toBeTruthy();

    const field = within(form).getByRole('textbox', { name: 'Partner’s business id' });
    const add = within(form).getByRole('button', { name: 'Add' });
    for (const [typed, message] of [['abc', PARTNER_ID_INVALID], [String(OWN), PARTNER_ID_OWN]]) {
      await user.clear(field);
      await user.type(field, typed);
      await user.click(add);
      expect((await within(form).findByRole('alert')).textContent).toBe(message);
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    await user.clear(field);
    await user.type(field, '202');
    await user.click(add);
    await user.type(field, '303{Enter}');
    expect(listed()).toEqual(['Business 202 · Not saved yet.Remove', 'Business 303 · Not saved yet.Remove']);
    await user.type(field, '202{Enter}');
    expect(within(form).getByRole('alert').textContent).toBe(partnerIdListed(202));

    await user.click(within(form).getByRole('button', { name: 'Remove business 202' }));
    expect(listed()).toEqual(['Business 303 · Not saved yet.Remove']);
    expect(api.sent(SAVE)).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Save partner stores' }));

    expect(await within(form).findByText(PARTNERS_SAVED)).toBeTruthy();
    expect(api.sent(SAVE).map((r) => r.body)).toEqual([{ business_ids: [303] }]);
    expect(listed()).toEqual(['Business 303 · Does not list your store yet: nothing is shown either way until it does.Remove']);

    // Removing the last one and saving leaves the list empty.
    await user.click(within(form).getByRole('button', { name: 'Remove business 303' }));
    expect(within(form).getByText('No partner stores listed: your store shows its own stock only.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save partner stores' }));
    expect(await within(form).findByText(PARTNERS_SAVED)).toBeTruthy();
    expect(api.sent(SAVE).map((r) => r.body)).toEqual([{ business_ids: [303] }, { business_ids: [] }]);
  });

  it('names a partner once it lists the store back, and says which do not yet', async () => {
    renderAdmin('/admin/settings/partner-stores', { api: new FakeApi().on(URL, settings([
      { business_id: 202, shown: true, name: 'Riverside Paint' }, { business_id: 303, shown: false, name: null },
    ])) });
    await screen.findByRole('form', { name: 'Partner stores' });
    expect(listed()).toEqual([
      'Business 202 · Riverside Paint lists your store back: each store shows the other’s stock.Remove',
      'Business 303 · Does not list your store yet: nothing is shown either way until it does.Remove',
    ]);
  });

  it("shows the id the server refuses beside it, and a failure that names no id as one message; the list stays as typed", async () => {
    const refused = 'business_ids.1 must be <= 999999999999';
    const api = new FakeApi().on(URL, settings([{ business_id: 202, shown: true, name: 'Riverside Paint' }]))
      .on(SAVE, new Failure(400, 'The request is not valid.', { 'business_ids.1': [refused] }));
    const { user } = renderAdmin('/admin/settings/partner-stores', { api });
    const form = await screen.findByRole('form', { name: 'Partner stores' });
    await user.type(within(form).getByRole('textbox', { name: 'Partner’s business id' }), '404{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Save partner stores' }));
    const items = within(screen.getByRole('list', { name: 'Partner businesses' })).getAllByRole('listitem');
    expect((await within(items[1]).findByRole('alert')).textContent).toBe(refused);
    expect(within(items[0]).queryByRole('alert')).toBeNull();

    api.on(SAVE, new Failure(500, 'Server error'));
    await user.click(within(form).getByRole('button', { name: 'Save partner stores' }));
    expect(await within(form).findByText('Server error')).toBeTruthy();
    expect(listed()).toHaveLength(2);
  });

  it('tells a sub-account that only the store owner chooses partner stores', async () => {
    renderAdmin('/admin/settings/partner-stores', { api: new FakeApi().on(URL, new Failure(403, ONLY_STORE_OWNER_PARTNERS)) });
    expect((await screen.findByRole('alert')).textContent).toContain(ONLY_STORE_OWNER_PARTNERS);
    expect(screen.queryByRole('form', { name: 'Partner stores' })).toBeNull();
  });

  it("is not in a sub-account's settings menu, nor is Payment Options; one who opens it by its address is told why", async () => {
    const staff = { ...OWNER, data: { ...OWNER.data, customer: { ...OWNER.data.customer, slug: 'staff', is_sub_account: true } } };
    renderAdmin('/admin/settings/partner-stores', { user: staff, api: new FakeApi().on(URL, new Failure(403, ONLY_STORE_OWNER_PARTNERS)) });
    expect((await screen.findByRole('alert')).textContent).toContain(ONLY_STORE_OWNER_PARTNERS);
    const links = within(screen.getByRole('navigation', { name: 'Settings' })).getAllByRole('link').map((l) => l.textContent);
    expect(links).toContain('Sub-accounts');
    expect(links).not.toContain('Partner Stores');
    expect(links).not.toContain('Payment Options');
  });

  it('leaves the link out once the sub-accounts refresh finds a session kept from before is_sub_account is a sub-account', async () => {
    const kept = { ...OWNER, data: { ...OWNER.data, customer: { ...OWNER.data.customer, slug: 'staff' } } };
    const api = new FakeApi().on(URL, new Failure(403, ONLY_STORE_OWNER_PARTNERS)).on('GET /api/sub-accounts', { 'sub-accounts': [
      { slug: 'staff', first_name: 'Sam', last_name: 'Staff', email: 'sam@example.com', permissions: [...PERMISSIONS], last_active_at: null, location_id: null },
    ] });
    renderAdmin('/admin/settings/partner-stores', { user: kept, api });
    expect((await screen.findByRole('alert')).textContent).toContain(ONLY_STORE_OWNER_PARTNERS);
    const menu = screen.getByRole('navigation', { name: 'Settings' });
    await vi.waitFor(() => expect(within(menu).queryByRole('link', { name: 'Partner Stores' })).toBeNull());
    expect(within(menu).queryByRole('link', { name: 'Payment Options' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Sub-accounts' })).toBeTruthy();
  });

  it("is in the owner's settings menu with Payment Options", async () => {
    renderAdmin('/admin/settings/partner-stores', { user: { ...OWNER, data: { ...OWNER.data, customer: { ...OWNER.data.customer, is_sub_account: false } } }, api: new FakeApi().on(URL, settings([])) });
    await screen.findByRole('form', { name: 'Partner stores' });
    const menu = within(screen.getByRole('navigation', { name: 'Settings' }));
    expect(menu.getByRole('link', { name: 'Partner Stores' }).getAttribute('href')).toBe('/admin/settings/partner-stores');
    expect(menu.getByRole('link', { name: 'Payment Options' }).getAttribute('href')).toBe('/admin/settings/payment-options');
  });

  it('offers a retry when the list does not load', async () => {
    let calls = 0;
    const api = new FakeApi().on(URL, () => (++calls === 1 ? new Failure(500, 'Server error') : settings([])));
    const { user } = renderAdmin('/admin/settings/partner-stores', { api });
    expect(await screen.findByText('We could not load the partner stores.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No partner stores listed: your store shows its own stock only.')).toBeTruthy();
  });
});
