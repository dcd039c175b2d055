import type { CardChecks, CheckResult } from './provider';

/**
 * The card networks' one-letter AVS answer (Visa's codes, passed on by Authorize.Net as avsResultCode and by Plug'n
 * Pay as avs-code) as the street and postal code checks: A street only, W / Z the ZIP only, X / Y both, N neither;
 * B / P nothing sent or not applicable; E, G, R, S, U the bank cannot say.
 */
const AVS: Record<string, [street: CheckResult, postal: CheckResult]> = {
  A: ['pass', 'fail'], W: ['fail', 'pass'], Z: ['fail', 'pass'], X: ['pass', 'pass'], Y: ['pass', 'pass'], N: ['fail', 'fail'],
  B: ['unchecked', 'unchecked'], P: ['unchecked', 'unchecked'],
  E: ['unavailable', 'unavailable'], G: ['unavailable', 'unavailable'], R: ['unavailable', 'unavailable'], S: ['unavailable', 'unavailable'], U: ['unavailable', 'unavailable'],
};
/** The CVV answer: M match, N no match; P not processed, S not sent though on the card; U the issuer does not check. */
const CVV: Record<string, CheckResult> = { M: 'pass', N: 'fail', P: 'unchecked', S: 'unchecked', U: 'unavailable' };

/** A card's checks from the network letters (an unknown or missing letter is no check) and what else the answer told. */
export function cardChecksFromLetters(answer: { avs?: string; cvv?: string; brand?: string | null; last4?: string | null }): CardChecks {
  const [addressLine1, postalCode] = AVS[(answer.avs ?? '').trim().toUpperCase()] ?? ['unchecked', 'unchecked'];
  return {
    fingerprint: null, brand: answer.brand || null, last4: answer.last4 || null, cvc: CVV[(answer.cvv ?? '').trim().toUpperCase()] ?? 'unchecked',
    addressLine1, postalCode, riskLevel: null, billingPostalCode: null, billingCountry: null,
  };
}

/** The last 4 digits of a masked card number ('XXXX0015', '411111******1111'), or null. */
export const last4Of = (masked: string | undefined): string | null => /(\d{4})\s*$/.exec(masked ?? '')?.[1] ?? null;
