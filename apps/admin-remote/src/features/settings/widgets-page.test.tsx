import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminWidget, TestimonialsSection } from '@platform/contracts';
import { TESTIMONIAL_AUTHOR_NEEDED } from '@platform/domain';
import { Failure, FakeApi, renderAdmin, type SentRequest } from '../../test-support';
import { REMOVE_TESTIMONIAL_QUESTION, TESTIMONIAL_SAVE_DELAY_MS } from './testimonials-editor';

const WELCOME: AdminWidget = { id: 2, name: 'Welcome', type: '1', area: 1, hidden: false, associatedLocations: [] };
const SAID: AdminWidget = { id: 4, name: 'Testimonials', type: '5', area: 2, hidden: false, associatedLocations: [] };
const ANN = { id: 1, message: 'Great help', author: 'Ann Lee', role: 'Contractor', rating: 5 };
const BO = { id: 3, message: 'Fast and friendly', author: 'Bo Park', role: '', rating: 4 };
const saved = (r: SentRequest) => ({ status: 'success', message: 'Saved!', data: r.body as TestimonialsSection });
const saves = (api: FakeApi) => api.sent('POST /api/admin/widget/testimonials').map((r) => r.body as TestimonialsSection);

function sections(cards = [ANN, BO]) {
  return new FakeApi()
    .on('GET /api/widget/get', { data: [WELCOME, SAID] })
    .on('GET /api/admin/widget/testimonials/4', { data: { id: 4, title: '', testimonials: cards } })
    .on('POST /api/admin/widget/testimonials', saved);
}

afterEach(() => { vi.useRealTimers(); });

describe('Settings › Home Page Sections: the testimonial card editor (spec 3)', () => {
  it('opens at the card a storefront edit icon links to, and saves a burst of typing once, 500 ms after the last change', async () => {
    const api = sections();
    renderAdmin('/admin/settings/widgets?section=4&card=3', { api });
    const card = await screen.findByRole('group', { name: 'Testimonial 2: Bo Park' });
    const message = within(card).getByRole('textbox', { name: 'What the customer said' });
    await waitFor(() => expect(document.activeElement).toBe(message));

    // Three changes in a row, 400 ms apart, on the page's clock (user-event's own waits would stop on a paused clock).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    ['Fast and friendly,', 'Fast and friendly, every', 'Fast and friendly, every time!'].forEach((typed, i) => {
      if (i) act(() => { vi.advanceTimersByTime(TESTIMONIAL_SAVE_DELAY_MS - 100); });
      fireEvent.change(message, { target: { value: typed } });
    });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Changes not saved yet…');
    act(() => { vi.advanceTimersByTime(TESTIMONIAL_SAVE_DELAY_MS - 1); });
    expect(status.textContent).toBe('Changes not saved yet…');
    act(() => { vi.advanceTimersByTime(1); });
    expect(status.textContent).toBe('Saving…');
    vi.useRealTimers();

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved!'));
    expect(saves(api)).toEqual([{ id: 4, title: '', testimonials: [ANN, { ...BO, message: 'Fast and friendly, every time!' }] }]);
  });

  it('moves and removes cards and says what is wrong: a rule of its own before sending, the server’s refusal after', async () => {
    const api = sections();
    const { user } = renderAdmin('/admin/settings/widgets', { api });
    await user.click(await screen.findByRole('button', { name: 'Edit cards of Testimonials' }));
    await user.click(await screen.findByRole('button', { name: 'Move testimonial 2 up' }));
    await waitFor(() => expect(saves(api)).toHaveLength(1));
    expect(saves(api)[0].testimonials.map((t) => t.author)).toEqual(['Bo Park', 'Ann Lee']);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved!'));

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Remove testimonial 1' }));
    expect(confirm).toHaveBeenCalledWith(REMOVE_TESTIMONIAL_QUESTION);
    await waitFor(() => expect(saves(api)).toHaveLength(2));
    expect(saves(api)[1].testimonials.map((t) => t.author)).toEqual(['Ann Lee']);

    // A card without a name is not sent; the field and the status line say why.
    const name = within(screen.getByRole('group', { name: 'Testimonial 1: Ann Lee' })).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`Not saved: ${TESTIMONIAL_AUTHOR_NEEDED}`));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(TESTIMONIAL_AUTHOR_NEEDED, { selector: '.problem' })).toBeTruthy();
    expect(saves(api)).toHaveLength(2);

    // The server's refusal names its field too.
    const refusal = 'Keep it to 80 characters or fewer.';
    api.on('POST /api/admin/widget/testimonials', new Failure(422, refusal, { 'testimonials.0.role': [refusal] }));
    await user.type(name, 'Ann');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`Not saved: ${refusal}`));
    expect(within(screen.getByRole('group', { name: 'Testimonial 1: Ann' })).getByRole('textbox', { name: 'Role (optional)' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('adds a testimonials section where asked and opens its editor for the first card', async () => {
    let list = [WELCOME];
    const api = new FakeApi()
      .on('GET /api/widget/get', () => ({ data: list }))
      .on('POST /api/admin/widget/create', () => {
        list = [WELCOME, { ...SAID, id: 5 }];
        return { status: 'success', message: 'The testimonials section is added. Write its first card.', id: 5, data: list };
      })
      .on('GET /api/admin/widget/testimonials/5', { data: { id: 5, title: '', testimonials: [] } })
      .on('POST /api/admin/widget/testimonials', saved);
    const { user } = renderAdmin('/admin/settings/widgets', { api });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Where' }), 'Further down the home page');
    await user.click(screen.getByRole('button', { name: 'Add testimonials' }));
    expect(api.sent('POST /api/admin/widget/create')[0].body).toEqual({ type: '5', area: 2 });

    await user.click(await screen.findByRole('button', { name: 'Add a testimonial' }));
    const card = screen.getByRole('group', { name: 'Testimonial 1' });
    const message = within(card).getByRole('textbox', { name: 'What the customer said' });
    await waitFor(() => expect(document.activeElement).toBe(message));
    await user.type(message, 'Best hardware store in town.');
    await user.type(within(card).getByRole('textbox', { name: 'Name' }), 'Cy');
    await user.selectOptions(within(card).getByRole('combobox', { name: 'Rating' }), '4 stars');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved!'));
    expect(saves(api).at(-1)).toEqual({ id: 5, title: '', testimonials: [{ id: 1, message: 'Best hardware store in town.', author: 'Cy', role: '', rating: 4 }] });
  });
});
