import { cardChecksFromLetters, last4Of } from '../card-checks';
import type { CardChecks } from '../provider';

const BRANDS: Record<string, string> = {
  Visa: 'Visa', MasterCard: 'Mastercard', AmericanExpress: 'American Express', Discover: 'Discover', DinersClub: 'Diners Club',
  JCB: 'JCB', EnRoute: 'enRoute',
};
/** Authorize.Net's card type (accountType, cardType: 'MasterCard', 'AmericanExpress', ...) as the brand's name; an unknown one as it is. */
export const anetBrand = (cardType: string | undefined): string | null => (cardType ? BRANDS[cardType] ?? cardType : null);

/**
 * The card's checks from an authorization's answer: avsResultCode and cvvResultCode are the networks' letters
 * (card-checks.ts). Authorize.Net gives no fingerprint, so none (docs/FRAUD-CHECKS.md).
 */
export function anetCardChecks(t: { avsResultCode?: string; cvvResultCode?: string; accountNumber?: string; accountType?: string }): CardChecks {
  return cardChecksFromLetters({ avs: t.avsResultCode, cvv: t.cvvResultCode, brand: anetBrand(t.accountType), last4: last4Of(t.accountNumber) });
}
