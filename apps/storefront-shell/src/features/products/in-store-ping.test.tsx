import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ProductDetail, SessionUser } from '@platform/api-client';
import type { InStorePingAnswer } from '@platform/contracts';
import { FakeApi, Failure, later, productItem, renderScreen } from '../../test-support';
import { InStorePingOffer } from './in-store-ping';

const SHOPPER: SessionUser = {
  is_admin: false, access_token: 'token-1', loginKeep: true,
  data: { customer: { slug: 'pat-1', first_name: 'Pat', last_name: 'Lee', receive_marketing: false, permissions: [] }, is_developer: false },
};
const ADMIN: SessionUser = { ...SHOPPER, is_admin: true };
const ASKED = "We asked Riverside to check for this item. We'll let you know once when it's in stock there.";

function drill(numInventory: number): ProductDetail {
  return {
    ...productItem({ id: 12, title: 'DeWalt 20V MAX Cordless Drill', price: '134.00', num_inventory: numInventory, location: 2 }),
    description: '', department_path: [], locations_inventory: [{ location_id: 2, num_inventory: numInventory }],
  };
}
const answer = (pinged: boolean, message = ASKED): InStorePingAnswer => ({ status: 'success', message, data: { pinged, pinged_at: pinged ? '2026-11-26T10:00:00.000Z' : null } });
const notAsked = () => new FakeApi().on('GET /api/get-in-store-ping-status', { status: 'success', data: { pinged: false, pinged_at: null } });
const open = (api: FakeApi, options: { user?: SessionUser; inventory?: number } = {}) =>
  renderScreen(<InStorePingOffer product={drill(options.inventory ?? 0)} />, '/p/drill', { route: '/p/:slug', api, storeId: 2, user: options.user });

describe("'Ask the store to check' on the product page", () => {
  it('asks a guest for a name and a phone or e-mail, checks them before sending, and confirms', async () => {
    const api = notAsked().on('POST /api/in-store-ping-non-customer-info', answer(true));
    const { user } = open(api);

    await user.click(await screen.findByRole('button', { name: 'Ask the store to check' }));
    await user.click(screen.getByRole('button', { name: 'Send to the store' }));
    expect(screen.getByText('Please enter your name so the store knows who is asking.')).toBeTruthy();
    expect(screen.getByText('Please enter a phone number or an e-mail so the store can reach you.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Your name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST /api/in-store-ping-non-customer-info')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Pat Lee');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '5035550142');
    expect((screen.getByRole('textbox', { name: /Phone/ }) as HTMLInputElement).value).toBe('(503) 555-0142');
    await user.click(screen.getByRole('button', { name: 'Send to the store' }));

    expect((await screen.findByText(ASKED)).getAttribute('role')).toBe('status');
    expect(screen.getByRole('button', { name: 'Store asked — Cancel' })).toBeTruthy();
    expect(api.sent('POST /api/in-store-ping-non-customer-info').map((r) => r.body)).toEqual([{ product_id: 12, name: 'Pat Lee', phone: '(503) 555-0142' }]);
    expect(api.sent('GET /api/get-in-store-ping-status')[0].headers.get('Store-Id')).toBe('2');
  });

  it("shows the server's field errors and refusals", async () => {
    const api = notAsked().on('POST /api/in-store-ping-non-customer-info', new Failure(422, 'Please enter a valid email address.', { email: ['Please enter a valid email address.'] }));
    const { user } = open(api);
    await user.click(await screen.findByRole('button', { name: 'Ask the store to check' }));
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Pat');
    await user.type(screen.getByRole('textbox', { name: /e-mail/ }), 'pat@example.com');
    await user.click(screen.getByRole('button', { name: 'Send to the store' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();

    api.on('POST /api/in-store-ping-non-customer-info', new Failure(409, 'This item is in stock at this store: you can order it now.'));
    await user.click(screen.getByRole('button', { name: 'Send to the store' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This item is in stock at this store: you can order it now.');
  });

  it('asks in one click when signed in, and cancels', async () => {
    const api = notAsked().on('POST /api/save-in-store-ping', answer(true)).on('POST /api/cancel-in-store-ping', answer(false, 'Your request was cancelled.'));
    const { user } = open(api, { user: SHOPPER });

    await user.click(await screen.findByRole('button', { name: 'Ask the store to check' }));
    expect(await screen.findByText(ASKED)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(api.sent('POST /api/save-in-store-ping').map((r) => r.body)).toEqual([{ product_id: 12 }]);
    expect(api.sent('GET /api/get-in-store-ping-status')[0].query.get('customer_id')).toBe('pat-1');

    await user.click(screen.getByRole('button', { name: 'Store asked — Cancel' }));
    expect(await screen.findByText('Your request was cancelled.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ask the store to check' })).toBeTruthy();
    expect(api.sent('POST /api/cancel-in-store-ping').map((r) => r.body)).toEqual([{ product_id: 12 }]);
  });

  it('reads an earlier ask from the server while loading, then offers to cancel it', async () => {
    const status = later<{ status: 'success'; data: { pinged: boolean; pinged_at: string | null } }>();
    open(new FakeApi().on('GET /api/get-in-store-ping-status', () => status.promise));
    expect(await screen.findByText('Checking…')).toBeTruthy();
    status.resolve({ status: 'success', data: { pinged: true, pinged_at: '2026-11-25T09:00:00.000Z' } });
    expect(await screen.findByRole('button', { name: 'Store asked — Cancel' })).toBeTruthy();
  });

  it('is not offered where the item is in stock, nor to store staff', async () => {
    const api = notAsked();
    open(api, { inventory: 7 });
    await Promise.resolve();
    expect(screen.queryByRole('button', { name: 'Ask the store to check' })).toBeNull();
    open(api, { user: ADMIN });
    expect(screen.queryByRole('button', { name: 'Ask the store to check' })).toBeNull();
    expect(api.sent('GET /api/get-in-store-ping-status')).toEqual([]);
  });
});
