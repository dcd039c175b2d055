import { Fragment } from 'react';
import styled from 'styled-components';
import { Link } from '@platform/routing';
import { addressLine, DEFAULT_DELIVERY_DISCLAIMER, DEFAULT_PICKUP_DISCLAIMER, ORDER_PLACED } from '@platform/domain';
import { checkoutApi, getDeviceId, storefrontApi } from '@platform/api-client';
import { Card, Container, EmptyState, ErrorNotice, Loading, PageTitle } from '@platform/ui';

const Lines = styled.ul`list-style: none; padding: 0; margin: 0 0 16px; li { display: flex; justify-content: space-between; gap: 12px; padding: 6px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }`;
const Totals = styled.dl`display: grid; grid-template-columns: 1fr auto; gap: 6px 16px; max-width: 360px; margin: 0 0 16px auto; dd { margin: 0; text-align: right; } .total { font-weight: 700; }`;

/**
 * Checkout step 4, Done: the placed order, read back from the server (a reload shows it again); also one
 * order of the customer's list (/orders?order=), without the thanks.
 */
export function OrderDone({ orderNumber, justPlaced = true }: { orderNumber: string; justPlaced?: boolean }) {
  const { data: order, isLoading, isError, error } = checkoutApi.usePlacedOrderQuery({ order_number: orderNumber, device_id: getDeviceId() });
  const { data: settings } = storefrontApi.useSettingsQuery();
  const prefix = settings?.products.currencyPrefix ?? '$';
  const notFound = isError && (error as { status?: number }).status === 404;
  return (
    <Container style={{ maxWidth: 720 }}>
      <PageTitle>{order && justPlaced ? ORDER_PLACED : `Order ${orderNumber}`}</PageTitle>
      {isLoading ? <Loading label="Loading your order…" /> : null}
      {notFound ? <EmptyState title="This order was not found">It may have been placed from another device or account. <Link to="/">Continue shopping</Link></EmptyState> : null}
      {isError && !notFound ? <ErrorNotice>We could not load your order. Please reload the page.</ErrorNotice> : null}
      {order ? (
        <Card role={justPlaced ? 'status' : undefined} aria-label={justPlaced ? 'Order placed' : 'Order details'}>
          <p>Order number <strong data-testid="order-number">{order.order_number}</strong>{justPlaced ? `. A confirmation was sent to ${order.contact.email}.` : `, placed ${new Date(order.placed_at).toLocaleString()}.`}</p>
          {order.order_type === 'pickup' ? <p>Pick up at <strong>{order.store.name}</strong>, {order.store.address}. {DEFAULT_PICKUP_DISCLAIMER}</p> : null}
          {order.order_type !== 'pickup' && order.address ? (
            <p>{order.order_type === 'delivery' ? 'Delivery to' : 'Shipping to'} {addressLine(order.address)}
              {order.shipping_service ? ` (${order.shipping_service})` : ''}. {order.order_type === 'delivery' ? DEFAULT_DELIVERY_DISCLAIMER : ''}</p>
          ) : null}
          <Lines aria-label="Order lines">
            {order.items.map((item) => <li key={item.sku}><span>{item.quantity} × {item.title}{item.special ? ' (special order)' : ''}</span><span>{prefix}{item.price}</span></li>)}
          </Lines>
          <Totals>
            <dt>Subtotal</dt><dd>{prefix}{order.subtotal}</dd>
            {[['Additional fees', order.additional_fees], ['Special order fee', order.special_order_fee], [order.order_type === 'delivery' ? 'Delivery' : 'Shipping', order.fulfilment_charge], ['Tax', order.tax]]
              .filter(([, amount]) => amount !== '0.00').map(([label, amount]) => <Fragment key={label}><dt>{label}</dt><dd>{prefix}{amount}</dd></Fragment>)}
            {order.discount !== '0.00' ? <><dt>Discount</dt><dd>−{prefix}{order.discount}</dd></> : null}
            <dt className="total">Total</dt><dd className="total" data-testid="placed-total">{prefix}{order.total}</dd>
          </Totals>
          <p>Payment: {order.payment.label}.</p>
          {justPlaced ? <Link to="/">Continue shopping</Link> : <Link to="/orders">Back to your orders</Link>}
        </Card>
      ) : null}
    </Container>
  );
}
