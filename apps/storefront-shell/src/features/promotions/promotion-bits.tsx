import { useState } from 'react';
import { Link, useNavigate } from '@platform/routing';
import styled from 'styled-components';
import type { Promotion } from '@platform/contracts';
import { cartApi, errorMessage, getDeviceId } from '@platform/api-client';
import { Button } from '@platform/ui';
import { Countdown } from '../../components/countdown';

export type RedeemState = { status: 'idle' | 'busy' } | { status: 'done'; message: string; disclaimer: string } | { status: 'failed'; message: string };

/** Redeems a promotion onto this shopper's cart; `silent` (the ?promo= link) keeps a failure quiet. */
export function usePromotionRedeem() {
  const [redeemPromotion] = cartApi.useRedeemPromotionMutation();
  const [state, setState] = useState<RedeemState>({ status: 'idle' });
  const redeem = async (slug: string, { silent = false } = {}) => {
    setState({ status: 'busy' });
    try {
      const answer = await redeemPromotion({ slug, device_id: getDeviceId() }).unwrap();
      setState({ status: 'done', message: answer.message, disclaimer: answer.disclaimer });
    } catch (error) {
      setState(silent ? { status: 'idle' } : { status: 'failed', message: errorMessage(error) });
    }
  };
  return { state, redeem, reset: () => setState({ status: 'idle' }) };
}

const Applied = styled.div`
  text-align: center;
  h2 { color: ${(p) => p.theme.colors.success}; }
`;

/**
 * The success of a redemption: the server's line, the terms, and Start Shopping. `focusStart` when it replaces
 * the Apply Promo button the shopper pressed: the cursor moves on to Start Shopping instead of being lost.
 */
export function PromoApplied({ message, disclaimer, onStart, focusStart = false }: { message: string; disclaimer: string; onStart: () => void; focusStart?: boolean }) {
  return (
    <Applied role="status">
      <h2 id="promo-applied-title">{message}</h2>
      {disclaimer ? <p><small>{disclaimer}</small></p> : null}
      <Button type="button" onClick={onStart} autoFocus={focusStart}>Start Shopping</Button>
    </Applied>
  );
}

const Offer = styled.div`
  .discount { font-size: 2rem; font-weight: 800; color: ${(p) => p.theme.colors.primary}; margin: 0; }
  .code { font-family: monospace; font-size: 1.1rem; padding: 2px 8px; border: 1px dashed ${(p) => p.theme.colors.border}; }
  img { max-width: 100%; height: auto; border-radius: ${(p) => p.theme.radius}; }
`;

/**
 * A promotion's offer and its redeem action, as the pop-up, the coupon modal and the promotion page show it.
 * After a successful redeem the success replaces the offer.
 */
export function PromotionOffer({ promotion, headingId, headingLevel = 2, showText = true, detailsLink = true, afterStart }: {
  promotion: Promotion; headingId: string; headingLevel?: 1 | 2; showText?: boolean; detailsLink?: boolean; afterStart?: () => void;
}) {
  const navigate = useNavigate();
  const { state, redeem } = usePromotionRedeem();
  if (state.status === 'done') {
    return <PromoApplied message={state.message} disclaimer={state.disclaimer} focusStart onStart={() => { afterStart?.(); navigate(promotion.popup_redirect_url ?? '/'); }} />;
  }
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Offer>
      {promotion.image ? <img src={promotion.image} alt="" /> : null}
      <Heading id={headingId}>{promotion.name}</Heading>
      <p className="discount">{promotion.discount_label}</p>
      {showText && promotion.description ? <p>{promotion.description}</p> : null}
      {Number(promotion.min_subtotal) > 0 ? <p>On orders of ${promotion.min_subtotal} or more.</p> : null}
      <p>Promo code <span className="code">{promotion.code}</span>{promotion.once_per_customer ? ' (sign in to use it; once per customer)' : ''}</p>
      {promotion.ends_at ? <Countdown endsAt={promotion.ends_at} /> : null}
      {state.status === 'failed' ? <p role="alert">{state.message}</p> : null}
      <p style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button type="button" disabled={state.status === 'busy'} onClick={() => redeem(promotion.slug)}>{state.status === 'busy' ? 'Applying…' : 'Apply Promo'}</Button>
        {detailsLink ? <Link to={`/promotions/single/${promotion.slug}`} onClick={afterStart}>View Details</Link> : null}
      </p>
      {promotion.disclaimer ? <p><small>{promotion.disclaimer}</small></p> : null}
    </Offer>
  );
}
