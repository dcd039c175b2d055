import { describe, expect, it } from 'vitest';
import { isOwnersWizardStep, wizardStepsOpenTo, wizardReminderDue, wizardReminderEmail, adminLandingPath, normalizeStoreOptions, storeOptionsProblems, wizardAlert, wizardNeighbours, wizardSectionSlug, wizardSteps, WIZARD_ALERTS,
  DELIVERY_NEEDS_ZIPS, INVALID_AMOUNT, INVALID_SLA, INVALID_TAX_RATE, INVALID_ZIP, NO_FULFILMENT_MODE, ZIP_LISTED_TWICE, type StoreOptions } from './index';

describe('setup wizard', () => {
  it('names each section by its title, lower-cased with dashes (spec 3 §2)', () => {
    expect(wizardSectionSlug('Fulfillment Options')).toBe('fulfillment-options');
    expect(wizardSteps('standard').map((s) => s.slug)).toEqual(['fulfillment-options', 'payment-options', 'special-order-items', 'tax-rate']);
  });

  it('gives the basic plans a shorter list: no online orders, so neither fulfilment nor payment', () => {
    expect(wizardSteps('LEB').map((s) => s.slug)).toEqual(['special-order-items', 'tax-rate']);
    expect(wizardSteps('E2P')).toHaveLength(2);
  });

  it('alerts while steps are open, then for an acknowledgement only on E1P and E2P', () => {
    expect(wizardAlert({ plan: 'standard', statuses: ['completed', 'started'], acknowledged: false })).toBe(WIZARD_ALERTS.actions);
    expect(wizardAlert({ plan: 'standard', statuses: ['completed', 'completed'], acknowledged: false })).toBeNull();
    expect(wizardAlert({ plan: 'E1P', statuses: ['completed', 'completed'], acknowledged: false })).toBe('Acknowledgement Required on Your Setup Wizard');
    expect(wizardAlert({ plan: 'E2P', statuses: ['completed'], acknowledged: true })).toBeNull();
  });

  it('leads Previous and Next along the steps', () => {
    expect(wizardNeighbours(['a', 'b', 'c'], 'a')).toEqual({ step: 1, previous: null, next: 'b' });
    expect(wizardNeighbours(['a', 'b', 'c'], 'c')).toEqual({ step: 3, previous: 'b', next: null });
  });

  it('sends an admin to the wizard when it is to be started, before the plan landing', () => {
    expect(adminLandingPath('standard', true)).toBe('/admin/wizard/intro');
    expect(adminLandingPath('LEB', true)).toBe('/admin/wizard/intro');
    expect(adminLandingPath('LEB', false)).toBe('/admin/settings/about-us');
  });
});

describe('setup wizard reminders', () => {
  it('are due once a week at most', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(wizardReminderDue(null, now)).toBe(true);
    expect(wizardReminderDue(new Date('2026-11-16T12:00:00Z'), now)).toBe(false);
    expect(wizardReminderDue(new Date('2026-11-15T12:00:00Z'), now)).toBe(true);
  });

  it('name the open steps, or ask for the acknowledgement, with the links', () => {
    const open = wizardReminderEmail({ storeName: 'Harbor Paint', alert: WIZARD_ALERTS.actions, openSteps: ['Tax Rate'], wizardUrl: 'https://x.test/admin/wizard', stopUrl: 'https://x.test/wizard-unsubscribe?token=t' });
    expect(open.subject).toBe('Harbor Paint: New Actions Required on Your Setup Wizard');
    expect(open.text).toBe('Still to do:\n- Tax Rate\n\nContinue your setup: https://x.test/admin/wizard\n\nTo stop these reminders: https://x.test/wizard-unsubscribe?token=t');
    expect(wizardReminderEmail({ storeName: 'S', alert: WIZARD_ALERTS.acknowledgement, openSteps: [], wizardUrl: 'u', stopUrl: 's' }).text).toMatch(/^Every step is done: please confirm/);
  });
});

const options: StoreOptions = {
  pickup_enabled: true, delivery_enabled: true, shipping_enabled: false,
  delivery_locations: [{ code: '97301', fee: '5.00', minThreshold: '50.00', thresholdFee: '0.00' }],
  show_oos_special: true, verify_phone_at_checkout: false, recurring_orders_enabled: false, special_order_fee: '2.50', special_order_sla: '3-8 days', tax_rates: [{ location_id: 1, rate: '8.25' }],
  pickup_disclaimer: '', delivery_settings: { delivery_disclaimer: '' },
};

describe('store options', () => {
  it('accepts a good set', () => {
    expect(storeOptionsProblems(options)).toEqual({});
  });

  it('needs one way to get an order, and zips for delivery', () => {
    expect(storeOptionsProblems({ ...options, pickup_enabled: false, delivery_enabled: false })).toEqual({ pickup_enabled: NO_FULFILMENT_MODE });
    expect(storeOptionsProblems({ ...options, delivery_locations: [] })).toEqual({ delivery_locations: DELIVERY_NEEDS_ZIPS });
    expect(storeOptionsProblems({ ...options, delivery_enabled: false, delivery_locations: [] })).toEqual({});
  });

  it('names a bad or repeated zip and a bad fee', () => {
    const zones = [...options.delivery_locations, { code: '9730', fee: 'five', minThreshold: null, thresholdFee: null }, { code: '97301', fee: '$4', minThreshold: '40', thresholdFee: 'free' }];
    expect(storeOptionsProblems({ ...options, delivery_locations: zones })).toEqual({
      'delivery_locations.1.code': INVALID_ZIP, 'delivery_locations.1.fee': INVALID_AMOUNT, 'delivery_locations.2.code': ZIP_LISTED_TWICE, 'delivery_locations.2.thresholdFee': INVALID_AMOUNT,
    });
  });

  it('checks the special order fee, lead time and tax rates', () => {
    expect(storeOptionsProblems({ ...options, special_order_fee: '-1', special_order_sla: ' ', tax_rates: [{ location_id: 1, rate: '21' }, { location_id: 2, rate: '7.5%' }] })).toEqual({
      special_order_fee: INVALID_AMOUNT, special_order_sla: INVALID_SLA, 'tax_rates.0.rate': INVALID_TAX_RATE, 'tax_rates.1.rate': INVALID_TAX_RATE,
    });
    expect(storeOptionsProblems({ ...options, special_order_sla: 'x'.repeat(41) }).special_order_sla).toBe(INVALID_SLA);
    expect(storeOptionsProblems({ ...options, tax_rates: [{ location_id: 1, rate: '20' }, { location_id: 2, rate: '0' }, { location_id: 3, rate: '7.125' }] })).toEqual({});
  });

  it('stores amounts with cents and trimmed texts', () => {
    const stored = normalizeStoreOptions({ ...options, delivery_locations: [{ code: ' 97302 ', fee: '$4', minThreshold: null, thresholdFee: null }], special_order_fee: '3.5', special_order_sla: ' 1 week ', tax_rates: [{ location_id: 1, rate: '8.250' }] });
    expect(stored).toMatchObject({ delivery_locations: [{ code: '97302', fee: '4.00' }], special_order_fee: '3.50', special_order_sla: '1 week', tax_rates: [{ location_id: 1, rate: '8.25' }] });
  });
});

describe("setup wizard: the owner's steps", () => {
  it('leaves Payment Options (an owner-only screen) out of a sub-account\'s steps, and keeps every step for the owner', () => {
    const steps = wizardSteps('E1P');
    expect(steps.filter((s) => isOwnersWizardStep(s.slug)).map((s) => s.slug)).toEqual(['payment-options']);
    expect(wizardStepsOpenTo(steps, true).map((s) => s.slug)).toEqual(['fulfillment-options', 'special-order-items', 'tax-rate']);
    expect(wizardStepsOpenTo(steps, false)).toEqual(steps);
    expect(wizardStepsOpenTo(steps, undefined)).toEqual(steps);
  });
});
