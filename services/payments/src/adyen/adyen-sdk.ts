import { createRequire } from 'node:module';
import type adyenModule from '@adyen/api-library';

export type AdyenSdk = typeof adyenModule;
let loaded: AdyenSdk | null = null;

/**
 * The SDK, loaded at its first use: it takes seconds to load, and most processes and test files never call Adyen.
 * It is CommonJS whose named exports Node's ESM loader cannot see: they are read off the module.
 */
export function adyenSdk(): AdyenSdk {
  loaded ??= createRequire(import.meta.url)('@adyen/api-library') as AdyenSdk;
  return loaded;
}
