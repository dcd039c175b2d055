import { Fragment } from 'react';
import styled from 'styled-components';
import type { Cart } from '@platform/contracts';
import { storefrontApi } from '@platform/api-client';

const Totals = styled.dl`
  display: grid; grid-template-columns: 1fr auto; gap: 6px 16px; max-width: 360px; margin: 0 0 16px auto;
  dd { margin: 0; text-align: right; }
  .total { font-weight: 700; font-size: 1.1rem; }
  .detail { font-size: 0.9rem; padding-left: 12px; color: ${(p) => p.theme.colors.muted}; }
  s { color: ${(p) => p.theme.colors.muted}; margin-right: 6px; }
  .tax-note { grid-column: 1 / -1; font-size: 0.85rem; color: ${(p) => p.theme.colors.muted}; }
`;
const TaxNote = styled.p`max-width: 360px; margin: -8px 0 16px auto; font-size: 0.85rem; color: ${(p) => p.theme.colors.muted};`;

const ZERO = '0.00';

/**
 * The delivery or shipping line: its wording (what is paid, FREE at 0), with the regular fee struck through
 * when something came off it (the zone's lower fee over a minimum, a free-delivery or free-shipping code).
 */
function FulfilmentRow({ term, label, fee, discount, prefix, testId }: { term: string; label: string; fee: string | null; discount: string; prefix: string; testId: string }) {
  const discounted = fee !== null && discount !== ZERO;
  return (
    <>
      <dt>{term}</dt>
      <dd data-testid={testId} aria-label={discounted ? `${term} ${prefix}${fee}, now ${label}` : undefined}>
        {discounted ? <s data-testid={`${testId}-regular`}>{prefix}{fee}</s> : null}{label}
      </dd>
    </>
  );
}

/**
 * The totals of a cart as spec 1 adds them up (subtotal + additional fees − discount + special-order fee + tax +
 * delivery or shipping less its discount): on the cart page and the payment step. Amounts are the server's.
 * The store's cart settings apply here, so both screens follow them: hideTax leaves the tax rows out (the total
 * still includes them), taxDisclaimer shows under the tax (under the totals when the tax is hidden).
 */
export function OrderSummary({ totals: t, prefix, totalTestId, label }: {
  totals: Cart['totals']; prefix: string; totalTestId: string; label: string;
}) {
  const { data: settings } = storefrontApi.useSettingsQuery();
  const hideTax = settings?.cart.hideTax ?? false;
  const note = settings?.cart.taxDisclaimer.trim() ?? '';
  return (
    <>
      <Totals aria-label={label}>
        <dt>Subtotal</dt><dd>{prefix}{t.subtotal}</dd>
        {t.additional_fees !== ZERO ? <><dt>Additional fees</dt><dd>{prefix}{t.additional_fees}</dd></> : null}
        {/* The fees' own lines (none when the store shows the fees inside the subtotal: additional_fees is 0 then). */}
        {t.additional_fees !== ZERO ? t.additional_fee_details.map((fee) => (
          <Fragment key={fee.message}><dt className="detail">{fee.message}</dt><dd className="detail">{prefix}{fee.price_impact}</dd></Fragment>
        )) : null}
        {t.discount !== ZERO ? <><dt>Discount{t.discount_label ? ` (${t.discount_label})` : ''}</dt><dd data-testid="discount">−{prefix}{t.discount}</dd></> : null}
        {t.special_order_fee !== ZERO ? <><dt>{t.special_order_fee_label}</dt><dd>{prefix}{t.special_order_fee}</dd></> : null}
        {t.delivery_charge_label ? <FulfilmentRow term="Delivery" label={t.delivery_charge_label} fee={t.delivery_fee} discount={t.discount_delivery} prefix={prefix} testId="delivery-charge" /> : null}
        {t.shipping_charge_label ? <FulfilmentRow term="Shipping" label={t.shipping_charge_label} fee={t.shipping_fee} discount={t.discount_shipping} prefix={prefix} testId="shipping-charge" /> : null}
        {t.discount === ZERO && t.discount_label ? <><dt>Promo code</dt><dd data-testid="discount-label">{t.discount_label}</dd></> : null}
        {!hideTax ? t.tax_rows.map((row) => <Fragment key={row.label}><dt>{row.label}</dt><dd>{prefix}{row.amount}</dd></Fragment>) : null}
        {!hideTax && note ? <dd className="tax-note" data-testid="tax-disclaimer">{note}</dd> : null}
        <dt className="total">Total</dt><dd className="total" data-testid={totalTestId}>{prefix}{t.total}</dd>
      </Totals>
      {hideTax && note ? <TaxNote data-testid="tax-disclaimer">{note}</TaxNote> : null}
    </>
  );
}
