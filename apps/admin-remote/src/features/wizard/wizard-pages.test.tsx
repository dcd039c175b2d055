import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { WizardState } from '@platform/contracts';
import { WIZARD_ALERTS, WIZARD_STEP_OWNERS } from '@platform/domain';
import { FakeApi as ApiStandIn } from '@platform/api-client/testing';
import { BUSINESS, OWNER, renderAdmin, type Answers } from '../../test-support';

/** The setup wizard's routes (services/tenant-settings setup-wizard). */
interface WizardAnswers extends Answers {
  'GET /api/setup-wizard/get': { data: WizardState };
  'POST /api/setup-wizard/mark-item-started': { data: WizardState };
}
class WizardApi extends ApiStandIn<WizardAnswers> {}

const step = (title: string, status: WizardState['steps'][number]['status']) => ({ title, slug: title.toLowerCase().replace(/\s+/g, '-'), text: `About ${title}.`, status });
const STATE: WizardState = {
  wizard_enabled: true, is_wizard_begin: true, needs_acknowledgement: false, acknowledged: false, alert: WIZARD_ALERTS.actions,
  steps: [step('Fulfillment Options', 'completed'), step('Payment Options', 'not_started'), step('Special Order Items', 'not_started'), step('Tax Rate', 'not_started')],
};
const WIZARD = { ...BUSINESS, wizard_enabled: true };
const STAFF = { ...OWNER, data: { ...OWNER.data, customer: { ...OWNER.data.customer, slug: 'staff', is_sub_account: true } } };
const wizardApi = () => new WizardApi().on('GET /api/setup-wizard/get', { data: STATE }).on('POST /api/setup-wizard/mark-item-started', { data: STATE });
const rows = async () => within(await screen.findByRole('list', { name: 'Setup steps' })).getAllByRole('listitem').map((li) => li.querySelector('strong')!.textContent);

describe('Setup wizard: the owner\'s Payment Options step', () => {
  it('is listed for the owner', async () => {
    renderAdmin('/admin/wizard/setup', { api: wizardApi(), business: WIZARD });
    expect(await rows()).toEqual(['1. Fulfillment Options', '2. Payment Options', '3. Special Order Items', '4. Tax Rate']);
  });

  it('is not listed for a sub-account, whose steps are numbered without it', async () => {
    renderAdmin('/admin/wizard/setup', { api: wizardApi(), business: WIZARD, user: STAFF });
    expect(await rows()).toEqual(['1. Fulfillment Options', '2. Special Order Items', '3. Tax Rate']);
    expect(screen.queryByRole('link', { name: 'Open Payment Options' })).toBeNull();
  });

  it('resumes a sub-account past it, at the first of their steps not done', async () => {
    localStorage.setItem('wizard', '1');
    renderAdmin('/admin/wizard', { api: wizardApi(), business: WIZARD, user: STAFF });
    expect(await screen.findByRole('heading', { name: 'Special Order Items' })).toBeTruthy();
    expect(screen.getByText('Setup Wizard · Step 2 of 3')).toBeTruthy();
  });

  it('opened by its address, tells a sub-account plainly it is the owner\'s, with the way on; nothing is marked or asked of the payment settings', async () => {
    const api = wizardApi();
    renderAdmin('/admin/wizard/section/payment-options?wizard_step=2', { api, business: WIZARD, user: STAFF });
    expect((await screen.findByRole('note')).textContent).toBe(WIZARD_STEP_OWNERS);
    expect(screen.getByRole('heading', { name: 'Payment Options' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next step' }).getAttribute('href')).toBe('/admin/wizard/section/special-order-items?wizard_step=2');
    expect(screen.queryByRole('button', { name: /Skip/ })).toBeNull();
    expect(api.sent('POST /api/setup-wizard/mark-item-started')).toHaveLength(0);
    expect(api.requests.some((r) => r.path === '/api/admin/fulfillment/payment-settings')).toBe(false);
  });
});
