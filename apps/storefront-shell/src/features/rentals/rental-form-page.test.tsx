import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RentalItem, SessionUser } from '@platform/api-client';
import { INVALID_EMAIL, INVALID_PHONE, RENTAL_REQUEST_SENT } from '@platform/domain';
import { Failure, FakeApi, later, renderScreen } from '../../test-support';
import { RentalFormPage } from './rental-form-page';

const TILLER: RentalItem = {
  id: 5, name: 'Rear-tine Tiller', description: '', image: null, category_id: 1, sub_category_id: null,
  rates: { four_hours: null, day: '55.00', week: '220.00' }, deposit: '100.00', featured: true,
};
const SHOPPER: SessionUser = {
  is_admin: false, access_token: 'customer-token', loginKeep: true,
  data: { customer: { slug: 'jane-doe', first_name: 'Jane', last_name: 'Doe', receive_marketing: false, permissions: [] }, is_developer: false },
};

const rentalsApi = () => new FakeApi().on('GET /api/rentals', { data: { categories: [], products: [TILLER] } });
const open = (path: string, api = rentalsApi(), user?: SessionUser) => renderScreen(<RentalFormPage />, path, { route: '/rentals/rental-form', api, user });
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('rental request form (/rentals/rental-form)', () => {
  it("from a rental's card: the rental chosen, the signed-in name filled in, a price estimate for the dates, then the store's thanks", async () => {
    const sent = later<{ status: string; message: string }>();
    const api = rentalsApi().on('POST /api/rental-form-submit', () => sent.promise);
    const { user } = open('/rentals/rental-form?rental=5', api, SHOPPER);
    const equipment = await screen.findByRole('combobox', { name: 'Equipment' }) as HTMLSelectElement;
    await within(equipment).findByRole('option', { name: 'Rear-tine Tiller ($55.00 a day)' });
    expect(equipment.value).toBe('5');
    expect([field('First name').value, field('Last name').value]).toEqual(['Jane', 'Doe']);
    // The store selected in the header is the store asked.
    expect((screen.getByRole('combobox', { name: 'Store' }) as HTMLSelectElement).value).toBe('1');

    await user.type(field('E-mail'), 'jane@example.com');
    await user.type(field('Phone'), '5035550142');
    await user.type(field('Start date'), '2099-06-01');
    await user.type(field('Return date'), '2099-06-03');
    expect(screen.getByTestId('rental-estimate').textContent).toBe('Estimated $165.00 for 3 days, plus a $100.00 deposit. The store confirms the price.');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(api.sent('POST /api/rental-form-submit')[0].body).toEqual({
      first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', phone: '5035550142', location_id: 1,
      rental_id: 5, item: '', start_date: '2099-06-01', end_date: '2099-06-03', message: '',
    });
    expect((screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement).disabled).toBe(true);
    sent.resolve({ status: 'success', message: RENTAL_REQUEST_SENT });
    const thanks = await screen.findByRole('status');
    expect(thanks.textContent).toContain(RENTAL_REQUEST_SENT);
    expect(within(thanks).getByRole('link', { name: 'Back to rentals' }).getAttribute('href')).toBe('/rentals');
  });

  it('an empty form says what each field needs, puts the cursor on the first one, and sends nothing', async () => {
    const { user, api } = open('/rentals/rental-form');
    // Without a rental chosen the shopper says what they want.
    const equipment = await screen.findByRole('combobox', { name: 'Equipment' }) as HTMLSelectElement;
    await within(equipment).findByRole('option', { name: 'Rear-tine Tiller ($55.00 a day)' });
    expect(equipment.value).toBe('other');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    const errors = ['First name', 'Last name', 'E-mail', 'Phone', 'What would you like to rent?', 'Start date', 'Return date']
      .map((name) => [name, document.getElementById(field(name).getAttribute('aria-describedby') ?? '')?.textContent]);
    expect(errors).toEqual([
      ['First name', 'Please enter your first name.'], ['Last name', 'Please enter your last name.'], ['E-mail', INVALID_EMAIL], ['Phone', INVALID_PHONE],
      ['What would you like to rent?', 'Please tell us what you would like to rent.'], ['Start date', 'Please choose a start date from today on.'], ['Return date', 'Please choose a return date.'],
    ]);
    expect(document.activeElement).toBe(field('First name'));
    expect(api.sent('POST /api/rental-form-submit')).toEqual([]);
  });

  it('by keyboard: Tab goes through the fields in order and Enter sends the request', async () => {
    const api = rentalsApi().on('POST /api/rental-form-submit', { status: 'success', message: RENTAL_REQUEST_SENT });
    const { user } = open('/rentals/rental-form', api);
    await screen.findByRole('option', { name: 'Rear-tine Tiller ($55.00 a day)' });
    field('First name').focus();
    // Each field in the order the form shows them, then what to type into it (null: passed over).
    const steps: [HTMLElement, string | null][] = [
      [field('First name'), 'Sam'], [field('Last name'), 'Lee'], [field('E-mail'), 'sam@example.com'], [field('Phone'), '5035550199'],
      [screen.getByRole('combobox', { name: 'Store' }), null], [screen.getByRole('combobox', { name: 'Equipment' }), null],
      [field('What would you like to rent?'), 'Tile saw'], [field('Start date'), '2099-07-04'], [field('Return date'), '2099-07-04'],
    ];
    for (const [index, [element, text]] of steps.entries()) {
      if (index) await user.tab();
      expect(document.activeElement).toBe(element);
      if (text) await user.keyboard(text);
    }
    await user.keyboard('{Enter}');

    expect(await screen.findByText(RENTAL_REQUEST_SENT)).toBeTruthy();
    expect(api.sent('POST /api/rental-form-submit')[0].body).toMatchObject({
      first_name: 'Sam', last_name: 'Lee', email: 'sam@example.com', phone: '5035550199', location_id: 1, rental_id: null, item: 'Tile saw', start_date: '2099-07-04', end_date: '2099-07-04',
    });
  });

  it("the server's refusal is shown with the form kept as typed", async () => {
    const gone = 'This rental is no longer offered. Please choose another.';
    const api = rentalsApi().on('POST /api/rental-form-submit', new Failure(422, gone, { item: [gone] }));
    const { user } = open('/rentals/rental-form?rental=5', api, SHOPPER);
    await screen.findByRole('option', { name: 'Rear-tine Tiller ($55.00 a day)' });
    await user.type(field('E-mail'), 'jane@example.com');
    await user.type(field('Phone'), '5035550142');
    await user.type(field('Start date'), '2099-06-01');
    await user.type(field('Return date'), '2099-06-02');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain(gone);
    expect(field('E-mail').value).toBe('jane@example.com');
    expect(screen.getByRole('button', { name: 'Send Request' })).toBeTruthy();
  });
});
