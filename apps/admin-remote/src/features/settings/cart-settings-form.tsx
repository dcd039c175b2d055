import { useEffect, useState, type FormEvent } from 'react';
import type { StoreSettings } from '@platform/contracts';
import { cartSettingsProblems, parseVendorNumbers, TAX_DISCLAIMER_MAX, type CartSettings } from '@platform/domain';
import { notify, storefrontApi, storeContentAdminApi } from '@platform/api-client';
import { Button, Card, ErrorNotice, Field, Loading } from '@platform/ui';
import { SaveBar, useCheckedSave } from './checked-save';
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
  const { data: settings, isLoading, isError, refetch } = storefrontApi.useSettingsQuery();
  const [save, { isLoading: saving }] = storeContentAdminApi.useSaveCartSettingsMutation();
  const [form, setForm] = useState<Form | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { checkAndSave, failure, problem, described } = useCheckedSave();
  useEffect(() => { if (settings && form === null) setForm(fromSettings(settings)); }, [settings, form]);
  const change = (patch: Partial<Form>) => { setSaved(null); setForm((f) => f && { ...f, ...patch }); };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form) return;
    const all: CartSettings = { ...form, allowSpecialOrderVendors: parseVendorNumbers(form.vendors) };
    const body = Object.fromEntries(PART_KEYS[part].map((key) => [key, all[key]])) as Partial<CartSettings>;
    const answer = await checkAndSave(event.currentTarget, cartSettingsProblems(body), () => save(body).unwrap(), 'The cart settings could not be saved. Please try again.');
    if (!answer) return;
    setForm(fromSettings(answer.data));
    setSaved(answer.message);
    notify('success', answer.message);
  };

  if (isLoading) return <Loading label="Loading the cart settings…" />;
  if (isError) return <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the cart settings.</ErrorNotice>;
  if (!form) return null;
  return (
    <SettingsForm onSubmit={(e) => void submit(e)} noValidate aria-label={part === 'totals' ? 'Cart and checkout totals' : 'Special order vendors'} style={{ marginTop: 28 }}>
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
      <SaveBar failure={failure} saving={saving} label={part === 'totals' ? 'Save cart settings' : 'Save vendors'} actions={saved ? <span role="status">{saved}</span> : null} />
    </SettingsForm>
  );
}
