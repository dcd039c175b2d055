import { useId, useState } from 'react';
import styled from 'styled-components';
import { errorMessage, fieldErrors, storefrontApi, useSession } from '@platform/api-client';
import { INVALID_EMAIL, isValidEmail } from '@platform/domain';
import { Button, ErrorNotice } from '@platform/ui';

const Box = styled.section`
  margin: 12px 0; padding: 12px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius};
  form { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
  label { display: flex; flex-direction: column; gap: 4px; font-weight: 600; }
  input { padding: 6px 8px; min-width: 240px; }
  .error { color: ${(p) => p.theme.colors.danger}; margin: 4px 0 0; }
  p { margin: 0 0 8px; }
`;

/**
 * 'Email me when it's back' (issue 29) for an item out of stock at this store that cannot be special ordered:
 * a guest gives an e-mail, a signed-in shopper's account e-mail is used; one e-mail when it is back, then the
 * ask is forgotten. The server's answer is shown as the confirmation, its refusal as the error.
 */
export function BackInStock({ storeProductId }: { storeProductId: number }) {
  const user = useSession();
  const [notify, asking] = storefrontApi.useNotifyBackInStockMutation();
  const [withdraw, withdrawing] = storefrontApi.useWithdrawBackInStockMutation();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; email: string } | null>(null);
  const [withdrawn, setWithdrawn] = useState(false);
  const id = useId();
  if (user?.is_admin) return null;

  const ask = async (given?: string) => {
    setFailure(null);
    try {
      const answer = await notify({ store_product_id: storeProductId, ...(given === undefined ? {} : { email: given.trim() }) }).unwrap();
      setDone({ message: answer.message, email: answer.email });
      setWithdrawn(false);
    } catch (error) {
      const problems = fieldErrors(error);
      if (problems.email) setFieldError(problems.email);
      else setFailure(errorMessage(error, 'We could not save your request. Please try again.'));
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email.trim().toLowerCase())) {
      setFieldError(INVALID_EMAIL);
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setFieldError(null);
    void ask(email);
  };
  const cancel = async () => {
    setFailure(null);
    try {
      await withdraw({ store_product_id: storeProductId, ...(user ? {} : { email: done?.email }) }).unwrap();
      setDone(null);
      setWithdrawn(true);
      setOpen(false);
    } catch (error) {
      setFailure(errorMessage(error, 'We could not cancel your request. Please try again.'));
    }
  };

  return (
    <Box aria-label="Back in stock alert">
      {failure ? <ErrorNotice>{failure}</ErrorNotice> : null}
      {done ? (
        <div role="status">
          <p>{done.message}</p>
          <Button type="button" onClick={() => void cancel()} disabled={withdrawing.isLoading}>Don&apos;t email me</Button>
        </div>
      ) : (
        <>
          {withdrawn ? <p role="status">We won&apos;t email you about this item.</p> : null}
          {user ? (
            <Button type="button" onClick={() => void ask()} disabled={asking.isLoading}>{asking.isLoading ? 'Saving…' : "Email me when it's back"}</Button>
          ) : open ? (
            <form noValidate onSubmit={submit} aria-label="Email me when it's back">
              <label htmlFor={`${id}-email`}>
                Your e-mail
                <input
                  id={`${id}-email`} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254}
                  aria-invalid={fieldError ? true : undefined} aria-describedby={fieldError ? `${id}-email-error` : undefined}
                />
              </label>
              <Button type="submit" disabled={asking.isLoading}>{asking.isLoading ? 'Saving…' : 'Notify me'}</Button>
              {fieldError ? <p className="error" id={`${id}-email-error`} role="alert" style={{ flexBasis: '100%' }}>{fieldError}</p> : null}
            </form>
          ) : (
            <Button type="button" onClick={() => setOpen(true)}>Email me when it&apos;s back</Button>
          )}
          <p style={{ marginTop: 8 }}>We send one e-mail when it is back in stock at this store.</p>
        </>
      )}
    </Box>
  );
}
