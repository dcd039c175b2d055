import type { StoreSettings } from '@platform/contracts';
import { cartSettingsProblems, parseVendorNumbers, TAX_DISCLAIMER_MAX, type CartSettings } from '@platform/domain';
import { storefrontApi, storeContentAdminApi } from '@platform/api-client';
import { Card, Field } from '@platform/ui';
import { LoadState, SaveBar } from './checked-save';
import { useSettingsForm } from './use-settings-form';
import { SettingsForm } from './product-listings-page';

/** Which cart settings a screen shows: the totals' display on Fulfillment Options, the vendors on Special Order Items. */
export type CartSettingsPart = 'totals' | 'vendors';
const PART_KEYS: Record<CartSettingsPart, (keyof CartSettings)[]> = {
  totals: ['hideTax', 'taxDisclaimer', 'mergeAdditionalFeeWithSubtotal', 'hideDeliveryZipcode'],
  vendors: ['allowSpecialOrderVendors'],
};

type Form = Omit<CartSettings, 'allowSpecialOrderVendors'> & { vendors: string };
const fromSettings = ({ cart }: StoreSettings): Form => ({
  hideTax: cart.hideTax, taxDisclaimer: cart.taxDisclaimer, mergeAdditionalFeeWithSubtotal: cart.mergeAdditionalFeeWithSubtotal,
  hideDeliveryZipcode: cart.hideDeliveryZipcode, vendors: cart.allowSpecialOrderVendors.join(', '),
});

/**
 * The store's cart settings (GET settings `cart`, saved by POST admin/settings/cart), beside the selling options
 * they go with; its own Save, since they are kept in the store settings rather than the business details.
 */
export function CartSettingsForm({ part }: { part: CartSettingsPart }) {
  const settings = useSettingsForm(storefrontApi.useSettingsQuery(), storeContentAdminApi.useSaveCartSettingsMutation(), {
    from: fromSettings,
    check: (form) => {
      const all: CartSettings = { ...form, allowSpecialOrderVendors: parseVendorNumbers(form.vendors) };
      const body = Object.fromEntries(PART_KEYS[part].map((key) => [key, all[key]])) as Partial<CartSettings>;
      return { body, problems: cartSettingsProblems(body) };
    },
    fallback: 'The cart settings could not be saved. Please try again.',
  });
  const { form, change, problem, described } = settings;

  if (settings.isLoading || settings.isError) return <LoadState load={settings} loading="Loading the cart settings…" failed="We could not load the cart settings." />;
  if (!form) return null;
  return (
    <SettingsForm onSubmit={settings.onSubmit} noValidate aria-label={part === 'totals' ? 'Cart and checkout totals' : 'Special order vendors'} style={{ marginTop: 28 }}>
      {part === 'totals' ? (
        <Card>
          <h2>Cart and checkout totals</h2>
          <label className="check">
            <input type="checkbox" checked={form.hideTax} onChange={(e) => change({ hideTax: e.target.checked })} />
            Hide the tax lines in the cart and at checkout
          </label>
          <p className="help">The total still includes the tax; shoppers just do not see it on its own line.</p>
          <Field style={{ marginTop: 14 }}>
            Note under the tax
            <textarea rows={2} maxLength={TAX_DISCLAIMER_MAX} value={form.taxDisclaimer} {...described('taxDisclaimer')} onChange={(e) => change({ taxDisclaimer: e.target.value })} />
          </Field>
          <p className="help">E.g. &lsquo;Tax is an estimate until your order is ready.&rsquo; Shown under the tax (under the totals when the tax is hidden). Leave it empty for none.</p>
          {problem('taxDisclaimer')}
          <label className="check" style={{ marginTop: 14 }}>
            <input type="checkbox" checked={form.mergeAdditionalFeeWithSubtotal} onChange={(e) => change({ mergeAdditionalFeeWithSubtotal: e.target.checked })} />
            Include additional fees in the subtotal
          </label>
          <p className="help">Item fees (e.g. a battery recycling fee) are added into the subtotal instead of shown as their own line.</p>
          <label className="check" style={{ marginTop: 14 }}>
            <input type="checkbox" checked={form.hideDeliveryZipcode} onChange={(e) => change({ hideDeliveryZipcode: e.target.checked })} />
            Hide the delivery zip code box in the cart
          </label>
          <p className="help">Shoppers then give their address at checkout only; the delivery fee shows once they have.</p>
        </Card>
      ) : (
        <Card>
          <h2>Vendors you special-order from</h2>
          <Field>
            Vendor numbers
            <input inputMode="numeric" placeholder="e.g. 2020, 15" value={form.vendors} {...described('allowSpecialOrderVendors')} onChange={(e) => change({ vendors: e.target.value })} />
          </Field>
          <p className="help">Items from these vendors show &lsquo;Special Order&rsquo; instead of &lsquo;Out of Stock&rsquo; and can be ordered when the store has none. Separate the numbers with commas; leave it empty for none.</p>
          {problem('allowSpecialOrderVendors')}
        </Card>
      )}
      <SaveBar failure={settings.failure} saving={settings.saving} label={part === 'totals' ? 'Save cart settings' : 'Save vendors'} saved={settings.saved} />
    </SettingsForm>
  );
}
