import { useState } from 'react';
import styled from 'styled-components';
import { ORDER_STATUS_LABELS } from '@platform/domain';
import { Link } from '@platform/routing';
import { adminOrdersApi } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Loading, PageTitle, PaginationBar } from '@platform/ui';

const Table = styled.table`
  width: 100%; border-collapse: collapse; background: ${(p) => p.theme.colors.surface};
  th, td { text-align: left; padding: 10px; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }
`;

/** Outstanding orders: placed and not yet completed or cancelled. */
export function OutstandingOrdersPage() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch } = adminOrdersApi.useOutstandingOrdersQuery({ page });
  return (
    <Container>
      <PageTitle>Outstanding Orders</PageTitle>
      {isLoading ? <Loading label="Loading orders…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the orders.</ErrorNotice> : null}
      {data && data.total === 0 ? <EmptyState title="No outstanding orders">New orders from your online store will appear here.</EmptyState> : null}
      {data && data.total > 0 ? (
        <>
          <Table>
            <thead><tr><th>Order</th><th>Placed</th><th>Customer</th><th>Type</th><th>Status</th><th>Total</th></tr></thead>
            <tbody>
              {data.data.map((o) => (
                <tr key={o.id}><td><Link to={`/admin/prepare-order?id=${o.id}`} aria-label={`Order ${o.order_number}`}>{o.order_number}</Link></td><td>{new Date(o.placed_at).toLocaleString()}</td><td>{o.customer_name}</td><td>{o.order_type}</td><td>{ORDER_STATUS_LABELS[o.status] ?? o.status}</td><td>${o.total}</td></tr>
              ))}
            </tbody>
          </Table>
          <PaginationBar page={page} lastPage={data.last_page} onPage={setPage} />
        </>
      ) : null}
    </Container>
  );
}
