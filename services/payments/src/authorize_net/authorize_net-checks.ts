import type { CardChecks, CheckResult } from '../provider';

/**
 * Authorize.Net's AVS answer (transactionResponse.avsResultCode) as the street and postal code checks: A street
 * only, W / Z the ZIP only, X / Y both, N neither; B / P nothing sent or not applicable; E, G, R, S, U the bank
 * cannot say.
 */
const AVS: Record<string, [street: CheckResult, postal: CheckResult]> = {
  A: ['pass', 'fail'], W: ['fail', 'pass'], Z: ['fail', 'pass'], X: ['pass', 'pass'], Y: ['pass', 'pass'], N: ['fail', 'fail'],
  B: ['unchecked', 'unchecked'], P: ['unchecked', 'unchecked'],
  E: ['unavailable', 'unavailable'], G: ['unavailable', 'unavailable'], R: ['unavailable', 'unavailable'], S: ['unavailable', 'unavailable'], U: ['unavailable', 'unavailable'],
};
/** cvvResultCode: M match, N no match; P not processed, S not sent though on the card; U the issuer does not check. */
const CVV: Record<string, CheckResult> = { M: 'pass', N: 'fail', P: 'unchecked', S: 'unchecked', U: 'unavailable' };

/** The card's checks from an authorization's answer; Authorize.Net gives no fingerprint, so none (docs/FRAUD-CHECKS.md). */
export function anetCardChecks(t: { avsResultCode?: string; cvvResultCode?: string; accountNumber?: string; accountType?: string }): CardChecks {
  const [addressLine1, postalCode] = AVS[t.avsResultCode ?? ''] ?? ['unchecked', 'unchecked'];
  const last4 = /(\d{4})$/.exec(t.accountNumber ?? '')?.[1] ?? null;
  return {
    fingerprint: null, brand: t.accountType || null, last4, cvc: CVV[t.cvvResultCode ?? ''] ?? 'unchecked', addressLine1, postalCode,
    riskLevel: null, billingPostalCode: null, billingCountry: null,
  };
}
