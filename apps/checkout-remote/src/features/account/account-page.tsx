import { useState, type ReactNode } from 'react';
import { Link, Navigate } from '@platform/routing';
import styled from 'styled-components';
import { errorMessage, identityApi, notify, rememberRedirect, storefrontApi, useDeleteAccount, useSession } from '@platform/api-client';
import { Button, Card, Container, ErrorNotice, Loading, PageTitle } from '@platform/ui';
import { EmailForm, NameForm, SignedInDevices, PasswordForm, PasswordPrompt, PhoneForm, TwoStepSettings, useSaveFeedback } from '@platform/account-ui';
import { cardFormOf, savedCardLabel, SAVED_CARDS_NOT_OFFERED } from '@platform/domain';

const Sections = styled.div`display: grid; gap: 16px; max-width: 640px;`;

/** A section that saves one thing, with its own message. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return <Card as="section" aria-label={title}><h2 style={{ marginTop: 0 }}>{title}</h2>{children}</Card>;
}

/**
 * Saved cards: the provider's references, shown by brand, last digits and expiry; removing asks first. While the store
 * offers no cards (cards_offered false) they stay listed, removable, with a note that none can pay now.
 */
function SavedCards() {
  const { data: cards, isLoading, isError } = identityApi.useSavedCardsQuery();
  const [remove, { isLoading: removing }] = identityApi.useDeleteSavedCardMutation();
  const { data: payments } = storefrontApi.usePaymentSettingsQuery();
  const offered = !payments || Boolean(cardFormOf(payments)?.offered);
  const { run, shown } = useSaveFeedback();
  if (isLoading) return <Loading label="Loading your cards…" />;
  if (isError) return <ErrorNotice>We could not load your saved cards.</ErrorNotice>;
  if (!cards?.length) return <p>No saved cards. Cards you choose to save when you pay appear here.</p>;
  return (
    <div>
      {shown}
      {offered ? null : <p role="note">{SAVED_CARDS_NOT_OFFERED}</p>}
      <ul aria-label="Saved cards" style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 8 }}>
        {cards.map((c) => (
          <li key={c.source} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            <span>{savedCardLabel(c)}</span>
            <Button type="button" $variant="link" disabled={removing} aria-label={`Remove ${c.brand} ending in ${c.last4}`}
              onClick={() => { if (window.confirm('Remove this card?')) void run(() => remove({ source: c.source }).unwrap()); }}>Remove</Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An on/off setting saved as it is switched; the server's answer (or refusal) is toasted. */
function Switch({ label, on, busy, onChange }: { label: string; on: boolean; busy: boolean; onChange: (on: boolean) => Promise<{ message: string }> }) {
  return (
    <label style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 12 }}>
      <input type="checkbox" role="switch" checked={on} disabled={busy}
        onChange={(e) => void onChange(e.target.checked).then((a) => notify('success', a.message, 3000), (error) => notify('error', errorMessage(error), 5000))} />
      {label}
    </label>
  );
}

/** Deleting the account, with the password again; the browser then leaves the session and goes home. */
function DeleteAccount() {
  const [deleteAccount] = useDeleteAccount();
  const [asking, setAsking] = useState(false);
  if (asking) {
    return (
      <PasswordPrompt label="Delete account" intro="Enter your password to delete your account. This cannot be undone." submitLabel="Delete my account"
        onSubmit={deleteAccount} onCancel={() => setAsking(false)} />
    );
  }
  return (
    <>
      <p>Deleting your account removes your details, saved cards and saved carts from this store. Orders you placed stay with the store for its records.</p>
      <Button type="button" $variant="secondary" onClick={() => setAsking(true)}>Delete my account</Button>
    </>
  );
}

/** /account (My Account): name, e-mail, mobile number and order texts, password, marketing e-mails, saved cards, two-step sign-in, and deleting the account. Customers only. */
export function AccountPage() {
  const user = useSession();
  const { data: me, isLoading, isError, refetch } = identityApi.useCustomerDetailsQuery(undefined, { skip: !user || user.is_admin });
  const [setMarketing, { isLoading: switching }] = identityApi.useSetMarketingMutation();
  const [setSms, { isLoading: switchingSms }] = identityApi.useSetSmsMutation();
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  if (!user) { rememberRedirect('/account'); return <Navigate to="/login" replace />; }
  if (user.is_admin) return <Navigate to="/admin/orders" replace />;
  return (
    <Container>
      <PageTitle>My Account</PageTitle>
      {isLoading ? <Loading label="Loading your account…" /> : null}
      {isError ? <ErrorNotice action={<button onClick={() => void refetch()}>Try again</button>}>We could not load your account.</ErrorNotice> : null}
      {me ? (
        <Sections>
          <Section title="Name"><NameForm first={me.first_name} last={me.last_name} /></Section>
          <Section title="E-mail"><EmailForm current={me.email} /></Section>
          <Section title="Mobile number">
            <PhoneForm current={me.telephone} />
            {settings?.sms_notifications_enabled ?? true ? (
              <Switch label="Text me about my orders" on={me.receive_sms} busy={switchingSms} onChange={(on) => setSms({ receive_sms: on ? 1 : 0 }).unwrap()} />
            ) : null}
          </Section>
          <Section title="Password"><PasswordForm /></Section>
          <Section title="Marketing e-mails">
            <Switch label="E-mail me offers and news" on={me.receive_marketing === true} busy={switching} onChange={(on) => setMarketing({ receive_marketing: on ? 1 : 0 }).unwrap()} />
          </Section>
          <Section title="Saved cards"><SavedCards /></Section>
          <Section title="Two-step sign-in"><TwoStepSettings /></Section>
          <Section title="Where you're signed in"><SignedInDevices /></Section>
          <p style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 16px' }}>
            <Link to="/savedcarts">Saved carts</Link>
            {business?.recurring_orders_enabled ? <Link to="/recurring-orders">Recurring orders</Link> : null}
          </p>
          <Section title="Delete account"><DeleteAccount /></Section>
        </Sections>
      ) : null}
    </Container>
  );
}
