import { useState } from 'react';
import { errorMessage, notify } from '@platform/api-client';
import { ErrorNotice } from '@platform/ui';

/** A settings form's outcome: the answer's message (also as a toast) or the error, shown in the form. */
export function useSaveFeedback() {
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const run = async (work: () => Promise<{ message: string }>) => {
    setMessage(null);
    try { const answer = await work(); notify('success', answer.message, 3000); setMessage({ kind: 'ok', text: answer.message }); return true; } catch (error) { setMessage({ kind: 'error', text: errorMessage(error) }); return false; }
  };
  const shown = message ? (message.kind === 'error' ? <ErrorNotice>{message.text}</ErrorNotice> : <p role="status">{message.text}</p>) : null;
  return { run, shown, fail: (text: string) => setMessage({ kind: 'error', text }) };
}
