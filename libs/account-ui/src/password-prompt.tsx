import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@platform/api-client';
import { Button, Field } from '@platform/ui';

const Actions = styled.div`display: flex; flex-wrap: wrap; gap: 12px; align-items: center;`;
const Problem = styled.p`color: ${(p) => p.theme.colors.danger}; font-size: 0.9rem; margin: -8px 0 12px;`;

/**
 * The account's password asked again before a serious change; the server's answer to a wrong one (or a
 * limit) is said under the field. onSubmit throws to refuse.
 */
export function PasswordPrompt({ label, intro, submitLabel, onSubmit, onCancel }: {
  label: string; intro: string; submitLabel: string; onSubmit: (password: string) => Promise<void>; onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setBusy(true);
    try { await onSubmit(password); } catch (error) { setProblem(errorMessage(error)); } finally { setBusy(false); }
  };
  return (
    <form aria-label={label} onSubmit={(e) => void submit(e)} noValidate>
      <p>{intro}</p>
      <Field>Password
        <input type="password" autoComplete="current-password" value={password} onChange={(e) => { setPassword(e.target.value); setProblem(null); }} autoFocus
          aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'password-prompt-problem' : undefined} />
      </Field>
      {problem ? <Problem id="password-prompt-problem" role="alert">{problem}</Problem> : null}
      <Actions>
        <Button type="submit" disabled={busy || !password}>{busy ? 'Checking…' : submitLabel}</Button>
        <Button type="button" $variant="link" onClick={onCancel}>Cancel</Button>
      </Actions>
    </form>
  );
}
