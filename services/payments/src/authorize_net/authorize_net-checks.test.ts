import { describe, expect, test } from 'vitest';
import { anetCardChecks } from './authorize_net-checks';

describe("Authorize.Net's AVS and CVV answers as card checks", () => {
  test('street and ZIP each as the code says; unknown codes are not checks; never a fingerprint', () => {
    const pick = (avs: string, cvv: string) => { const c = anetCardChecks({ avsResultCode: avs, cvvResultCode: cvv }); return [c.addressLine1, c.postalCode, c.cvc]; };
    expect(pick('Y', 'M')).toEqual(['pass', 'pass', 'pass']);
    expect(pick('A', 'N')).toEqual(['pass', 'fail', 'fail']);
    expect(pick('Z', 'P')).toEqual(['fail', 'pass', 'unchecked']);
    expect(pick('N', 'U')).toEqual(['fail', 'fail', 'unavailable']);
    expect(pick('S', 'S')).toEqual(['unavailable', 'unavailable', 'unchecked']);
    expect(pick('?', '')).toEqual(['unchecked', 'unchecked', 'unchecked']);
    // The card type as the brand's name, as saved cards show it.
    expect(anetCardChecks({ accountNumber: 'XXXX0015', accountType: 'MasterCard' })).toMatchObject({ fingerprint: null, brand: 'Mastercard', last4: '0015', riskLevel: null });
    expect(anetCardChecks({ accountNumber: 'XXXX0002', accountType: 'AmericanExpress' }).brand).toBe('American Express');
    expect(anetCardChecks({}).brand).toBeNull();
  });
});
