import { Link } from '@platform/routing';
import { permissionLabel, type Permission } from '@platform/domain';
import { Container, EmptyState, PageTitle } from '@platform/ui';

/** An admin screen this sub-account may not open (the server refuses its calls too). */
export function NoPermission({ permission }: { permission: Permission }) {
  return (
    <Container>
      <PageTitle>No access</PageTitle>
      <EmptyState title="You do not have permission to open this page">
        It needs the &lsquo;{permissionLabel(permission)}&rsquo; permission. The store owner can give it to your account under Sub-accounts.{' '}
        <Link to="/admin/orders">Go to Orders</Link>
      </EmptyState>
    </Container>
  );
}
