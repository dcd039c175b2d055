import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Failure, FakeApi, OWNER, renderAdmin, SETTINGS } from '../../test-support';

const about = { title: 'About Us', body: '', images: [] };
const seo = { site_title: '', meta_description: '', og_image: '' };
/** The About Us screen's other reads, answered as for a store that has set nothing. */
const aboutUsApi = () => new FakeApi().on('GET /api/about-us', { data: about }).on('GET /api/admin/store-information', { data: seo });

describe('Settings › About Us: hash routing hosts', () => {
  it('says what the hosts do, names a web address under the field without sending it, then saves the host names', async () => {
    const api = aboutUsApi().on('POST /api/admin/settings/hash-routing-hosts', (r) => {
      const { hashRoutingHosts } = r.body as { hashRoutingHosts: string[] };
      return { status: 'success', message: 'Hash routing hosts saved.', data: { ...SETTINGS, hashRoutingHosts: hashRoutingHosts.map((h) => h.toLowerCase()) } };
    });
    const { user } = renderAdmin('/admin/settings/about-us', { api });

    const form = await screen.findByRole('form', { name: 'Hash routing' });
    const hosts = within(form).getByRole('textbox', { name: 'Hosts that use # addresses' });
    expect(hosts.getAttribute('aria-describedby')).toBe('hashRoutingHosts-help');
    expect(document.getElementById('hashRoutingHosts-help')!.textContent).toMatch(/On the hosts listed here they name it after\s+a # instead \(shop\.example\.com\/#\/cart\)/);
    expect(within(form).getByText(/None listed: the store uses # addresses only inside another site/)).toBeTruthy();

    await user.type(hosts, 'https://Shop.Example.com');
    await user.click(within(form).getByRole('button', { name: 'Save hash routing' }));
    expect((await within(form).findByRole('alert')).textContent).toBe("'https://Shop.Example.com' is a web address: enter its host name alone, e.g. shop.example.com.");
    expect(hosts.getAttribute('aria-invalid')).toBe('true');
    expect(hosts.getAttribute('aria-describedby')).toBe('hashRoutingHosts-problem hashRoutingHosts-help');
    // focusFirstInvalid moves the focus on the next animation frame.
    await waitFor(() => expect(document.activeElement).toBe(hosts));
    expect(api.sent('POST /api/admin/settings/hash-routing-hosts')).toEqual([]);

    await user.clear(hosts);
    await user.type(hosts, 'Shop.Example.com{Enter}{Enter}localhost');
    // The owner is warned that this very host will change too.
    expect(within(form).getByText(/2 of at most 20 hosts\. You are on localhost: once saved, the pages you open here use # addresses\./)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save hash routing' }));

    expect(await within(form).findByText('Hash routing hosts saved.')).toBeTruthy();
    expect(api.sent('POST /api/admin/settings/hash-routing-hosts').map((r) => r.body)).toEqual([{ hashRoutingHosts: ['Shop.Example.com', 'localhost'] }]);
    expect((hosts as HTMLTextAreaElement).value).toBe('shop.example.com\nlocalhost');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal (422) under the field", async () => {
    const message = "'front.example.com' is not a host name: use letters, digits, hyphens and dots, e.g. shop.example.com.";
    const api = aboutUsApi().on('POST /api/admin/settings/hash-routing-hosts', new Failure(422, message, { hashRoutingHosts: [message] }));
    const { user } = renderAdmin('/admin/settings/about-us', { api });

    const form = await screen.findByRole('form', { name: 'Hash routing' });
    await user.type(within(form).getByRole('textbox', { name: 'Hosts that use # addresses' }), 'front.example.com');
    await user.click(within(form).getByRole('button', { name: 'Save hash routing' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(message);
    expect(within(form).getByRole('textbox', { name: 'Hosts that use # addresses' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('is not shown to staff without edit_about_us', async () => {
    renderAdmin('/admin/settings/about-us', { user: { ...OWNER, data: { ...OWNER.data, customer: { ...OWNER.data.customer, slug: 'staff', permissions: ['edit_products'] } } } });
    expect(await screen.findByText('You do not have permission to open this page')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Hash routing' })).toBeNull();
  });
});
