import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { BusinessDetails, StoreSettings } from '@platform/contracts';
import { storefrontApi, useCartQuantities } from '@platform/api-client';

interface ShopFacts {
  settings: StoreSettings | undefined;
  business: BusinessDetails | undefined;
  cart: ReturnType<typeof useCartQuantities>;
}

const ShopFactsContext = createContext<ShopFacts | null>(null);

/**
 * What every price, stock label and cart control reads (the store's settings and business details, the cart),
 * read once for the whole page. When each of dozens of product tiles held six cache subscriptions of its own,
 * loading the home page spent about as long in Redux as in React's rendering.
 */
export function ShopFactsProvider({ children }: { children: ReactNode }) {
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const cart = useCartQuantities();
  // The cart helpers are new functions each render; what they read is the cart answer and the busy flag.
  const value = useMemo(() => ({ settings, business, cart }), [settings, business, cart.cart, cart.busy, cart.isAdmin]);
  return <ShopFactsContext.Provider value={value}>{children}</ShopFactsContext.Provider>;
}

export function useShopFacts(): ShopFacts {
  const facts = useContext(ShopFactsContext);
  if (!facts) throw new Error('useShopFacts needs a ShopFactsProvider above it');
  return facts;
}
