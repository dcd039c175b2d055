import { useEffect, useState, type FormEvent } from 'react';
import { notify } from '@platform/api-client';
import { useCheckedSave } from './checked-save';

/** What a settings query hook (RTK Query) answers that the form needs. */
export interface SettingsLoad<Data> { data?: Data; isLoading: boolean; isError: boolean; error?: unknown; refetch: () => unknown }
/** A save mutation hook's answer (RTK Query): the trigger, whose result is the server's message and what it kept, and its state. */
export type SettingsSave<Body, Saved> = readonly [(body: Body) => { unwrap: () => Promise<{ message: string; data: Saved }> }, { isLoading: boolean }];

interface Options<Data, Form, Body> {
  /** The form's starting values from what was loaded. */
  from: (data: Data) => Form;
  /** What Save sends and the shared rules' problems with it ({} for none); `data` is what was loaded. */
  check: (form: Form, data: Data) => { body: Body; problems: Record<string, string> };
  /** The message when a save fails without one of the server's own. */
  fallback: string;
  /** Runs after a save (a setup wizard moves on). */
  onSaved?: () => void;
}
/** The form from the save's answer: `from` itself when the server answers what was loaded, else its own. */
type FromSaved<Data, Form, Saved> = [Saved] extends [Data] ? { fromSaved?: (saved: Saved) => Form } : { fromSaved: (saved: Saved) => Form };

/**
 * A settings screen's load and save: the form starts from what `load` answers (once: a later refetch does not
 * overwrite what is being typed), Save checks it with the shared rules and sends it (useCheckedSave), and the
 * server's answer becomes the form, its message `saved` (shown by SaveBar until the next change) and a toast.
 */
export function useSettingsForm<Data, Form, Body, Saved = Data>(
  load: SettingsLoad<Data>,
  [save, { isLoading: saving }]: SettingsSave<Body, Saved>,
  options: Options<Data, Form, Body> & FromSaved<Data, Form, Saved>,
) {
  const { data, isLoading, isError, error, refetch } = load;
  const { from, check, fallback, onSaved } = options;
  const fromSaved = (options.fromSaved ?? from) as (saved: Saved) => Form;
  const [form, setForm] = useState<Form | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { checkAndSave, failure, problem, described } = useCheckedSave();
  useEffect(() => { if (data !== undefined && form === null) setForm(from(data)); }, [data, form, from]);

  /** Any change by the user: the last save's message no longer speaks for the form. */
  const edit = (next: (form: Form) => Form) => { setSaved(null); setForm((f) => (f === null ? f : next(f))); };
  const change = (patch: Partial<Form>) => edit((f) => ({ ...f, ...patch }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form === null || data === undefined) return;
    const { body, problems } = check(form, data);
    const answer = await checkAndSave(event.currentTarget, problems, () => save(body).unwrap(), fallback);
    if (!answer) return;
    setForm(fromSaved(answer.data));
    setSaved(answer.message);
    notify('success', answer.message);
    onSaved?.();
  };

  return {
    data, isLoading, isError, error, refetch, form, edit, change, saving, saved, setSaved, failure, problem, described,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  };
}
