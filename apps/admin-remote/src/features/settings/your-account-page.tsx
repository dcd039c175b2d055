import { Link } from '@platform/routing';
import { identityApi } from '@platform/api-client';
import { EmailForm, NameForm, SignedInDevices, PasswordForm, PhoneForm } from '@platform/account-ui';
import { Button, Card, Container, ErrorNotice, Loading, PageTitle } from '@platform/ui';

/**
 * Your Account (/admin/settings/my-account): the signed-in admin's own name, sign-in e-mail, mobile number and password, so an
 * owner or staff member changes them without asking anyone (the spec's settings list has no such screen).
 */
export function YourAccountPage() {
  const { data: me, isLoading, isError, refetch } = identityApi.useCustomerDetailsQuery();
  return (
    <Container style={{ maxWidth: 720 }}>
      <PageTitle>Your Account</PageTitle>
      {isLoading ? <Loading label="Loading your account…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load your account.</ErrorNotice> : null}
      {me ? (
        <div style={{ display: 'grid', gap: 16 }}>
          <Card as="section" aria-label="Name"><h2 style={{ marginTop: 0 }}>Name</h2><NameForm first={me.first_name} last={me.last_name} /></Card>
          <Card as="section" aria-label="E-mail"><h2 style={{ marginTop: 0 }}>E-mail</h2><EmailForm current={me.email} /></Card>
          <Card as="section" aria-label="Mobile number"><h2 style={{ marginTop: 0 }}>Mobile number</h2><PhoneForm current={me.telephone} /><p>With a mobile number you can also sign in with a code texted to it.</p></Card>
          <Card as="section" aria-label="Password"><h2 style={{ marginTop: 0 }}>Password</h2><PasswordForm /></Card>
          <Card as="section" aria-label="Where you're signed in"><h2 style={{ marginTop: 0 }}>Where you're signed in</h2><SignedInDevices /></Card>
          <p>A code from your phone at each sign-in keeps this account yours: <Link to="/admin/settings/mfa">Two-step sign-in</Link>.</p>
        </div>
      ) : null}
    </Container>
  );
}
