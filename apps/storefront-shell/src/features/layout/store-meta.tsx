import { useEffect } from 'react';
import { getDeviceId, storefrontApi, useSession } from '@platform/api-client';

/** Spec 1 §3 'userTracked': the UTC day this browser was last counted as a visitor. */
const TRACKED_KEY = 'userTracked';

/** Sets a <meta> in the page head (created when missing); an empty value removes it. */
function setMeta(attribute: 'name' | 'property', key: string, value: string | null) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!value) { element?.remove(); return; }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = value;
}

/**
 * The store's page title, meta description and link-preview tags (GET store-information), and the day's visit
 * (GET track-visitor, once a day per browser; not for staff: spec 1 §6). Renders nothing.
 */
export function StoreMeta() {
  const { data: info } = storefrontApi.useStoreInformationQuery();
  const user = useSession();
  const [trackVisitor] = storefrontApi.useTrackVisitorMutation();

  useEffect(() => {
    if (!info) return;
    document.title = info.site_title;
    setMeta('name', 'description', info.meta_description || null);
    setMeta('property', 'og:title', info.site_title);
    setMeta('property', 'og:description', info.meta_description || null);
    setMeta('property', 'og:image', info.og_image);
  }, [info]);

  useEffect(() => {
    if (user?.is_admin) return;
    const today = new Date().toISOString().slice(0, 10);
    if (localStorage.getItem(TRACKED_KEY) === today) return;
    const visitor = user ? { customer_slug: user.data.customer.slug } : { device_id: getDeviceId() };
    // Counted or not, a failure is not the shopper's concern: asked again on the next page.
    trackVisitor(visitor).unwrap().then(() => localStorage.setItem(TRACKED_KEY, today), () => undefined);
  }, [user, trackVisitor]);
  return null;
}
