import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { InStorePingItems } from '@platform/contracts';
import { FakeApi as ApiStandIn } from '@platform/api-client/testing';
import { Failure, later, renderAdmin, type Answers } from '../../test-support';

/** The Stats screen's route (services/catalogue/src/in-store-ping/routes.ts) beside the admin's others. */
interface StatsAnswers extends Answers { 'GET /api/admin/stats/inStorePingItems': InStorePingItems }
class FakeApi extends ApiStandIn<StatsAnswers> {}

const PINGS: InStorePingItems = {
  status: 'success', store_id: 1, from_date: '2026-10-28', to_date: '2026-11-26', total_pings: 4,
  data: [
    { product_id: 12, store_product_id: 1012, sku: 'DCD771C2', title: 'DeWalt 20V MAX Cordless Drill', slug: 'dewalt-drill', image_url: null, pings: 3, waiting: 2, num_inventory: 0 },
    { product_id: 14, store_product_id: null, sku: '1004', title: 'Tape Measure', slug: null, image_url: null, pings: 1, waiting: 0, num_inventory: null },
  ],
};

describe('Stats › In-store pings', () => {
  it('is in the admin menu and lists the most pinged items first, with who still waits and the stock now', async () => {
    const answer = later<InStorePingItems>();
    const api = new FakeApi().on('GET /api/admin/stats/inStorePingItems', () => answer.promise);
    renderAdmin('/admin/stats', { api });

    expect(await screen.findByText('Loading the pings…')).toBeTruthy();
    answer.resolve(PINGS);
    const table = await screen.findByRole('table', { name: 'In-store pings' });
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Stats' }).getAttribute('href')).toBe('/admin/stats');
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['DeWalt 20V MAX Cordless DrillSKU DCD771C2320', 'Tape MeasureSKU 100410Not sold here']);
    expect(screen.getByText(/: 4 pings\./)).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-10-28');
  });

  it('asks for the days chosen, says when there are none, and shows a refusal', async () => {
    const api = new FakeApi().on('GET /api/admin/stats/inStorePingItems', (request) => (request.query.get('from_date') === '2026-11-20'
      ? { ...PINGS, from_date: '2026-11-20', total_pings: 0, data: [] }
      : PINGS));
    const { user } = renderAdmin('/admin/stats', { api });
    await screen.findByRole('table', { name: 'In-store pings' });
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No pings on these days')).toBeTruthy();
    expect(api.sent('GET /api/admin/stats/inStorePingItems').at(-1)!.query.get('from_date')).toBe('2026-11-20');

    api.on('GET /api/admin/stats/inStorePingItems', new Failure(403, 'You can see the figures of your own store location only.'));
    renderAdmin('/admin/stats?store_id=2', { api });
    expect(await screen.findByText('You can see the figures of your own store location only.')).toBeTruthy();
  });
});
