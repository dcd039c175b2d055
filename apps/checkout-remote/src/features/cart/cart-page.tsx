import { Link } from 'react-router';
import styled from 'styled-components';
import { DEFAULT_PRODUCT_IMAGE } from '@platform/domain';
import { cartApi, getDeviceId, storefrontApi } from '@platform/api-client';
import { Card, Container, EmptyState, ErrorNotice, Loading, PageTitle } from '@platform/ui';

const Line = styled.li`
  display: grid; grid-template-columns: 72px 1fr auto; gap: 12px; align-items: center; padding: 12px 0;
  border-bottom: 1px solid ${(p) => p.theme.colors.border}; list-style: none;
  img { width: 72px; height: 72px; object-fit: contain; }
`;

/** Cart, step 1 of checkout: this shopper's parcels and subtotal from the cart service. */
export function CartPage() {
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: cart, isLoading, isError, refetch } = cartApi.useCartParcelsQuery({ device_id: getDeviceId() });
  const prefix = settings?.products.currencyPrefix ?? '$';
  return (
    <Container>
      <PageTitle>Your Cart</PageTitle>
      {isLoading ? <Loading label="Loading your cart…" /> : null}
      {isError ? <ErrorNotice action={<button onClick={() => void refetch()}>Try again</button>}>We could not load your cart.</ErrorNotice> : null}
      {cart && cart.item_count === 0 ? (
        <EmptyState title="Your cart is empty">
          Browse the store and add products for pickup, delivery or shipping. <Link to="/departments">Shop by department</Link>
        </EmptyState>
      ) : null}
      {cart && cart.item_count > 0 ? (
        <Card>
          {cart.parcels.map((parcel) => (
            <section key={parcel.type} aria-label={parcel.type === 'special' ? 'Special Order' : 'Pickup'}>
              <h2>{parcel.type === 'special' ? 'Special Order' : 'Items'}</h2>
              <ul style={{ padding: 0 }}>
                {parcel.items.map((item) => (
                  <Line key={item.store_product_id}>
                    <img src={item.image_url || DEFAULT_PRODUCT_IMAGE} alt="" />
                    <div><strong>{item.title}</strong><div>{item.brand_name} · Qty {item.quantity}</div></div>
                    <div>{prefix}{item.price}</div>
                  </Line>
                ))}
              </ul>
            </section>
          ))}
          <p><strong>Subtotal: {prefix}{cart.subtotal}</strong></p>
        </Card>
      ) : null}
    </Container>
  );
}
