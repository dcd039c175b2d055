import type { EcommerceEvent } from '@platform/domain';
import { getSession } from './session';

declare global {
  interface Window { dataLayer?: unknown[] }
}

/**
 * Hands a storefront e-commerce event (libs/domain ecommerceEvent: US dollars) to the page's tag manager
 * through `window.dataLayer`, the queue Google Tag Manager and most pixels read; a store that adds none loses
 * nothing. Staff are not tracked (spec 1 §6).
 */
export function recordEcommerce(event: EcommerceEvent | null): void {
  if (!event || typeof window === 'undefined' || getSession()?.is_admin) return;
  const layer = (window.dataLayer ??= []);
  // GA4's advice: clear the previous event's ecommerce object so its items do not merge into this one.
  layer.push({ ecommerce: null });
  layer.push(event);
}
