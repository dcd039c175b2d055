import { TwoStepSettings } from '@platform/account-ui';
import { Card, Container, PageTitle } from '@platform/ui';

/** Settings › MFA (spec 3 settings mfa): two-step sign-in for the signed-in admin's own account. */
export function TwoStepPage() {
  return (
    <Container style={{ maxWidth: 720 }}>
      <PageTitle>Two-Step Sign-In</PageTitle>
      <p>Your back office account can change prices, orders and staff access: a code from your phone at each sign-in keeps it yours even if your password leaks.</p>
      <Card as="section" aria-label="Two-step sign-in"><TwoStepSettings /></Card>
    </Container>
  );
}
