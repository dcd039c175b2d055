import { useEffect, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import type { CouponWidget } from '@platform/contracts';
import { readableShade, REMOVE_COUPON_QUESTION, screensOpenTo, textColorOn } from '@platform/domain';
import { cartApi, couponsAdminApi, errorMessage, notify, useSession } from '@platform/api-client';
import { Modal } from '@platform/ui';
import { AdminEditLink } from '../../components/admin-edit-link';
import { PromoApplied, PromotionOffer, usePromotionRedeem } from './promotion-bits';
import { useNavigate } from '@platform/routing';

const AUTOPLAY_MS = 3500;
const GAP_PX = 20;
/** Slides per view: 3, 2 below 991 px, 1 below 766 px (spec 1 §4). */
const perViewFor = (width: number) => (width < 766 ? 1 : width < 991 ? 2 : 3);

function usePerView() {
  const [perView, setPerView] = useState(() => perViewFor(window.innerWidth));
  useEffect(() => {
    const update = () => setPerView(perViewFor(window.innerWidth));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return perView;
}

const Section = styled.section`
  margin: 32px 0;
  header { display: flex; justify-content: space-between; align-items: center; }
  h2 { margin: 0 0 12px; font-size: 1.25rem; }
  header button { font: inherit; border: 1px solid ${(p) => p.theme.colors.border}; background: ${(p) => p.theme.colors.surface}; border-radius: 50%; width: 36px; height: 36px; cursor: pointer; }
`;
const Track = styled.ul<{ $perView: number }>`
  display: grid; grid-auto-flow: column; gap: ${GAP_PX}px; margin: 0; padding: 0; overflow: hidden; scroll-behavior: smooth;
  grid-auto-columns: calc((100% - ${(p) => (p.$perView - 1) * GAP_PX}px) / ${(p) => p.$perView});
  li { list-style: none; display: flex; flex-direction: column; }
  @media (prefers-reduced-motion: reduce) { scroll-behavior: auto; }
`;
const styles = {
  // The store picks the colour; text on it, and the colour as text, are shaded to stay readable (WCAG AA).
  1: css<{ $color: string }>`background: ${(p) => p.$color}; color: ${(p) => textColorOn(p.$color)}; button { background: #fff; color: ${(p) => readableShade(p.$color)}; }`,
  2: css<{ $color: string }>`background: #fff; color: #222; border: 2px dashed ${(p) => p.$color}; .discount { color: ${(p) => readableShade(p.$color)}; } button { background: ${(p) => readableShade(p.$color)}; color: #fff; }`,
  3: css<{ $color: string; $image: string | null }>`
    color: #fff; background: ${(p) => (p.$image ? `linear-gradient(rgba(0,0,0,.45), rgba(0,0,0,.45)), url(${p.$image}) center / cover` : `linear-gradient(135deg, ${readableShade(p.$color)}, #1c1c1c)`)};
    button { background: ${(p) => readableShade(p.$color)}; color: #fff; }`,
};
const Coupon = styled.article<{ $style: 1 | 2 | 3; $color: string; $image: string | null }>`
  border-radius: 10px; padding: 20px; min-height: 190px; display: flex; flex-direction: column; gap: 6px; flex: 1;
  h3 { margin: 0; font-size: 1.1rem; }
  .discount { font-size: 1.8rem; font-weight: 800; margin: 0; }
  p { margin: 0; }
  button { margin-top: auto; align-self: flex-start; font: inherit; font-weight: 700; border: none; border-radius: 6px; padding: 8px 16px; cursor: pointer; }
  ${(p) => styles[p.$style]}
`;

const COUPONS_SCREEN = '/admin/settings/coupons';
const Tools = styled.div`
  display: flex; gap: 6px; align-items: center; min-height: 32px;
  .remove {
    display: inline-flex; align-items: center; gap: 4px; margin: 4px 0; padding: 2px 8px; font: inherit; font-size: 0.85rem; font-weight: 600; cursor: pointer;
    border: 1px dashed ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; background: none; color: ${(p) => p.theme.colors.danger};
    svg { width: 14px; height: 14px; }
  }
`;

/**
 * Spec 3 'Coupons and Highlights': edit and remove icons on each coupon for an admin whose permissions open
 * Settings › Coupons. Edit opens the coupon there; Remove asks 'Do you want to remove this coupon?' and turns it
 * off, and the slider is read again.
 */
function CouponAdminTools({ coupon }: { coupon: CouponWidget }) {
  const user = useSession();
  const [deactivate, { isLoading }] = couponsAdminApi.useDeactivateCouponMutation();
  if (!user?.is_admin || !screensOpenTo([{ to: COUPONS_SCREEN }], user.data.customer.permissions).length) return null;
  const remove = async () => {
    if (!window.confirm(REMOVE_COUPON_QUESTION)) return;
    try { notify('success', (await deactivate(coupon.id).unwrap()).message, 5000); } catch (error) { notify('error', errorMessage(error, 'The coupon could not be removed. Please try again.'), 6000); }
  };
  return (
    <Tools data-testid="coupon-admin-tools">
      <AdminEditLink to={`${COUPONS_SCREEN}?open=${encodeURIComponent(coupon.id)}`} label={`Edit coupon ${coupon.coupon_title}`} />
      <button type="button" className="remove" aria-label={`Remove coupon ${coupon.coupon_title}`} disabled={isLoading} onClick={() => void remove()}>
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M6 1h4l1 1h3v2H2V2h3l1-1zM3 5h10l-1 10H4L3 5z" /></svg>
        Remove
      </button>
    </Tools>
  );
}

/**
 * Coupons & Highlights: the store's coupon cards, sliding on their own every 3.5 s (paused while pointed at
 * or focused, and for reduced motion). Get Coupon applies it for a signed-in customer; a guest gets the
 * coupon modal first (spec 1 §4).
 */
export function CouponSlider() {
  const { data: coupons = [] } = cartApi.useCouponWidgetsQuery();
  const perView = usePerView();
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [chosen, setChosen] = useState<CouponWidget | null>(null);
  const user = useSession();
  const navigate = useNavigate();
  const direct = usePromotionRedeem();
  const last = Math.max(0, coupons.length - perView);

  useEffect(() => {
    const list = track.current;
    const slide = list?.children[index] as HTMLElement | undefined;
    if (list && slide) list.scrollTo({ left: slide.offsetLeft - list.offsetLeft });
  }, [index, perView]);
  useEffect(() => {
    if (paused || last === 0 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return undefined;
    const timer = setInterval(() => setIndex((i) => (i >= last ? 0 : i + 1)), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused, last]);
  if (!coupons.length) return null;

  const getCoupon = (coupon: CouponWidget) => {
    setChosen(coupon);
    if (user && !user.is_admin) void direct.redeem(coupon.slug);
  };
  const close = () => { setChosen(null); direct.reset(); };
  return (
    <Section aria-labelledby="coupons-heading" onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)} onFocus={() => setPaused(true)} onBlur={() => setPaused(false)}>
      <header>
        <h2 id="coupons-heading">Coupons &amp; Highlights</h2>
        {last > 0 ? (
          <div>
            <button type="button" aria-label="Previous coupons" onClick={() => setIndex((i) => (i <= 0 ? last : i - 1))}>‹</button>{' '}
            <button type="button" aria-label="Next coupons" onClick={() => setIndex((i) => (i >= last ? 0 : i + 1))}>›</button>
          </div>
        ) : null}
      </header>
      <Track ref={track} $perView={perView} data-testid="coupon-slider" data-per-view={perView}>
        {coupons.map((c) => (
          <li key={c.slug}>
            <CouponAdminTools coupon={c} />
            <Coupon $style={c.style} $color={c.background_color} $image={c.background_image} data-style={c.style}>
              <h3>{c.coupon_title}</h3>
              <p className="discount">{c.discount_label}</p>
              {c.description ? <p>{c.description}</p> : null}
              {c.bottom_text ? <p><small>{c.bottom_text}</small></p> : null}
              <button type="button" onClick={() => getCoupon(c)} aria-label={`${c.button_title}: ${c.coupon_title}`}>{c.button_title}</button>
            </Coupon>
          </li>
        ))}
      </Track>
      <Modal open={Boolean(chosen)} onClose={close} labelledBy={direct.state.status === 'done' ? 'promo-applied-title' : 'coupon-modal-title'} testId="coupon-modal">
        {chosen && direct.state.status === 'done' ? <PromoApplied message={direct.state.message} disclaimer={direct.state.disclaimer} onStart={() => { close(); navigate('/'); }} /> : null}
        {chosen && direct.state.status === 'busy' ? <p role="status" id="coupon-modal-title">Applying…</p> : null}
        {chosen && (direct.state.status === 'idle' || direct.state.status === 'failed') ? (
          <>
            {direct.state.status === 'failed' ? <p role="alert">{direct.state.message}</p> : null}
            <PromotionOffer promotion={chosen} headingId="coupon-modal-title" afterStart={close} />
          </>
        ) : null}
      </Modal>
    </Section>
  );
}
