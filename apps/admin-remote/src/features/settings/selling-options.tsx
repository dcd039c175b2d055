import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { BusinessDetails } from '@platform/contracts';
import { pickStoreOptions, storeOptionsProblems, type StoreOptions } from '@platform/domain';
import { adminSettingsApi, storefrontApi } from '@platform/api-client';
import { Link } from '@platform/routing';
import { Button, Card, Container, Field, PageTitle } from '@platform/ui';
import { LoadState, SaveBar } from './checked-save';
import { useSettingsForm } from './use-settings-form';
import { CartSettingsForm } from './cart-settings-form';

/** The three selling-option screens; each is a settings screen or a setup wizard step (its slug). */
export type SellingOptionsSection = 'fulfillment-options' | 'special-order-items' | 'tax-rate';
const SECTION_KEYS: Record<SellingOptionsSection, (keyof StoreOptions)[]> = {
  'fulfillment-options': ['pickup_enabled', 'delivery_enabled', 'shipping_enabled', 'delivery_locations', 'verify_phone_at_checkout', 'recurring_orders_enabled', 'pickup_disclaimer', 'delivery_settings'],
  'special-order-items': ['show_oos_special', 'special_order_fee', 'special_order_sla'],
  'tax-rate': ['tax_rates'],
};
export const isSellingOptionsSection = (slug: string): slug is SellingOptionsSection => slug in SECTION_KEYS;

const Form = styled.form`
  display: grid; gap: 20px; max-width: 760px;
  fieldset { border: 0; padding: 0; margin: 0; }
  legend { font-weight: 600; margin-bottom: 8px; }
  .check { display: flex; gap: 8px; align-items: center; margin: 6px 0; font-weight: 400; }
  .help { margin: 4px 0 0; font-weight: 400; color: ${(p) => p.theme.colors.muted}; }
  .problem { margin: 4px 0 0; font-weight: 400; color: ${(p) => p.theme.colors.danger}; }
  .zone { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)) auto; gap: 8px 12px; align-items: start; padding: 8px 0; }
  .zone label { display: grid; gap: 6px; font-weight: 600; }
  .zone > button { margin-top: 26px; }
  .zone input { width: 100%; box-sizing: border-box; font: inherit; font-weight: 400; padding: 8px 10px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; }
  @media (max-width: 720px) { .zone { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); } .zone > button { grid-column: 1 / -1; justify-self: start; margin-top: 0; } }
`;

function fromBusiness(b: BusinessDetails): StoreOptions {
  // Every location, with its rate or empty for one not set yet.
  return { ...pickStoreOptions(b), tax_rates: b.about_us.locations.map((l) => ({ location_id: l.id, rate: b.tax_rates.find((r) => r.location_id === l.id)?.rate ?? '' })) };
}

/**
 * The form of one selling-options section: the values the store has now, every field checked with the shared
 * rules before saving and named under itself when refused; onSaved runs after a save (the wizard moves on).
 */
export function SellingOptionsForm({ section, submitLabel = 'Save changes', onSaved, actions }: {
  section: SellingOptionsSection; submitLabel?: string; onSaved?: () => void; actions?: ReactNode;
}) {
  const keys = SECTION_KEYS[section];
  const mine = (all: Record<string, string>) => Object.fromEntries(Object.entries(all).filter(([key]) => keys.some((k) => key === k || key.startsWith(`${k}.`))));
  const options = useSettingsForm(storefrontApi.useBusinessDetailsQuery(), adminSettingsApi.useSaveStoreOptionsMutation(), {
    from: fromBusiness,
    check: (form) => ({ body: Object.fromEntries(keys.map((k) => [k, form[k]])), problems: mine(storeOptionsProblems(form)) }),
    fallback: 'The settings could not be saved. Please try again.',
    onSaved,
  });
  const { data: business, form, change: set, problem, described } = options;

  if (options.isLoading || options.isError) return <LoadState load={options} loading="Loading settings…" failed="We could not load the store settings." />;
  if (!form || !business) return null;
  const zones = form.delivery_locations;
  const setZone = (index: number, patch: Partial<StoreOptions['delivery_locations'][number]>) => set({ delivery_locations: zones.map((z, i) => (i === index ? { ...z, ...patch } : z)) });

  return (
    <Form onSubmit={options.onSubmit} noValidate aria-label={section.replace(/-/g, ' ')}>
      {section === 'fulfillment-options' ? (
        <>
          <Card><fieldset>
            <legend>How shoppers get their orders</legend>
            <label className="check"><input type="checkbox" checked={form.pickup_enabled} {...described('pickup_enabled')} onChange={(e) => set({ pickup_enabled: e.target.checked })} /> Pickup in store</label>
            <label className="check"><input type="checkbox" checked={form.delivery_enabled} onChange={(e) => set({ delivery_enabled: e.target.checked })} /> Local delivery</label>
            <label className="check"><input type="checkbox" checked={form.shipping_enabled} onChange={(e) => set({ shipping_enabled: e.target.checked })} /> Shipping</label>
            {problem('pickup_enabled')}
          </fieldset></Card>
          <Card><fieldset>
            <legend>Checking new shoppers</legend>
            <label className="check"><input type="checkbox" checked={form.verify_phone_at_checkout} onChange={(e) => set({ verify_phone_at_checkout: e.target.checked })} /> Ask guests to confirm their mobile number with a texted code before they order</label>
            <p className="help">Cuts orders with a wrong or made-up number. Signed-in customers whose account has the number are not asked.</p>
          </fieldset></Card>
          <Card><fieldset>
            <legend>Recurring orders</legend>
            <label className="check"><input type="checkbox" checked={form.recurring_orders_enabled} onChange={(e) => set({ recurring_orders_enabled: e.target.checked })} /> Let signed-in shoppers repeat their orders (weekly, every 2 or 4 weeks, monthly)</label>
            <p className="help">
              Offered at checkout for pickup and local delivery, paid at the store or with a saved card; each order is placed on its day and the
              shopper is e-mailed the day before. Turning this off stops new ones; those already set up go on until cancelled
              in <Link to="/admin/orders/recurring">Orders › Recurring</Link>.
            </p>
          </fieldset></Card>
          <Card><fieldset>
            <legend>What shoppers are told</legend>
            <Field>Pickup disclaimer<textarea rows={2} maxLength={500} value={form.pickup_disclaimer} {...described('pickup_disclaimer')} onChange={(e) => set({ pickup_disclaimer: e.target.value })} /></Field>
            {problem('pickup_disclaimer')}
            <Field>Delivery disclaimer<textarea rows={2} maxLength={500} value={form.delivery_settings.delivery_disclaimer} {...described('delivery_settings.delivery_disclaimer')}
              onChange={(e) => set({ delivery_settings: { ...form.delivery_settings, delivery_disclaimer: e.target.value } })} /></Field>
            {problem('delivery_settings.delivery_disclaimer')}
            <p className="help">Shown in the cart, at checkout, after the order and in the confirmation e-mail for that way of getting the order. Leave one empty for the standard words.</p>
          </fieldset></Card>
          <Card><fieldset>
            <legend>Zip codes you deliver to</legend>
            <p className="help">Local delivery is offered at checkout for these zip codes, at the fee beside each. From an order subtotal you name, a zip can charge a lower fee (0.00: free delivery); the cart shows the difference as a delivery discount.</p>
            {zones.length === 0 ? <p>No delivery zip codes yet.</p> : null}
            {zones.map((zone, index) => (
              <div className="zone" key={index} role="group" aria-label={`Delivery zip ${index + 1}`}>
                <div>
                  <label>Zip code<input inputMode="numeric" maxLength={5} value={zone.code} {...described(`delivery_locations.${index}.code`)} onChange={(e) => setZone(index, { code: e.target.value })} /></label>
                  {problem(`delivery_locations.${index}.code`)}
                </div>
                <div>
                  <label>Delivery fee ($)<input inputMode="decimal" value={zone.fee} {...described(`delivery_locations.${index}.fee`)} onChange={(e) => setZone(index, { fee: e.target.value })} /></label>
                  {problem(`delivery_locations.${index}.fee`)}
                </div>
                <div>
                  <label>Lower fee from ($)<input inputMode="decimal" placeholder="e.g. 75.00" value={zone.minThreshold ?? ''} {...described(`delivery_locations.${index}.minThreshold`)}
                    onChange={(e) => setZone(index, { minThreshold: e.target.value.trim() ? e.target.value : null })} /></label>
                  {problem(`delivery_locations.${index}.minThreshold`)}
                </div>
                <div>
                  <label>Lower fee ($)<input inputMode="decimal" placeholder="0.00 for free" value={zone.thresholdFee ?? ''} {...described(`delivery_locations.${index}.thresholdFee`)}
                    onChange={(e) => setZone(index, { thresholdFee: e.target.value.trim() ? e.target.value : null })} /></label>
                  {problem(`delivery_locations.${index}.thresholdFee`)}
                </div>
                <Button type="button" $variant="secondary" onClick={() => set({ delivery_locations: zones.filter((_, i) => i !== index) })}>Remove</Button>
              </div>
            ))}
            {problem('delivery_locations')}
            <div style={{ marginTop: 12 }}>
              <Button type="button" $variant="secondary" onClick={() => set({ delivery_locations: [...zones, { code: '', fee: '', minThreshold: null, thresholdFee: null }] })}>Add a zip code</Button>
            </div>
          </fieldset></Card>
        </>
      ) : null}
      {section === 'special-order-items' ? (
        <Card>
          <label className="check"><input type="checkbox" checked={form.show_oos_special} onChange={(e) => set({ show_oos_special: e.target.checked })} /> Let shoppers special-order items that are out of stock</label>
          <p className="help">Items your vendor can supply can then be ordered when the store has none.</p>
          <Field style={{ marginTop: 14 }}>Special order fee ($)<input inputMode="decimal" value={form.special_order_fee} {...described('special_order_fee')} onChange={(e) => set({ special_order_fee: e.target.value })} /></Field>
          {problem('special_order_fee')}
          <Field>Usual delivery time<input value={form.special_order_sla} maxLength={40} {...described('special_order_sla')} onChange={(e) => set({ special_order_sla: e.target.value })} /></Field>
          <p className="help">Shown on the product page and in the cart, e.g. 3-8 days.</p>
          {problem('special_order_sla')}
        </Card>
      ) : null}
      {section === 'tax-rate' ? (
        <Card>
          {form.tax_rates.length === 0 ? <p>This store has no locations yet.</p> : null}
          {form.tax_rates.map((r, index) => {
            const location = business.about_us.locations.find((l) => l.id === r.location_id);
            return (
              <div key={r.location_id}>
                <Field>{location?.name ?? `Location ${r.location_id}`} sales tax (%)
                  <input inputMode="decimal" value={r.rate} {...described(`tax_rates.${index}.rate`)}
                    onChange={(e) => set({ tax_rates: form.tax_rates.map((t, i) => (i === index ? { ...t, rate: e.target.value } : t)) })} />
                </Field>
                {problem(`tax_rates.${index}.rate`)}
              </div>
            );
          })}
          <p className="help">Charged on pickup orders at that store; delivery and shipping use the destination&apos;s rate where the store has one.</p>
        </Card>
      ) : null}
      <SaveBar failure={options.failure} saving={options.saving} label={submitLabel} actions={actions} />
    </Form>
  );
}

/**
 * Settings › Fulfillment Options and Special Order Items: the same forms outside the wizard, each with the cart
 * settings that go with it (how the cart shows tax, fees and the zip; the vendors to special-order from).
 */
export const FulfillmentOptionsPage = () => (
  <Container><PageTitle>Fulfillment Options</PageTitle><SellingOptionsForm section="fulfillment-options" /><CartSettingsForm part="totals" /></Container>
);
export const SpecialOrderItemsPage = () => (
  <Container><PageTitle>Special Order Items</PageTitle><SellingOptionsForm section="special-order-items" /><CartSettingsForm part="vendors" /></Container>
);
