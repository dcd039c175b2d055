import { useState, type ReactNode } from 'react';
import { errorMessage, fieldErrors } from '@platform/api-client';
import { Button, ErrorNotice, focusFirstInvalid, Loading } from '@platform/ui';

/**
 * A settings form's save: the shared rules' problems are named under each field first (focus on the first),
 * and what the server refuses is named the same way; any other failure is one message. `problem` and
 * `described` tie a field to its message.
 */
export function useCheckedSave() {
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  async function checkAndSave<T>(form: HTMLFormElement, found: Record<string, string>, save: () => Promise<T>, fallback: string): Promise<T | null> {
    setFailure(null);
    setProblems(found);
    if (Object.keys(found).length) { focusFirstInvalid(form); return null; }
    try {
      return await save();
    } catch (error) {
      const refused = fieldErrors(error);
      setProblems(refused);
      focusFirstInvalid(form);
      if (!Object.keys(refused).length) setFailure(errorMessage(error, fallback));
      return null;
    }
  }
  const problem = (key: string) => (problems[key] ? <p className="problem" id={`${key}-problem`} role="alert">{problems[key]}</p> : null);
  const described = (key: string) => (problems[key] ? { 'aria-invalid': true, 'aria-describedby': `${key}-problem` } : {});
  return { checkAndSave, failure, problem, described };
}

/**
 * A settings form's foot: the failure that names no field, Save (busy while saving), the last save's message
 * (`saved`, until the next change) and the screen's own actions.
 */
export function SaveBar({ failure, saving, label, saved, actions }: { failure: string | null; saving: boolean; label: string; saved?: string | null; actions?: ReactNode }) {
  return (
    <>
      {failure ? <ErrorNotice>{failure}</ErrorNotice> : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
        <Button type="submit" disabled={saving}>{saving ? 'Saving…' : label}</Button>
        {saved ? <span role="status">{saved}</span> : null}
        {actions}
      </div>
    </>
  );
}

/** A settings form's load while it is not there: the spinner, or the failure with Try again; nothing once loaded. */
export function LoadState({ load, loading, failed }: { load: { isLoading: boolean; isError: boolean; refetch: () => unknown }; loading: string; failed: string }) {
  if (load.isLoading) return <Loading label={loading} />;
  if (load.isError) return <ErrorNotice action={<Button onClick={() => void load.refetch()}>Try again</Button>}>{failed}</ErrorNotice>;
  return null;
}
