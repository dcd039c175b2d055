import { cardChecksFromLetters, last4Of } from '../card-checks';
import type { CardChecks } from '../provider';

/**
 * The card's checks from an authorization's answer: avsResultCode and cvvResultCode are the networks' letters
 * (card-checks.ts). Authorize.Net gives no fingerprint, so none (docs/FRAUD-CHECKS.md).
 */
export function anetCardChecks(t: { avsResultCode?: string; cvvResultCode?: string; accountNumber?: string; accountType?: string }): CardChecks {
  return cardChecksFromLetters({ avs: t.avsResultCode, cvv: t.cvvResultCode, brand: t.accountType, last4: last4Of(t.accountNumber) });
}
