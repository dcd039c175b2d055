import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSettingsForm, type SettingsLoad } from './use-settings-form';

afterEach(cleanup);

interface Greeting { text: string }
/** What the server does with a save: answer with what it kept, or refuse as the services do (a 4xx body). */
type Server = (body: Greeting) => Promise<{ message: string; data: Greeting }>;

/** The smallest settings screen: one box, its rule (not empty), the hook's Save and what it says. */
function GreetingForm({ load, server, onSaved }: { load: SettingsLoad<Greeting>; server: Server; onSaved?: () => void }) {
  const greeting = useSettingsForm(load, [(body: Greeting) => ({ unwrap: () => server(body) }), { isLoading: false }] as const, {
    from: (data: Greeting) => ({ text: data.text }),
    check: (form) => {
      const problems: Record<string, string> = form.text.trim() ? {} : { text: 'Write a greeting.' };
      return { body: { text: form.text.trim() }, problems };
    },
    fallback: 'The greeting could not be saved.',
    onSaved,
  });
  const { form, change, problem, described } = greeting;
  if (!form) return <p>Loading…</p>;
  return (
    <form aria-label="Greeting" noValidate onSubmit={greeting.onSubmit}>
      <label>Greeting<input name="text" value={form.text} {...described('text')} onChange={(e) => change({ text: e.target.value })} /></label>
      {problem('text')}
      {greeting.failure ? <p role="alert">{greeting.failure}</p> : null}
      {greeting.saved ? <span role="status">{greeting.saved}</span> : null}
      <button type="submit">Save</button>
    </form>
  );
}

const loaded = (text: string): SettingsLoad<Greeting> => ({ data: { text }, isLoading: false, isError: false, refetch: () => undefined });
const refusal = (data: unknown) => Promise.reject(Object.assign(new Error('refused'), { status: 422, data }));

describe('useSettingsForm: the load and save of a settings screen', () => {
  it('starts from what was loaded, keeps what is typed when the load answers again, and sends the checked body', async () => {
    const sent: Greeting[] = [];
    let saves = 0;
    const server: Server = async (body) => { sent.push(body); return { message: 'Greeting saved.', data: { text: body.text.toUpperCase() } }; };
    const user = userEvent.setup();
    const view = render(<GreetingForm load={loaded('Hello')} server={server} onSaved={() => { saves += 1; }} />);
    const box = screen.getByRole('textbox', { name: 'Greeting' }) as HTMLInputElement;
    expect(box.value).toBe('Hello');

    await user.clear(box);
    await user.type(box, ' Welcome ');
    view.rerender(<GreetingForm load={loaded('Hello again')} server={server} onSaved={() => { saves += 1; }} />);
    expect(box.value).toBe(' Welcome ');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Greeting saved.');
    expect(sent).toEqual([{ text: 'Welcome' }]);
    // The form is what the server kept; the saved message lasts until the next change.
    expect(box.value).toBe('WELCOME');
    expect(saves).toBe(1);
    await user.type(box, '!');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("names a rule's problem under its field without sending; then the server's field refusal, then its message or the fallback", async () => {
    const answers = [
      () => refusal({ message: 'Invalid', errors: { text: ['That greeting is taken.'] } }),
      () => refusal({ message: 'The store is closed for changes.' }),
      () => Promise.reject(new Error('offline')),
    ];
    const sent: Greeting[] = [];
    const server: Server = (body) => { sent.push(body); return answers[sent.length - 1](); };
    const user = userEvent.setup();
    render(<GreetingForm load={loaded('')} server={server} />);
    const box = screen.getByRole('textbox', { name: 'Greeting' });
    const save = screen.getByRole('button', { name: 'Save' });

    await user.click(save);
    expect((await screen.findByText('Write a greeting.')).id).toBe('text-problem');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    // focusFirstInvalid moves the focus on the next animation frame.
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(sent).toEqual([]);

    await user.type(box, 'Hi');
    await user.click(save);
    expect((await screen.findByText('That greeting is taken.')).id).toBe('text-problem');
    expect(screen.queryByText('Write a greeting.')).toBeNull();

    await user.click(save);
    expect((await screen.findByText('The store is closed for changes.')).getAttribute('role')).toBe('alert');
    expect(box.getAttribute('aria-invalid')).toBeNull();

    await user.click(save);
    expect((await screen.findByText('The greeting could not be saved.')).getAttribute('role')).toBe('alert');
    expect(screen.queryByText('The store is closed for changes.')).toBeNull();
    expect(sent).toHaveLength(3);
    expect((box as HTMLInputElement).value).toBe('Hi');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
