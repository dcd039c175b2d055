import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Paged, PaintCollection, PaintColor, PaintFamily } from '@platform/contracts';
import { Failure, FakeApi, renderScreen } from '../../test-support';
import { ColorCollectionPage, ColorFamilyPage, ColorsPage } from './colors-page';

const FAMILIES: PaintFamily[] = [
  { code: 'BLU', name: 'Blue', slug: 'blue', hex: '#2F80ED', count: 2 },
  { code: 'GRE', name: 'Green', slug: 'green', hex: '#4F9D69', count: 1 },
];
const COASTAL: PaintCollection = { slug: 'coastal-calm', name: 'Coastal Calm', description: 'Soft blues, greens and grays of the shore.', hex: '#8FB3C7', count: 3 };
const HARBOR: PaintColor = { code: 'HC-BLU-101', name: 'Harbor Mist', hex: '#9DB8C9', family: 'BLU', collection: 'coastal-calm', lrv: 47 };
const DEEP: PaintColor = { code: 'HC-BLU-140', name: 'Deep Harbor', hex: '#1F3A5F', family: 'BLU', collection: 'coastal-calm', lrv: 4 };
const SAGE: PaintColor = { code: 'HC-GRE-210', name: 'Sea Sage', hex: '#A3B18A', family: 'GRE', collection: 'coastal-calm', lrv: 41 };

/** GET paints/colors in miniature: by family, collection or name/code; one colour a page when asked for page 2 of the collection. */
function colours(query: URLSearchParams): Paged<PaintColor> {
  const search = query.get('search')?.toLowerCase();
  const rows = [HARBOR, DEEP, SAGE].filter((c) => (!query.get('family') || c.family === query.get('family'))
    && (!query.get('collection') || c.collection === query.get('collection'))
    && (!search || c.name.toLowerCase().includes(search) || c.code.toLowerCase().includes(search)));
  return { data: rows, total: rows.length, current_page: Number(query.get('page') ?? 1), last_page: 1 };
}

const paintApi = () => new FakeApi()
  .on('GET /api/paints/families', { data: FAMILIES })
  .on('GET /api/paints/collections', { data: [COASTAL] })
  .on('GET /api/paints/colors', (request) => colours(request.query));

const swatches = () => within(screen.getByTestId('paint-colors')).getAllByRole('button').map((b) => b.getAttribute('aria-label'));

describe('paint colours (/colors)', () => {
  it('shows the colour families and collections; typing a name shows the matching colours', async () => {
    const { user, api } = renderScreen(<ColorsPage />, '/colors', { route: '/colors', api: paintApi() });
    const families = await screen.findByRole('list', { name: 'Colour families' });
    expect(within(families).getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([['Blue', '/colors/family/blue'], ['Green', '/colors/family/green']]);
    expect((await screen.findByRole('link', { name: /Coastal Calm/ })).getAttribute('href')).toBe('/colors/collection/coastal-calm');
    expect(screen.getByText('Soft blues, greens and grays of the shore. (3 colours)')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Find a colour by name or code' }), 'harbor');
    expect(await screen.findByText('2 colours')).toBeTruthy();
    expect(swatches()).toEqual(['Harbor Mist, HC-BLU-101', 'Deep Harbor, HC-BLU-140']);
    expect(api.sent('GET /api/paints/colors').map((r) => r.query.get('search')).pop()).toBe('harbor');
    // While a search is shown the collections make way for it.
    expect(screen.queryByRole('heading', { name: 'Collections' })).toBeNull();
  });

  it('a search that matches nothing says so', async () => {
    const { user } = renderScreen(<ColorsPage />, '/colors', { route: '/colors', api: paintApi() });
    await user.type(await screen.findByRole('searchbox', { name: 'Find a colour by name or code' }), 'zz');
    expect(await screen.findByText('No colours match “zz”.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all colour families' }).getAttribute('href')).toBe('/colors');
  });
});

describe('a colour family (/colors/family/{color})', () => {
  it("lists the family's colours; a swatch opens its card by keyboard, and Escape closes it back to the swatch", async () => {
    const { user, api } = renderScreen(<ColorFamilyPage />, '/colors/family/blue', { route: '/colors/family/:color', api: paintApi() });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Blue Paint Colors');
    expect(await screen.findByText('2 colours')).toBeTruthy();
    expect(api.sent('GET /api/paints/colors')[0].query.get('family')).toBe('BLU');
    expect(within(await screen.findByRole('list', { name: 'Colour families' })).getByRole('link', { name: 'Blue' }).getAttribute('aria-current')).toBe('page');

    const swatch = screen.getByRole('button', { name: 'Harbor Mist, HC-BLU-101' });
    swatch.focus();
    await user.keyboard('{Enter}');
    const card = await screen.findByTestId('paint-color-detail');
    expect(within(card).getByRole('heading', { name: 'Harbor Mist' })).toBeTruthy();
    const facts = within(card).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([['Code', 'HC-BLU-101'], ['Colour', '#9DB8C9'], ['Light reflectance (LRV)', '47'], ['Family', 'Blue'], ['Collection', 'Coastal Calm']]);
    expect(within(card).getByRole('link', { name: 'Coastal Calm' }).getAttribute('href')).toBe('/colors/collection/coastal-calm');
    expect(within(card).getByRole('link', { name: 'shop paint' }).getAttribute('href')).toBe('/paint-products');
    expect(card.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(screen.getByTestId('paint-color-detail')).queryByRole('heading')).toBeNull());
    expect(document.activeElement).toBe(swatch);
  });

  it('a family that does not exist says so, with the way to all families', async () => {
    renderScreen(<ColorFamilyPage />, '/colors/family/teal', { route: '/colors/family/:color', api: paintApi() });
    expect(screen.getByText('This colour family was not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all colour families' }).getAttribute('href')).toBe('/colors');
  });

  it('a failed load of the colours says so, and Try again loads them', async () => {
    let calls = 0;
    const api = paintApi().on('GET /api/paints/colors', (request) => (++calls === 1 ? new Failure(503, 'Unavailable') : colours(request.query)));
    const { user } = renderScreen(<ColorFamilyPage />, '/colors/family/green', { route: '/colors/family/:color', api });
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the colours.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 colour')).toBeTruthy();
    expect(swatches()).toEqual(['Sea Sage, HC-GRE-210']);
  });
});

describe('a colour collection (/colors/collection/{color})', () => {
  it("shows the collection's description and colours", async () => {
    const { api } = renderScreen(<ColorCollectionPage />, '/colors/collection/coastal-calm', { route: '/colors/collection/:color', api: paintApi() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Coastal Calm' })).toBeTruthy();
    expect(screen.getByText('Soft blues, greens and grays of the shore.')).toBeTruthy();
    expect(await screen.findByText('3 colours')).toBeTruthy();
    expect(api.sent('GET /api/paints/colors')[0].query.get('collection')).toBe('coastal-calm');
  });

  it('a collection that does not exist says so', async () => {
    renderScreen(<ColorCollectionPage />, '/colors/collection/nope', { route: '/colors/collection/:color', api: paintApi() });
    expect(await screen.findByText('This colour collection was not found.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Paint Colors');
  });
});
