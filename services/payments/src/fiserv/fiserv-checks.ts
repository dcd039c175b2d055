import type { CardChecks, CheckResult } from '../provider';

/** What a Fiserv TransactionResponse tells of the card (Gateway API: ProcessorData, PaymentMethodDetails, approvalCode). */
export interface FiservCardFacts {
  approvalCode?: string;
  processor?: { avsResponse?: { streetMatch?: string; postalCodeMatch?: string }; securityCodeResponse?: string };
  paymentMethodDetails?: { paymentCard?: { brand?: string; last4?: string } };
  paymentToken?: { brand?: string; last4?: string };
}

/** AVSResponse.streetMatch / postalCodeMatch: Y, N, NO_INPUT_DATA (nothing sent), NOT_CHECKED (the issuer did not check). */
const AVS: Record<string, CheckResult> = { Y: 'pass', N: 'fail', NO_INPUT_DATA: 'unchecked', NOT_CHECKED: 'unavailable' };
/** ProcessorData.securityCodeResponse. */
const CVV: Record<string, CheckResult> = {
  MATCHED: 'pass', NOT_MATCHED: 'fail', NOT_PROCESSED: 'unchecked', NOT_PRESENT: 'unchecked', NOT_CERTIFIED: 'unavailable', NOT_CHECKED: 'unavailable',
};
/**
 * The same in the approval code's fourth part ('Y:OK7118:0000000000:PPX:…', 'Y:OK152C:4345270263:YYYM:…'): the
 * street and ZIP letters first (Y, N, P: ResponseCodes.md), the CVV letter last.
 */
const AVS_LETTER: Record<string, CheckResult> = { Y: 'pass', N: 'fail', P: 'unchecked' };
const CVV_LETTER: Record<string, CheckResult> = { M: 'pass', N: 'fail', P: 'unchecked', S: 'unchecked', U: 'unavailable', X: 'unavailable' };

const BRANDS: Record<string, string> = {
  VISA: 'Visa', MASTERCARD: 'Mastercard', AMEX: 'American Express', DISCOVER: 'Discover', DINERSCLUB: 'Diners Club', JCB: 'JCB', MAESTRO: 'Maestro',
};

/**
 * The card's checks from a Fiserv transaction (docs/FRAUD-CHECKS.md): the processor's AVS and security code answers
 * (the approval code's letters when the processor block lacks them), brand and last 4. Fiserv gives no card
 * fingerprint (a payment token is one per tokenization, not per card) and no risk level on a payment.
 */
export function fiservCardChecks(tx: FiservCardFacts): CardChecks | undefined {
  const letters = /^[A-Z?]:[^:]*:[^:]*:([A-Z]{3,4})(:|$)/.exec(tx.approvalCode ?? '')?.[1] ?? '';
  // An answer that tells nothing of the card (no processor checks, card or approval letters) gives no checks.
  if (!letters && !tx.processor?.avsResponse && !tx.processor?.securityCodeResponse && !tx.paymentMethodDetails?.paymentCard && !tx.paymentToken) return undefined;
  const avs = tx.processor?.avsResponse;
  const card: { brand?: string; last4?: string } = tx.paymentMethodDetails?.paymentCard ?? tx.paymentToken ?? {};
  const brand = card.brand ? BRANDS[card.brand.toUpperCase()] ?? card.brand : null;
  return {
    fingerprint: null, brand, last4: /^\d{4}$/.test(card.last4 ?? '') ? card.last4! : null,
    cvc: CVV[tx.processor?.securityCodeResponse ?? ''] ?? CVV_LETTER[letters.at(-1) ?? ''] ?? 'unchecked',
    addressLine1: AVS[avs?.streetMatch ?? ''] ?? AVS_LETTER[letters[0] ?? ''] ?? 'unchecked',
    postalCode: AVS[avs?.postalCodeMatch ?? ''] ?? AVS_LETTER[letters[1] ?? ''] ?? 'unchecked',
    riskLevel: null, billingPostalCode: null, billingCountry: null,
  };
}
