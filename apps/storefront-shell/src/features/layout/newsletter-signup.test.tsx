import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { FakeApi, Failure, later, renderScreen } from '../../test-support';
import { NewsletterSignUp } from './newsletter-signup';

const open = (api: FakeApi) => {
  const view = renderScreen(<NewsletterSignUp storeName="Demo Hardware" />, '/brands', { route: '/brands', api });
  return { ...view, form: screen.getByRole('region', { name: 'Sign up for our newsletter' }) };
};

describe('footer newsletter sign-up', () => {
  it('checks the address and the consent first, naming each problem, and sends nothing', async () => {
    const api = new FakeApi();
    const { user, form } = open(api);
    await user.type(within(form).getByLabelText('Newsletter email address'), 'pat@');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect(within(form).getAllByRole('alert').map((a) => a.textContent)).toEqual(['Please enter a valid email address.', 'Please tick the box to agree to receive our e-mails.']);
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Newsletter email address')), { timeout: 5000 });
    expect(api.sent('POST /api/newsletter/subscribe')).toHaveLength(0);
  });

  it('sends the address, the consent and the page; shows the confirmation in place of the form', async () => {
    const answer = later<{ status: string; message: string }>();
    const api = new FakeApi().on('POST /api/newsletter/subscribe', () => answer.promise);
    const { user, form } = open(api);
    await user.type(within(form).getByLabelText('Newsletter email address'), ' pat@example.com ');
    await user.click(within(form).getByRole('checkbox', { name: 'I agree to receive offers and news from Demo Hardware by email. I can unsubscribe at any time.' }));
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect((within(form).getByRole('button', { name: 'Subscribing…' }) as HTMLButtonElement).disabled).toBe(true);
    answer.resolve({ status: 'success', message: 'Thanks for signing up! We sent a confirmation to pat@example.com.' });
    expect((await within(form).findByRole('status', undefined, { timeout: 5000 })).textContent).toBe('Thanks for signing up! We sent a confirmation to pat@example.com.');
    expect(within(form).queryByRole('textbox')).toBeNull();
    expect(api.sent('POST /api/newsletter/subscribe')[0].body).toEqual({ email: 'pat@example.com', consent: true, page: '/brands' });
  });

  it("shows the server's refusal: a field's beside it, too many tries as a message", async () => {
    let reply: Failure = new Failure(422, 'Please enter a valid email address.', { email: ['Please enter a valid email address.'] });
    const api = new FakeApi().on('POST /api/newsletter/subscribe', () => reply);
    const { user, form } = open(api);
    await user.type(within(form).getByLabelText('Newsletter email address'), 'pat@example.com');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect((await within(form).findByRole('alert', undefined, { timeout: 5000 })).textContent).toBe('Please enter a valid email address.');
    expect(within(form).getByLabelText('Newsletter email address').getAttribute('aria-invalid')).toBe('true');
    reply = new Failure(429, 'Too many attempts. Please try again in 15 minutes.');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Too many attempts. Please try again in 15 minutes.'), { timeout: 5000 });
  });
});
