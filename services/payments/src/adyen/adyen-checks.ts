import type { CardChecks, CheckResult } from '../provider';

/** Adyen's card brands (`visa`, `mc`, `amex`, …) as shown to the shopper. */
export const BRANDS: Record<string, string> = {
  visa: 'Visa', mc: 'Mastercard', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club',
  jcb: 'JCB', cup: 'UnionPay', unionpay: 'UnionPay', cartebancaire: 'Cartes Bancaires', maestro: 'Maestro', interac: 'Interac',
  eftpos_australia: 'eftpos',
};

const U = 'unavailable' as const;
const X = 'unchecked' as const;
/**
 * Adyen's generic AVS results (`additionalData.avsResult`, "<code> <text>", Adyen's AVS page) as [street, postal
 * code]: 'unknown' is a check the bank could not make, 'not checked' or no data one not made. The name checks
 * (19-26) say nothing of the address beyond what their text names.
 */
const AVS: Record<string, [street: CheckResult, postal: CheckResult]> = {
  0: [U, U], 1: ['pass', 'fail'], 2: ['fail', 'fail'], 3: [U, U], 4: [U, U], 5: [X, X], 6: ['fail', 'pass'], 7: ['pass', 'pass'],
  8: [X, U], 9: ['pass', U], 10: ['fail', U], 11: [U, X], 12: ['pass', X], 13: ['fail', X], 14: [U, 'pass'], 15: [X, 'pass'],
  16: [U, 'fail'], 17: [X, 'fail'], 18: [X, X], 19: [X, 'pass'], 20: ['pass', 'pass'], 21: ['pass', X], 22: [X, X], 23: [X, 'pass'],
  24: ['pass', 'pass'], 25: ['pass', X], 26: ['fail', 'fail'],
};
/** `additionalData.cvcResult`: 0 unknown, 1 matches, 2 does not match, 3 not checked, 4 / 6 none given, 5 issuer not certified. */
const CVC: Record<string, CheckResult> = { 0: U, 1: 'pass', 2: 'fail', 3: X, 4: X, 5: U, 6: X };
/** `fraudResultType` (when the account turns it on) and the machine learning rule's `fraudRiskLevel`, in Stripe's words. */
const RISK: Record<string, string> = {
  GREEN: 'normal', AMBER: 'elevated', RED: 'highest', veryLow: 'normal', low: 'normal', medium: 'elevated', high: 'highest', veryHigh: 'highest',
};

/** What a `/payments` or `/payments/details` answer tells of the card: its additionalData and the risk checks' result. */
export interface AdyenCardFacts {
  additionalData?: Record<string, string> | null;
  fraudResult?: { accountScore?: number } | null;
}

/** The leading code of an Adyen result ('2 Neither postal code nor address match' → '2'). */
const codeOf = (result: string | undefined) => /^\s*(\d+)/.exec(result ?? '')?.[1] ?? '';

/**
 * The card's checks from an Adyen answer (docs/FRAUD-CHECKS.md): avsResult, cvcResult, cardSummary (last 4),
 * paymentMethod (brand), the card `alias` as the fingerprint (Adyen's one identifier of a card across payments,
 * when the account returns it), the billing address given, and the risk: fraudResultType, else fraudRiskLevel,
 * else the risk checks' total score (fraudResult.accountScore: above 0 some rule scored the payment, elevated).
 * Adyen returns these only as the account's Additional data settings select; an answer with none of them gives no checks.
 */
export function adyenCardChecks(answer: AdyenCardFacts): CardChecks | undefined {
  const data = answer.additionalData ?? {};
  const score = answer.fraudResult?.accountScore;
  const told = ['avsResult', 'cvcResult', 'cardSummary', 'alias', 'fraudResultType', 'fraudRiskLevel'].some((k) => data[k]);
  if (!told && typeof score !== 'number') return undefined;
  const [addressLine1, postalCode] = AVS[codeOf(data.avsResult)] ?? [X, X];
  const brand = data.paymentMethod ?? data.cardPaymentMethod;
  const riskLevel = RISK[data.fraudResultType ?? ''] ?? RISK[data.fraudRiskLevel ?? '']
    ?? (data.fraudManualReview === 'true' ? 'elevated' : typeof score === 'number' ? (score > 0 ? 'elevated' : 'normal') : null);
  return {
    fingerprint: data.alias || null, brand: brand ? BRANDS[brand] ?? brand : null, last4: /^\d{4}$/.test(data.cardSummary ?? '') ? data.cardSummary : null,
    cvc: CVC[codeOf(data.cvcResult)] ?? X, addressLine1, postalCode, riskLevel,
    billingPostalCode: data['billingAddress.postalCode'] || null, billingCountry: data['billingAddress.country'] || null,
  };
}
