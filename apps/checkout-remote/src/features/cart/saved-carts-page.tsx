import { useState } from 'react';
import { Link, Navigate, useNavigate } from '@platform/routing';
import styled from 'styled-components';
import { cartApi, errorMessage, notify, rememberRedirect, storefrontApi, useSession } from '@platform/api-client';
import { Button, Card, Container, EmptyState, ErrorNotice, Loading, Modal, PageTitle } from '@platform/ui';

const DELETE_QUESTION = 'Are you sure you want to delete this saved cart?';

const List = styled.ul`
  list-style: none; padding: 0; margin: 0;
  li { display: grid; grid-template-columns: 1fr auto; gap: 8px 16px; padding: 12px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }
  .meta { color: ${(p) => p.theme.colors.muted}; font-size: 0.9rem; }
  .actions { display: flex; gap: 8px; align-items: center; }
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) { li { grid-template-columns: 1fr; } }
`;

/** /savedcarts: the customer's saved carts; one can become the current cart (at its store) or be deleted. */
export function SavedCartsPage() {
  const user = useSession();
  const navigate = useNavigate();
  const { data: carts, isLoading, isError, refetch } = cartApi.useSavedCartsQuery(undefined, { skip: !user });
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const [restore] = cartApi.useUpdateCurrentCartMutation();
  const { data: settings } = storefrontApi.useSettingsQuery();
  const prefix = settings?.products.currencyPrefix ?? '$';
  const [remove] = cartApi.useDeleteSavedCartMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!user) { rememberRedirect('/savedcarts'); return <Navigate to="/login" replace />; }
  const storeName = (id: number) => business?.about_us.locations.find((l) => l.id === id)?.name ?? `Store ${id}`;

  const bringBack = async (id: string) => {
    setBusy(id); setProblem(null);
    try { await restore({ id }).unwrap(); navigate('/cart'); } catch (error) { setProblem(errorMessage(error)); } finally { setBusy(null); }
  };
  const drop = async (id: string) => {
    if (!window.confirm(DELETE_QUESTION)) return;
    setBusy(id); setProblem(null);
    try { notify('success', (await remove({ id }).unwrap()).message, 5000); } catch (error) { setProblem(errorMessage(error)); } finally { setBusy(null); }
  };
  return (
    <Container>
      <PageTitle>Saved Carts</PageTitle>
      {isLoading ? <Loading label="Loading your saved carts…" /> : null}
      {isError ? <ErrorNotice action={<button onClick={() => void refetch()}>Try again</button>}>We could not load your saved carts.</ErrorNotice> : null}
      {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
      {carts && carts.length === 0 ? (
        <EmptyState title="No saved carts yet">Use Save cart on your <Link to="/cart">cart</Link> to keep it for later.</EmptyState>
      ) : null}
      {carts && carts.length > 0 ? (
        <Card>
          <List aria-label="Saved carts">
            {carts.map((c) => (
              <li key={c.id}>
                <div>
                  <strong>{c.name}</strong>
                  <div className="meta">
                    {c.item_count} item{c.item_count === 1 ? '' : 's'} · {prefix}{c.subtotal} at today's prices · {storeName(c.location_id)} · saved {new Date(c.created_at).toLocaleDateString()}
                    {c.unavailable_items ? ` · ${c.unavailable_items} no longer sold` : ''}
                  </div>
                </div>
                {/* Named with the cart: a screen reader's list of buttons otherwise reads the same two words for each cart. */}
                <div className="actions">
                  <Button type="button" disabled={busy === c.id} onClick={() => void bringBack(c.id)} aria-label={`Use this cart: ${c.name}`}>Use this cart</Button>
                  <Button type="button" $variant="link" disabled={busy === c.id} onClick={() => void drop(c.id)} aria-label={`Delete ${c.name}`}>Delete</Button>
                </div>
              </li>
            ))}
          </List>
        </Card>
      ) : null}
    </Container>
  );
}

const Actions = styled.div`display: flex; gap: 12px; justify-content: flex-end; align-items: center; margin-top: 12px;`;

/** 'Login First' (spec 2): a guest tried something that needs an account; sign-in or sign-up come back here. */
function LoginFirstDialog({ open, onClose, returnTo }: { open: boolean; onClose: () => void; returnTo: string }) {
  return (
    <Modal open={open} onClose={onClose} labelledBy="login-first-title">
      <h2 id="login-first-title" style={{ marginTop: 0 }}>Login First</h2>
      <p>Sign in or create an account to save your cart for later.</p>
      <Actions>
        <Button type="button" $variant="link" onClick={onClose}>Not now</Button>
        <Link to="/register" onClick={() => rememberRedirect(returnTo)}>Sign Up</Link>
        <Link to="/login" onClick={() => rememberRedirect(returnTo)}>Sign In</Link>
      </Actions>
    </Modal>
  );
}

/** Save cart: keeps a copy of the cart under an optional name; guests are asked to sign in first. */
export function SaveCartControl() {
  const user = useSession();
  const [save, { isLoading }] = cartApi.useSaveCartMutation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (user?.is_admin) return null;
  if (!user) {
    return (
      <>
        <Button type="button" $variant="link" onClick={() => setOpen(true)}>Save cart for later</Button>
        <LoginFirstDialog open={open} returnTo="/cart" onClose={() => setOpen(false)} />
      </>
    );
  }
  if (!open) return <Button type="button" $variant="link" onClick={() => setOpen(true)}>Save cart for later</Button>;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      notify('success', (await save({ name: name.trim() || undefined }).unwrap()).message, 5000);
      setOpen(false); setName(''); setProblem(null);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <form aria-label="Save cart" onSubmit={(e) => void submit(e)} style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      <label htmlFor="saved-cart-name">Name (optional)</label>
      <input id="saved-cart-name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} autoFocus />
      <Button type="submit" $variant="secondary" disabled={isLoading}>{isLoading ? 'Saving…' : 'Save'}</Button>
      <Button type="button" $variant="link" onClick={() => setOpen(false)}>Cancel</Button>
      <Link to="/savedcarts">Saved carts</Link>
      {problem ? <span role="alert">{problem}</span> : null}
    </form>
  );
}
