import styled from 'styled-components';
import { ORDER_LISTS, type OrderListName } from '@platform/domain';
import { Link } from '@platform/routing';

const Tabs = styled.nav`
  display: flex; gap: 4px; flex-wrap: wrap; margin-bottom: 16px; border-bottom: 1px solid ${(p) => p.theme.colors.border};
  a { padding: 8px 14px; text-decoration: none; color: inherit; border-bottom: 3px solid transparent; }
  a[aria-current='page'] { border-bottom-color: ${(p) => p.theme.colors.primary}; font-weight: 600; }
`;

export const ORDER_LIST_TITLES: Record<OrderListName, string> = { outstanding: 'Outstanding', completed: 'Completed', cancelled: 'Cancelled', all: 'All' };

/**
 * The orders area's sub-navigation (spec 3 /admin/orders children): the four order lists, which keep the list's
 * filters (`query`) from one to another, reconciliation, the store's recurring orders and its shipping labels.
 */
export function OrderTabs({ current, query = '' }: { current: OrderListName | 'reconciliation' | 'recurring' | 'shipping-labels'; query?: string }) {
  return (
    <Tabs aria-label="Order lists">
      {ORDER_LISTS.map((name) => <Link key={name} to={`/admin/orders/list/${name}${query}`} aria-current={name === current ? 'page' : undefined}>{ORDER_LIST_TITLES[name]}</Link>)}
      <Link to="/admin/orders/reconciliation" aria-current={current === 'reconciliation' ? 'page' : undefined}>Reconciliation</Link>
      <Link to="/admin/orders/recurring" aria-current={current === 'recurring' ? 'page' : undefined}>Recurring</Link>
      <Link to="/admin/orders/shipping-labels" aria-current={current === 'shipping-labels' ? 'page' : undefined}>Shipping labels</Link>
    </Tabs>
  );
}
