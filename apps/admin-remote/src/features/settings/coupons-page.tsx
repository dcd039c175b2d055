import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { AdminCoupon, AdminCouponInput } from '@platform/contracts';
import { couponFromInput, DEFAULT_COUPON_BUTTON, DEFAULT_COUPON_COLOR, REMOVE_COUPON_QUESTION, shortDate, type CouponInput } from '@platform/domain';
import { useSearchParams } from '@platform/routing';
import { couponsAdminApi, errorMessage, fieldErrors, notify } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Field, focusFirstInvalid, Loading, PageTitle } from '@platform/ui';
import { DetailPanel as Panel, ListTable as Table } from '../layout/list-parts';

const Form = styled.form`
  display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 0 12px; align-items: start;
  .problem { margin: -8px 0 10px; color: ${(p) => p.theme.colors.danger}; }
  .wide-row { grid-column: 1 / -1; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
  .check { display: flex; gap: 8px; align-items: center; margin-bottom: 14px; }
  fieldset { grid-column: 1 / -1; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 0 12px; margin: 0 0 14px; }
  legend { font-weight: 600; padding: 0 4px; }
`;
const Status = styled.span<{ $on: boolean }>`
  display: inline-block; padding: 2px 8px; border-radius: 10px; font-size: 0.85rem; font-weight: 600; border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => (p.$on ? '#e4f6e4' : p.theme.colors.page)}; color: ${(p) => (p.$on ? '#14501a' : 'inherit')};
`;
const Actions = styled.span`display: flex; flex-wrap: wrap; gap: 6px;`;

/** The form's own state: the date boxes hold 'YYYY-MM-DD' in the admin's time, sent as the start and end of those days. */
type Draft = Omit<CouponInput, 'starts_at' | 'ends_at'> & { starts_on: string; ends_on: string };
const KIND_LABELS: Record<CouponInput['kind'], string> = { flat: 'An amount off', percent: 'A percentage off', free_delivery: 'Free delivery', free_shipping: 'Free shipping' };
const EMPTY: Draft = {
  code: '', kind: 'flat', discount: '', min_subtotal: '', starts_on: '', ends_on: '', name: '', description: '', disclaimer: '', once_per_customer: false, active: true,
  in_slider: true, style: 1, coupon_title: '', button_title: '', background_color: '', bottom_text: '',
};
const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (iso: string | null) => {
  if (!iso) return '';
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
};
const isoOf = (day: string, end: boolean) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day.trim() ? day : null;
  const at = end ? new Date(+match[1], +match[2] - 1, +match[3], 23, 59, 59, 999) : new Date(+match[1], +match[2] - 1, +match[3]);
  return at.toISOString();
};
const draftOf = (c: AdminCoupon): Draft => ({
  code: c.code, kind: c.kind, discount: c.kind === 'flat' || c.kind === 'percent' ? c.discount : '', min_subtotal: c.min_subtotal === '0.00' ? '' : c.min_subtotal,
  starts_on: dayOf(c.starts_at), ends_on: dayOf(c.ends_at), name: c.name, description: c.description, disclaimer: c.disclaimer, once_per_customer: c.once_per_customer,
  active: c.active, in_slider: c.in_slider, style: c.style, coupon_title: c.coupon_title, button_title: c.button_title, background_color: c.background_color, bottom_text: c.bottom_text,
});
const inputOf = ({ starts_on, ends_on, ...rest }: Draft): AdminCouponInput & CouponInput => ({ ...rest, starts_at: isoOf(starts_on, false), ends_at: isoOf(ends_on, true) });
const statusOf = (c: AdminCoupon) => {
  if (!c.active) return 'Off';
  if (c.current) return 'In force';
  return c.starts_at && new Date(c.starts_at) > new Date() ? 'Starts later' : 'Ended';
};
const datesOf = (c: AdminCoupon) => {
  if (!c.starts_at && !c.ends_at) return 'No end date';
  return [c.starts_at ? `From ${shortDate(new Date(c.starts_at))}` : '', c.ends_at ? `until ${shortDate(new Date(c.ends_at))}` : ''].filter(Boolean).join(' ');
};
/** Problems by field, the dates' under their date boxes. */
const onBoxes = ({ starts_at, ends_at, ...rest }: Record<string, string>) => ({ ...rest, ...(starts_at ? { starts_on: starts_at } : {}), ...(ends_at ? { ends_on: ends_at } : {}) });
/** A refused save: its field problems, or one message for the form. */
const refusal = (error: unknown) => {
  const fields = fieldErrors(error);
  return Object.keys(fields).length ? onBoxes(fields) : { form: errorMessage(error, 'That did not work. Please try again.') };
};

/** The coupon's code, what it takes off, when, and its card in the home page's slider; checked by the server's rules before sending. */
function CouponForm({ initial, editing, submitLabel, saving, onSubmit, onCancel }: {
  initial: Draft; editing: boolean; submitLabel: string; saving: boolean; onSubmit: (values: AdminCouponInput & CouponInput) => Promise<Record<string, string> | null>; onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setValues({ ...values, [key]: value });
  const text = (key: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value as never);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = inputOf(values);
    const checked = couponFromInput(input);
    const found = checked.ok ? (await onSubmit(input)) ?? {} : onBoxes(checked.problems);
    setProblems(found);
    focusFirstInvalid(form);
  };
  const invalid = (key: string) => (problems[key] ? { 'aria-invalid': true, 'aria-describedby': `coupon-${key}-problem` } : {});
  const problem = (key: string) => (problems[key] ? <p className="problem" role="alert" id={`coupon-${key}-problem`}>{problems[key]}</p> : null);
  const amount = values.kind === 'flat' || values.kind === 'percent';
  return (
    <Form onSubmit={(e) => void submit(e)} noValidate aria-label={submitLabel}>
      <div><Field>Code<input name="code" autoComplete="off" maxLength={30} value={values.code} {...invalid('code')} onChange={text('code')} /></Field>{problem('code')}</div>
      <div>
        <Field>What it takes off
          <select name="kind" value={values.kind} onChange={(e) => set('kind', e.target.value as Draft['kind'])}>
            {Object.entries(KIND_LABELS).map(([kind, label]) => <option key={kind} value={kind}>{label}</option>)}
          </select>
        </Field>
      </div>
      {amount ? (
        <div>
          <Field>{values.kind === 'flat' ? 'Amount off ($)' : 'Percentage off (%)'}
            <input name="discount" inputMode="decimal" autoComplete="off" placeholder={values.kind === 'flat' ? '10.00' : '15'} value={values.discount} {...invalid('discount')} onChange={text('discount')} />
          </Field>{problem('discount')}
        </div>
      ) : null}
      <div><Field>Smallest order ($, optional)<input name="min_subtotal" inputMode="decimal" autoComplete="off" placeholder="50.00" value={values.min_subtotal} {...invalid('min_subtotal')} onChange={text('min_subtotal')} /></Field>{problem('min_subtotal')}</div>
      <div><Field>Starts (optional)<input type="date" name="starts_on" value={values.starts_on} {...invalid('starts_on')} onChange={text('starts_on')} /></Field>{problem('starts_on')}</div>
      <div><Field>Ends (optional)<input type="date" name="ends_on" value={values.ends_on} {...invalid('ends_on')} onChange={text('ends_on')} /></Field>{problem('ends_on')}</div>
      <div><Field>Name shoppers see (optional)<input name="name" autoComplete="off" maxLength={100} value={values.name} onChange={text('name')} /></Field></div>
      <div><Field>Description (optional)<input name="description" autoComplete="off" maxLength={500} value={values.description} onChange={text('description')} /></Field></div>
      <div><Field>Terms (optional)<input name="disclaimer" autoComplete="off" maxLength={500} placeholder="Excludes gift cards." value={values.disclaimer} onChange={text('disclaimer')} /></Field></div>
      <div className="wide-row">
        <label className="check"><input type="checkbox" checked={values.once_per_customer} onChange={(e) => set('once_per_customer', e.target.checked)} /> Once per customer (shoppers sign in to use it)</label>
        {editing ? <label className="check"><input type="checkbox" checked={values.active} onChange={(e) => set('active', e.target.checked)} /> On: shoppers can use it</label> : null}
        <label className="check"><input type="checkbox" checked={values.in_slider} onChange={(e) => set('in_slider', e.target.checked)} /> Show in Coupons &amp; Highlights on the home page</label>
      </div>
      {values.in_slider ? (
        <fieldset>
          <legend>Its card on the home page</legend>
          <div><Field>Card title (default: the name, else the code)<input name="coupon_title" autoComplete="off" maxLength={100} value={values.coupon_title} onChange={text('coupon_title')} /></Field></div>
          <div><Field>Button text<input name="button_title" autoComplete="off" maxLength={40} placeholder={DEFAULT_COUPON_BUTTON} value={values.button_title} onChange={text('button_title')} /></Field></div>
          <div><Field>Colour (#RRGGBB)<input name="background_color" autoComplete="off" maxLength={7} placeholder={DEFAULT_COUPON_COLOR} value={values.background_color} {...invalid('background_color')} onChange={text('background_color')} /></Field>{problem('background_color')}</div>
          <div>
            <Field>Card style
              <select name="style" value={values.style} onChange={(e) => set('style', Number(e.target.value) as Draft['style'])}>
                <option value={1}>Filled with the colour</option><option value={2}>White with a dashed border</option><option value={3}>Dark, with the background image</option>
              </select>
            </Field>
          </div>
          <div><Field>Small print on the card (optional)<input name="bottom_text" autoComplete="off" maxLength={200} value={values.bottom_text} onChange={text('bottom_text')} /></Field></div>
        </fieldset>
      ) : null}
      {problems.form ? <div className="wide-row"><ErrorNotice>{problems.form}</ErrorNotice></div> : null}
      <div className="wide-row">
        <Button type="submit" disabled={saving}>{saving ? 'Saving…' : submitLabel}</Button>
        <Button type="button" $variant="secondary" onClick={onCancel}>Cancel</Button>
      </div>
    </Form>
  );
}

/** The form for a new coupon, or one coupon's; the heading takes the keyboard so it starts there. */
function CouponPanel({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }) {
  const [add, { isLoading: adding }] = couponsAdminApi.useAddCouponMutation();
  const [update, { isLoading: updating }] = couponsAdminApi.useUpdateCouponMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [coupon?.id]);
  const title = coupon ? `Edit coupon ${coupon.code}` : 'New coupon';
  return (
    <Panel as="section" aria-labelledby="coupon-form-title">
      <h2 id="coupon-form-title" ref={heading} tabIndex={-1}>{title}</h2>
      <CouponForm key={coupon?.id ?? 'new'} initial={coupon ? draftOf(coupon) : EMPTY} editing={Boolean(coupon)} submitLabel={coupon ? 'Save coupon' : 'Add coupon'}
        saving={adding || updating} onCancel={onClose} onSubmit={async (values) => {
          try {
            const answer = coupon ? await update({ id: coupon.id, ...values }).unwrap() : await add(values).unwrap();
            notify('success', answer.message);
            onClose();
            return null;
          } catch (error) { return refusal(error); }
        }} />
    </Panel>
  );
}

/**
 * Settings › Coupons (spec 3 §Coupons; edit_landing_page, as the home page they show on): the store's promo codes,
 * on or off, with what each takes off and when; add, edit, and remove (turn off, kept to turn on again). The open
 * form ('new' or a coupon's id) lives in the address, so the storefront's edit icon opens a coupon here.
 */
export function CouponsPage() {
  const [params, setParams] = useSearchParams();
  const open = params.get('open');
  const { data: coupons, isLoading, isError, refetch } = couponsAdminApi.useCouponsAdminQuery();
  const [deactivate] = couponsAdminApi.useDeactivateCouponMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const openForm = (id: string | null) => setParams(id ? { open: id } : {});
  const editing = open && open !== 'new' ? coupons?.find((c) => c.id === open) ?? null : null;
  const remove = async (coupon: AdminCoupon) => {
    if (!window.confirm(REMOVE_COUPON_QUESTION)) return;
    setBusy(coupon.id);
    try { notify('success', (await deactivate(coupon.id).unwrap()).message, 5000); } catch (error) { notify('error', errorMessage(error, 'The coupon could not be removed. Please try again.'), 6000); }
    setBusy(null);
  };
  return (
    <Container>
      <PageTitle>Coupons</PageTitle>
      <p>Promo codes shoppers enter in the cart, and the cards of the home page&apos;s Coupons &amp; Highlights. A change shows on the store at once.</p>
      {open !== 'new' ? <p><Button type="button" onClick={() => openForm('new')}>New coupon</Button></p> : null}
      {open === 'new' ? <CouponPanel coupon={null} onClose={() => openForm(null)} /> : null}
      {editing ? <CouponPanel coupon={editing} onClose={() => openForm(null)} /> : null}
      {open && open !== 'new' && coupons && !editing ? (
        <ErrorNotice action={<Button $variant="secondary" onClick={() => openForm(null)}>Close</Button>}>This coupon was not found.</ErrorNotice>
      ) : null}
      {isLoading ? <Loading label="Loading the coupons…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the coupons.</ErrorNotice> : null}
      {coupons && coupons.length === 0 ? <EmptyState title="No coupons yet">Add a promo code, such as 10% off for the spring sale, and show it on the home page.</EmptyState> : null}
      {coupons && coupons.length > 0 ? (
        <Table aria-label="Coupons">
          <thead><tr><th>Code</th><th>Takes off</th><th className="wide">When</th><th className="wide">Home page</th><th>Status</th><th>Actions</th></tr></thead>
          <tbody>
            {coupons.map((c) => (
              <tr key={c.id} aria-current={c.id === open ? 'true' : undefined} aria-busy={busy === c.id}>
                <td>{c.code}{c.name ? <small>{c.name}</small> : null}</td>
                <td>{c.discount_label}{c.min_subtotal !== '0.00' ? <small>on ${c.min_subtotal} or more</small> : null}</td>
                <td className="wide">{datesOf(c)}</td>
                <td className="wide">{c.in_slider ? 'In the slider' : 'Not shown'}</td>
                <td><Status $on={c.current}>{statusOf(c)}</Status></td>
                <td>
                  <Actions>
                    <Button type="button" $variant="secondary" aria-label={`Edit ${c.code}`} onClick={() => openForm(c.id)}>Edit</Button>
                    {c.active ? <Button type="button" $variant="secondary" aria-label={`Remove ${c.code}`} disabled={busy !== null} onClick={() => void remove(c)}>Remove</Button> : null}
                  </Actions>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </Container>
  );
}
