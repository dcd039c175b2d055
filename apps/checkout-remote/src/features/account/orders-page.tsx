import { useState } from 'react';
import styled from 'styled-components';
import { Link, Navigate, useSearchParams } from '@platform/routing';
import { CUSTOMER_ORDER_STATUS_LABELS } from '@platform/domain';
import { checkoutApi, rememberRedirect, storefrontApi, useSession } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Loading, PageTitle, PaginationBar } from '@platform/ui';
import { OrderDone } from '../checkout/order-done';

const Table = styled.table`
  width: 100%; border-collapse: collapse; background: ${(p) => p.theme.colors.surface};
  th, td { text-align: left; padding: 10px; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) { .wide { display: none; } }
`;

/** /orders: the signed-in customer's orders, newest first; ?order= shows one of them. */
export function OrdersPage() {
  const user = useSession();
  const [params] = useSearchParams();
  const opened = params.get('order');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = checkoutApi.useMyOrdersQuery({ page }, { skip: !user || user.is_admin || Boolean(opened) });
  const { data: settings } = storefrontApi.useSettingsQuery();
  const prefix = settings?.products.currencyPrefix ?? '$';
  if (!user) { rememberRedirect(opened ? `/orders?order=${encodeURIComponent(opened)}` : '/orders'); return <Navigate to="/login" replace />; }
  if (user.is_admin) return <Navigate to="/admin/orders" replace />;
  if (opened) return <OrderDone orderNumber={opened} justPlaced={false} />;
  return (
    <Container>
      <PageTitle>My Orders</PageTitle>
      {isLoading ? <Loading label="Loading your orders…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load your orders.</ErrorNotice> : null}
      {data && data.total === 0 ? <EmptyState title="No orders yet">Orders you place appear here. <Link to="/departments">Shop by department</Link></EmptyState> : null}
      {data && data.total > 0 ? (
        <>
          <Table aria-label="Your orders">
            <thead><tr><th>Order</th><th>Placed</th><th className="wide">Items</th><th className="wide">Type</th><th>Status</th><th>Total</th></tr></thead>
            <tbody>
              {data.data.map((o) => (
                <tr key={o.order_number}>
                  <td><Link to={`/orders?order=${encodeURIComponent(o.order_number)}`}>{o.order_number}</Link></td>
                  <td>{new Date(o.placed_at).toLocaleDateString()}</td><td className="wide">{o.item_count}</td>
                  <td className="wide">{o.order_type[0].toUpperCase() + o.order_type.slice(1)}</td><td>{CUSTOMER_ORDER_STATUS_LABELS[o.status] ?? o.status}</td><td>{prefix}{o.total}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <PaginationBar page={page} lastPage={data.last_page} onPage={setPage} />
        </>
      ) : null}
    </Container>
  );
}
