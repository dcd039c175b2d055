import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from '@platform/routing';
import { cartApi, storefrontApi, useSelectedStore, useSession, useStoreQuestionOpen } from '@platform/api-client';
import { opensPromoPopup, promoPopupDue, PROMO_POPUP_INTERVAL_MS, type PromoPopupRecord } from '@platform/domain';
import { Modal } from '@platform/ui';
import { PromotionOffer } from './promotion-bits';

const RECORD_KEY = 'promoPopup';
/** Pages where a pop-up would be in the way (the promotion itself, the cart, sign-in). */
const QUIET_PATHS = /^\/(promotions|cart|login|register|reset-password|magic-link-redirect|admin)/;

function readRecord(): PromoPopupRecord | null {
  try {
    const value = JSON.parse(localStorage.getItem(RECORD_KEY) ?? 'null') as PromoPopupRecord | null;
    return value && typeof value.expires === 'number' ? value : null;
  } catch {
    return null;
  }
}
const writeRecord = (record: PromoPopupRecord) => localStorage.setItem(RECORD_KEY, JSON.stringify(record));

/**
 * The promo pop-up (spec 1 §4): asks the server at most once a day, opens for a promotion not shown before.
 * A ?promo={slug} link opens that promotion instead, once a store is known (one store, or one selected). Both
 * wait while a first visit is asked which store.
 */
export function PromoPopup() {
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const user = useSession();
  const selectedStore = useSelectedStore();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const storeKnown = (business?.about_us.locations.length ?? 0) === 1 || selectedStore !== null;
  const linked = query.get('promo');
  // While a first visit is asked which store, the offer waits (one dialog at a time; its prices are the store's).
  const asking = useStoreQuestionOpen() && (business?.about_us.locations.length ?? 0) > 1;
  const quiet = QUIET_PATHS.test(pathname) || Boolean(user?.is_admin) || asking;
  const [due] = useState(() => promoPopupDue(readRecord(), Date.now()));
  const { data: daily } = cartApi.usePromoPopupQuery(undefined, { skip: quiet || !due || Boolean(linked) });
  const { data: linkedPromotion } = cartApi.usePromotionQuery(linked ?? '', { skip: quiet || !linked || !/^[a-z0-9-]{1,80}$/.test(linked) || !storeKnown });
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    if (daily === undefined) return;
    const record = readRecord();
    const opens = opensPromoPopup(record, daily?.slug);
    writeRecord({ slug: opens ? daily!.slug : record?.slug ?? null, expires: Date.now() + PROMO_POPUP_INTERVAL_MS });
    if (opens) setOpen(daily!.slug);
  }, [daily]);
  useEffect(() => { if (linkedPromotion) setOpen(linkedPromotion.slug); }, [linkedPromotion]);

  const promotion = open && linkedPromotion?.slug === open ? linkedPromotion : open && daily?.slug === open ? daily : null;
  return (
    <Modal open={Boolean(promotion)} onClose={() => setOpen(null)} labelledBy="promo-popup-title" testId="promo-popup">
      {promotion ? <PromotionOffer promotion={promotion} headingId="promo-popup-title" showText={!promotion.hide_popup_text} afterStart={() => setOpen(null)} /> : null}
    </Modal>
  );
}
