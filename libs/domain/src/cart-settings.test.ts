import { describe, expect, it } from 'vitest';
import {
  BAD_VENDOR_NUMBER, cartSettingsProblems, normalizeCartSettings, NOT_ON_OR_OFF, parseVendorNumbers, storeSpecialOrderFlags, TAX_DISCLAIMER_TOO_LONG, TOO_MANY_VENDORS,
} from './index';

describe('cart settings', () => {
  it('takes any of them: on/off flags, a note of up to 300 characters, vendor numbers from 1 to 99999999', () => {
    expect(cartSettingsProblems({})).toEqual({});
    expect(cartSettingsProblems({ hideTax: true, taxDisclaimer: 'x'.repeat(300), mergeAdditionalFeeWithSubtotal: false, hideDeliveryZipcode: true, allowSpecialOrderVendors: [1, 99_999_999] })).toEqual({});
    // Spaces around the note do not count: they are not kept.
    expect(cartSettingsProblems({ taxDisclaimer: `  ${'x'.repeat(300)}  ` })).toEqual({});
  });

  it('names each bad value by its field', () => {
    expect(cartSettingsProblems({ hideTax: 'yes', mergeAdditionalFeeWithSubtotal: 1, hideDeliveryZipcode: null, taxDisclaimer: 'x'.repeat(301), allowSpecialOrderVendors: [15, 0] })).toEqual({
      hideTax: NOT_ON_OR_OFF, mergeAdditionalFeeWithSubtotal: NOT_ON_OR_OFF, hideDeliveryZipcode: NOT_ON_OR_OFF, taxDisclaimer: TAX_DISCLAIMER_TOO_LONG, allowSpecialOrderVendors: BAD_VENDOR_NUMBER,
    });
    for (const vendors of [[2.5], [Number.NaN], [100_000_000], [-3], 'all']) expect(cartSettingsProblems({ allowSpecialOrderVendors: vendors }), String(vendors)).toEqual({ allowSpecialOrderVendors: BAD_VENDOR_NUMBER });
    expect(cartSettingsProblems({ allowSpecialOrderVendors: Array.from({ length: 101 }, (_, i) => i + 1) })).toEqual({ allowSpecialOrderVendors: TOO_MANY_VENDORS });
    // A number listed twice is kept once, so it counts once.
    expect(cartSettingsProblems({ allowSpecialOrderVendors: [...Array.from({ length: 100 }, (_, i) => i + 1), 1] })).toEqual({});
  });

  it('keeps the note trimmed and each vendor once, in order; leaves out what was not sent', () => {
    expect(normalizeCartSettings({ taxDisclaimer: '  Estimated tax.  ', allowSpecialOrderVendors: [2020, 15, 2020] })).toEqual({ taxDisclaimer: 'Estimated tax.', allowSpecialOrderVendors: [15, 2020] });
    expect(normalizeCartSettings({ hideTax: true })).toEqual({ hideTax: true });
  });

  it('reads the vendor box: commas or spaces between numbers, a word that is no number named by the rule', () => {
    expect(parseVendorNumbers(' 2020, 15;7  9 ')).toEqual([2020, 15, 7, 9]);
    expect(parseVendorNumbers('')).toEqual([]);
    const parsed = parseVendorNumbers('2020, ace');
    expect(parsed[1]).toBeNaN();
    expect(cartSettingsProblems({ allowSpecialOrderVendors: parsed })).toEqual({ allowSpecialOrderVendors: BAD_VENDOR_NUMBER });
  });

  it("gives the ordering rules the store's special-order switches from the business details and the settings", () => {
    expect(storeSpecialOrderFlags({ show_oos_special: true }, { cart: { allowSpecialOrderVendors: [15] } })).toEqual({ showOosSpecial: true, specialOrderVendors: [15] });
    expect(storeSpecialOrderFlags(undefined, undefined)).toEqual({ showOosSpecial: undefined, specialOrderVendors: [] });
  });
});
