import { Fragment, useEffect, useState } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { Link, useNavigate } from '@platform/routing';
import type { ReorderAnswer } from '@platform/contracts';
import { addressLine, deliveryDateLabel, fulfilmentDisclaimer, ORDER_PLACED, purchaseEvent, runDayLabel } from '@platform/domain';
import { checkoutApi, errorMessage, getDeviceId, notify, recordPurchase, recurringOrdersApi, setCheckoutStep, setSelectedStore, storefrontApi, useSelectedStore, useSession } from '@platform/api-client';
import { Button, Card, Container, EmptyState, ErrorNotice, Loading, PageTitle } from '@platform/ui';

const Lines = styled.ul`list-style: none; padding: 0; margin: 0 0 16px; li { display: flex; justify-content: space-between; gap: 12px; padding: 6px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }`;
const Totals = styled.dl`display: grid; grid-template-columns: 1fr auto; gap: 6px 16px; max-width: 360px; margin: 0 0 16px auto; dd { margin: 0; text-align: right; } .total { font-weight: 700; }`;
const Timeline = styled.ol`list-style: none; padding: 0; margin: 0 0 16px; li { padding: 4px 0; } time { color: ${(p) => p.theme.colors.muted}; margin-left: 8px; }`;
const Actions = styled.div`display: flex; gap: 12px; flex-wrap: wrap; align-items: center; margin-top: 8px;`;
/** Printing the order prints the receipt alone: the store's header, footer and the page's buttons stay off paper. */
const ReceiptPrint = createGlobalStyle`
  @media print {
    body * { visibility: hidden; }
    .order-receipt, .order-receipt * { visibility: visible; }
    .order-receipt { position: absolute; inset: 0 auto auto 0; width: 100%; box-shadow: none; border: 0; }
    .order-receipt .no-print { display: none; }
  }
`;

/**
 * Checkout step 4, Done: the placed order, read back from the server (a reload shows it again), and its GA4
 * `purchase` event for the page's tag manager; also one order of the customer's list (/orders?order=), without
 * the thanks or the event.
 */
export function OrderDone({ orderNumber, justPlaced = true }: { orderNumber: string; justPlaced?: boolean }) {
  const { data: order, isLoading, isError, error } = checkoutApi.usePlacedOrderQuery({ order_number: orderNumber, device_id: getDeviceId() });
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const prefix = settings?.products.currencyPrefix ?? '$';
  const notFound = isError && (error as { status?: number }).status === 404;
  // The store's analytics hear of the purchase once, when Done first shows an order this tab placed (analytics.ts).
  useEffect(() => { if (order && justPlaced) recordPurchase(purchaseEvent(order)); }, [order, justPlaced]);
  return (
    <Container style={{ maxWidth: 720 }}>
      <PageTitle>{order && justPlaced ? ORDER_PLACED : `Order ${orderNumber}`}</PageTitle>
      {isLoading ? <Loading label="Loading your order…" /> : null}
      {notFound ? <EmptyState title="This order was not found">It may have been placed from another device or account. <Link to="/">Continue shopping</Link></EmptyState> : null}
      {isError && !notFound ? <ErrorNotice>We could not load your order. Please reload the page.</ErrorNotice> : null}
      {order ? (
        <Card className="order-receipt" role={justPlaced ? 'status' : undefined} aria-label={justPlaced ? 'Order placed' : 'Order details'}>
          <p>Order number <strong data-testid="order-number">{order.order_number}</strong>{justPlaced ? `. A confirmation was sent to ${order.contact.email}.` : `, placed ${new Date(order.placed_at).toLocaleString()}.`}</p>
          {order.order_type === 'pickup' ? <p>Pick up at <strong>{order.store.name}</strong>, {order.store.address}. {fulfilmentDisclaimer(business, 0)}</p> : null}
          {order.order_type !== 'pickup' && order.address ? (
            <p>{order.order_type === 'delivery' ? 'Delivery to' : 'Shipping to'} {addressLine(order.address)}
              {order.shipping_service ? ` (${order.shipping_service})` : ''}. {order.order_type === 'delivery' ? fulfilmentDisclaimer(business, 1) : ''}</p>
          ) : null}
          {order.delivery_date && order.status !== 'cancelled' && order.status !== 'completed' ? (
            <p data-testid="expected-on"><strong>Expected on {deliveryDateLabel(order.delivery_date)}{order.delivery_window ? `, ${order.delivery_window}` : ''}</strong>{order.order_type === 'pickup' ? ' (your special-order items)' : ''}.</p>
          ) : null}
          {order.tracking ? (
            <p data-testid="tracking">Shipped with {order.tracking.carrier} {order.tracking.service}. Tracking number:{' '}
              {order.tracking.tracking_url ? <a href={order.tracking.tracking_url} target="_blank" rel="noreferrer">{order.tracking.tracking_code}</a> : order.tracking.tracking_code}</p>
          ) : null}
          <Lines aria-label="Order lines">
            {order.items.map((item) => (
              <li key={item.id}>
                <span>{item.quantity} × {item.title}{item.special ? ' (special order)' : ''}{item.cancelled_quantity ? ` (${item.cancelled_quantity} cancelled by the store)` : ''}</span>
                <span>{prefix}{item.price}</span>
              </li>
            ))}
          </Lines>
          <Totals>
            <dt>Subtotal</dt><dd>{prefix}{order.subtotal}</dd>
            {[['Additional fees', order.additional_fees], ['Special order fee', order.special_order_fee], [order.order_type === 'delivery' ? 'Delivery' : 'Shipping', order.fulfilment_charge], ['Tax', order.tax]]
              .filter(([, amount]) => amount !== '0.00').map(([label, amount]) => <Fragment key={label}><dt>{label}</dt><dd>{prefix}{amount}</dd></Fragment>)}
            {order.discount !== '0.00' ? <><dt>Discount</dt><dd>−{prefix}{order.discount}</dd></> : null}
            <dt className="total">Total</dt><dd className="total" data-testid="placed-total">{prefix}{order.total}</dd>
          </Totals>
          <p>Payment: {order.payment.label}.</p>
          <RepeatNote orderNumber={order.order_number} />
          {order.note ? <p>Your note: {order.note}</p> : null}
          <h2 style={{ fontSize: '1.05rem' }}>Order status</h2>
          <Timeline aria-label="Order status">
            {order.timeline.map((step) => (
              <li key={`${step.status}-${step.at}`}>
                <strong>{step.label}</strong><time dateTime={step.at}>{new Date(step.at).toLocaleString()}</time>
                {step.note ? <div>{step.note}</div> : null}
              </li>
            ))}
          </Timeline>
          <Actions className="no-print">
            <BuyAgain orderNumber={order.order_number} />
            <Button type="button" $variant="secondary" onClick={() => window.print()}>Print receipt</Button>
            {justPlaced ? <Link to="/">Continue shopping</Link> : <Link to="/orders">Back to your orders</Link>}
          </Actions>
          <ReceiptPrint />
        </Card>
      ) : null}
    </Container>
  );
}

/** For an order that started a recurring order: how often it repeats, the next date, and where to manage it. */
function RepeatNote({ orderNumber }: { orderNumber: string }) {
  const user = useSession();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const { data } = recurringOrdersApi.useMyRecurringOrdersQuery({ page: 1 }, { skip: !user || user.is_admin || !business?.recurring_orders_enabled });
  const recurring = data?.data.find((r) => r.first_order_number === orderNumber && r.status === 'active');
  if (!recurring) return null;
  return (
    <p data-testid="repeat-note">
      This order repeats {recurring.frequency_label.toLowerCase()}{recurring.next_dates[0] ? `: the next one is placed on ${runDayLabel(recurring.next_dates[0])}` : ''}.{' '}
      <Link to="/recurring-orders" className="no-print">Manage recurring orders</Link>
    </p>
  );
}

/**
 * Buy again: the order's lines go back into the cart at the order's store (selected if another was), then the
 * cart opens; lines the store no longer has are named.
 */
function BuyAgain({ orderNumber }: { orderNumber: string }) {
  const navigate = useNavigate();
  const [reorder, { isLoading }] = checkoutApi.useReorderMutation();
  const selected = useSelectedStore();
  const [left, setLeft] = useState<ReorderAnswer['not_added']>([]);
  const buy = async () => {
    setLeft([]);
    try {
      const answer = await reorder({ order_number: orderNumber, device_id: getDeviceId() }).unwrap();
      if (answer.store_id !== selected) setSelectedStore(answer.store_id);
      setLeft(answer.not_added);
      if (!answer.added) return;
      notify(answer.not_added.length ? 'info' : 'success', answer.message);
      if (!answer.not_added.length) { setCheckoutStep(1); navigate('/cart'); }
    } catch (error) {
      notify('error', errorMessage(error, 'The items could not be added to your cart. Please try again.'));
    }
  };
  return (
    <>
      <Button type="button" disabled={isLoading} onClick={() => void buy()}>{isLoading ? 'Adding to your cart…' : 'Buy again'}</Button>
      {left.length ? (
        <div role="alert" style={{ flexBasis: '100%' }}>
          <p style={{ margin: '8px 0 4px' }}>Not added to your cart:</p>
          <ul style={{ margin: 0 }}>{left.map((l) => <li key={l.sku}>{l.title}: {l.reason}</li>)}</ul>
          <Link to="/cart">Go to your cart</Link>
        </div>
      ) : null}
    </>
  );
}
