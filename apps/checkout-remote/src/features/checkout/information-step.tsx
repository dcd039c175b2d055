import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { Link } from '@platform/routing';
import {
  addressLine, contactProblems, fulfilmentDisclaimer, OUTSIDE_DELIVERY_AREA, deliveryAddressProblems, formatPhone, normalizePhone, passwordProblems, phoneInputDigits, PHONE_INPUT_MAX_LENGTH, registrationProblemShown, SIGNUP_FAILED,
  type ContactInput, type FulfilmentMode,
} from '@platform/domain';
import {
  beginSession, checkoutApi, errorMessage, fieldErrors, getDeviceId, identityApi, notify, rememberRedirect, setCheckoutStep, storefrontApi, useSelectedStore, useSession, type DeliveryAddress,
} from '@platform/api-client';
import { Button, Card, ErrorNotice, Field, focusFirstInvalid, Loading } from '@platform/ui';
import { CustomField } from '../login/register-page';
import { keepMemberInfo, keepOrderContact, readMemberInfo, readOrderContact } from './checkout-state';

const Problem = styled.p`color: ${(p) => p.theme.colors.danger}; font-size: 0.9rem; margin: -8px 0 12px;`;
const Row = styled.div`display: grid; grid-template-columns: 1fr 1fr; gap: 0 12px; @media (max-width: ${(p) => p.theme.breakpoints.sm}px) { grid-template-columns: 1fr; }`;
const Stored = styled.div`
  display: flex; justify-content: space-between; align-items: center; gap: 8px; padding: 8px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; margin-bottom: 10px;
  .label { font-weight: 600; display: block; font-size: 0.85rem; }
  button { font: inherit; background: none; border: 0; cursor: pointer; padding: 4px 8px; }
`;
const Section = styled.section`margin-bottom: 16px; h2 { font-size: 1.15rem; margin: 0 0 10px; }`;

const CONTACT_FIELDS: { key: keyof ContactInput; label: string; type: string; autoComplete: string }[] = [
  { key: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { key: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { key: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { key: 'telephone', label: 'Mobile number', type: 'tel', autoComplete: 'tel-national' },
];
const EMPTY_CONTACT: ContactInput = { first_name: '', last_name: '', email: '', telephone: '' };

/**
 * Checkout step 2, Information: the Contact Information form (spec 2), how the order reaches the shopper, and
 * a note for the store. A signed-in customer's details show as stored, each with a pencil that turns it into
 * an input for this order; a guest types them (kept as member info) and may tick 'Save my details for
 * future', which registers the account and signs in before going on.
 */
export function InformationStep({ mode, onBack }: { mode: FulfilmentMode; onBack: () => void }) {
  const user = useSession();
  const dispatch = useDispatch();
  const device_id = getDeviceId();
  const { data: details, isError: detailsFailed, refetch: reloadDetails } = identityApi.useCustomerDetailsQuery(undefined, { skip: !user || user.is_admin });
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const { data: preferences, isLoading: loadingPreferences } = checkoutApi.useCartPreferencesQuery({ device_id });
  const storeId = useSelectedStore();
  const [signup] = identityApi.useSignupMutation();
  const [login] = identityApi.useLoginMutation();
  const [assignAddress] = checkoutApi.useAssignAddressMutation();
  const [validateInfo] = checkoutApi.useValidateInfoMutation();
  // The store asks guests to confirm their mobile number (spec 2 Phone verification input): the code texted, its notice.
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  const [code, setCode] = useState('');

  const kept = readOrderContact();
  const [contact, setContact] = useState<ContactInput>(() => kept ?? (user ? EMPTY_CONTACT : { ...EMPTY_CONTACT, ...readMemberInfo() }));
  const [note, setNote] = useState(kept?.note ?? '');
  const [editing, setEditing] = useState<Set<keyof ContactInput>>(new Set());
  const [save, setSave] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [customInfo, setCustomInfo] = useState<Record<string, string | boolean>>({});
  const [address, setAddress] = useState<DeliveryAddress | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // A signed-in customer starts from the account's details (unless this order's were already given).
  useEffect(() => {
    if (details && !kept) setContact({ first_name: details.first_name, last_name: details.last_name, email: details.email, telephone: details.telephone });
  }, [details]);
  const deliveryAddress: DeliveryAddress = address ?? {
    address: preferences?.address?.address ?? '', address2: preferences?.address?.address2 ?? '', city: preferences?.address?.city ?? '',
    state: preferences?.address?.state ?? '', zip: preferences?.address?.zip || localStorage.getItem('deliveryZip') || '',
  };
  const store = business?.about_us.locations.find((l) => l.id === storeId) ?? business?.about_us.locations[0];
  const customFields = settings?.custom_fields.signup ?? [];

  const clear = (key: string) => setProblems(({ [key]: _, ...rest }) => rest);
  const change = (key: keyof ContactInput, value: string) => {
    const next = { ...contact, [key]: value };
    setContact(next);
    if (key === 'telephone') { setCodeNotice(null); setCode(''); } // a code confirms one number
    if (!user) keepMemberInfo(next);
    clear(key);
  };
  const show = (found: Record<string, string>) => { setProblems(found); focusFirstInvalid(formRef.current); };
  const resendCode = async () => {
    setCode('');
    clear('code');
    const sent = await validateInfo({ ...contact, telephone: normalizePhone(contact.telephone) ?? contact.telephone, device_id });
    if ('error' in sent) show({ code: errorMessage(sent.error) });
    else setCodeNotice(sent.data.message);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = { ...contactProblems(contact) };
    if (mode === 1) Object.assign(found, deliveryAddressProblems(deliveryAddress));
    if (save) {
      Object.assign(found, passwordProblems(password, confirmation));
      for (const field of customFields) {
        const value = customInfo[field.name];
        if (field.required && (value === undefined || value === '' || value === false)) found[`custom_info.${field.name}`] = `Please fill in ${field.label}.`;
      }
    }
    if (Object.keys(found).length) {
      // Fields a signed-in customer has not opened show their problem in an input.
      if (user) setEditing(new Set([...editing, ...CONTACT_FIELDS.map((f) => f.key).filter((k) => found[k])]));
      show(found);
      return;
    }
    setBusy(true);
    try {
      keepOrderContact({ ...contact, note });
      if (save && !user) {
        const telephone = normalizePhone(contact.telephone)!;
        const registered = await signup({
          ...contact, telephone, password, c_password: confirmation, device_id, receive_sms: true, custom_info: customInfo,
        });
        if ('error' in registered) {
          const errors = Object.fromEntries(Object.entries(fieldErrors(registered.error)).map(([field, text]) => [field, registrationProblemShown(field, text)]));
          show(Object.keys(errors).length ? errors : { form: errorMessage(registered.error, SIGNUP_FAILED) });
          return;
        }
        const answer = await login({ email: contact.email.trim(), password, remember: true, device_id }).unwrap();
        notify('success', 'Thank you for registering!', 3000);
        beginSession(answer, true, dispatch);
      }
      if (business?.verify_phone_at_checkout) {
        if (codeNotice && !/^\d{4}$/.test(code)) { show({ code: code ? 'The verification code is 4 digits.' : 'Please enter your verification code.' }); return; }
        const checked = await validateInfo({ ...contact, telephone: normalizePhone(contact.telephone)!, device_id, ...(codeNotice ? { code } : {}) });
        if ('error' in checked) {
          const errors = fieldErrors(checked.error);
          show(Object.keys(errors).length ? errors : { form: errorMessage(checked.error) });
          return;
        }
        if (checked.data.verification_required) {
          setCodeNotice(checked.data.message);
          setTimeout(() => formRef.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus(), 0);
          return;
        }
      }
      if (mode === 1) {
        const priced = await assignAddress({ ...deliveryAddress, order_type: 1, device_id }).unwrap();
        // Said here, not only when the order is placed: the store does not deliver to every zip.
        if (priced.totals.delivery_error) { show({ zip: OUTSIDE_DELIVERY_AREA }); return; }
      }
      setCheckoutStep(3);
    } catch (error) {
      show({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  const problem = (key: string) => {
    const text = problems[key];
    if (!text) return null;
    const [before, after] = text.split('Login');
    return <Problem role="alert">{after !== undefined ? <>{before}<Link to="/login" onClick={signInFromCart}>Login</Link>{after}</> : text}</Problem>;
  };
  /** A sign-in from here comes back to this step (spec 2 §4). */
  const signInFromCart = () => { setCheckoutStep(2); rememberRedirect('/cart'); };

  if (user && !details && !user.is_admin) {
    return detailsFailed
      ? <ErrorNotice action={<Button type="button" onClick={() => void reloadDetails()}>Try again</Button>}>We could not load your details.</ErrorNotice>
      : <Loading label="Loading your details…" />;
  }
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label="Contact information">
      {problems.form ? <ErrorNotice>{problems.form}</ErrorNotice> : null}
      <Card>
        <Section aria-labelledby="contact-heading">
          <h2 id="contact-heading">Contact Information</h2>
          {!user ? <p>Have an account? <Link to="/login" onClick={signInFromCart}>Sign in</Link> for faster checkout.</p> : null}
          {CONTACT_FIELDS.map(({ key, label, type, autoComplete }) => {
            const value = key === 'telephone' ? formatPhone(contact.telephone) : contact[key];
            if (user && !editing.has(key)) {
              return (
                <Stored key={key}>
                  <span><span className="label">{label}</span><span>{value || '—'}</span></span>
                  <button type="button" aria-label={`Edit ${label.toLowerCase()}`} onClick={() => setEditing(new Set([...editing, key]))}>✎</button>
                </Stored>
              );
            }
            return (
              <div key={key}>
                <Field>{label}
                  <input name={key} type={type} autoComplete={autoComplete} aria-invalid={Boolean(problems[key])} value={value}
                    {...(key === 'telephone' ? { inputMode: 'numeric' as const, maxLength: PHONE_INPUT_MAX_LENGTH } : { maxLength: key === 'email' ? 200 : 50 })}
                    onChange={(e) => change(key, key === 'telephone' ? phoneInputDigits(e.target.value) : e.target.value)} />
                </Field>
                {problem(key)}
              </div>
            );
          })}
          {codeNotice ? (
            <div role="group" aria-label="Phone verification">
              <p role="status">{codeNotice}</p>
              <Field>Verification code
                <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={4} aria-invalid={Boolean(problems.code)} value={code}
                  onChange={(e) => { setCode(e.target.value.replace(/\D/g, '')); clear('code'); }} />
              </Field>
              {problem('code')}
              <button type="button" style={{ font: 'inherit', background: 'none', border: 0, padding: 0, textDecoration: 'underline', cursor: 'pointer', margin: '4px 0 12px' }}
                onClick={() => void resendCode()}>Send a new code</button>
            </div>
          ) : null}
          {!user ? (
            <>
              <label style={{ display: 'flex', gap: 8, margin: '4px 0 12px' }}>
                <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} /> Save my details for future
              </label>
              {save ? (
                <>
                  <Row>
                    <div><Field>Password<input type="password" name="password" autoComplete="new-password" aria-invalid={Boolean(problems.password)} value={password} onChange={(e) => { setPassword(e.target.value); clear('password'); }} /></Field>{problem('password')}</div>
                    <div><Field>Confirm password<input type="password" name="c_password" autoComplete="new-password" aria-invalid={Boolean(problems.c_password)} value={confirmation} onChange={(e) => { setConfirmation(e.target.value); clear('c_password'); }} /></Field>{problem('c_password')}</div>
                  </Row>
                  {customFields.map((field) => (
                    <CustomField key={field.name} field={field} value={customInfo[field.name]} problem={problems[`custom_info.${field.name}`]}
                      onChange={(value) => { setCustomInfo({ ...customInfo, [field.name]: value }); clear(`custom_info.${field.name}`); }} />
                  ))}
                </>
              ) : null}
            </>
          ) : null}
        </Section>
        <Section aria-labelledby="fulfilment-heading">
          {mode === 0 ? (
            <>
              <h2 id="fulfilment-heading">Pickup</h2>
              {store ? <p><strong>{store.name}</strong><br />{addressLine(store)}</p> : null}
              <p>{fulfilmentDisclaimer(business, 0)}</p>
            </>
          ) : null}
          {mode === 1 ? (
            <>
              <h2 id="fulfilment-heading">Delivery address</h2>
              {loadingPreferences ? <Loading label="Loading your address…" /> : (
                <>
                  <Field>Street address<input name="address" autoComplete="address-line1" aria-invalid={Boolean(problems.address)} value={deliveryAddress.address} maxLength={200} onChange={(e) => { setAddress({ ...deliveryAddress, address: e.target.value }); clear('address'); }} /></Field>{problem('address')}
                  <Field>Apartment, suite (optional)<input name="address2" autoComplete="address-line2" value={deliveryAddress.address2} maxLength={200} onChange={(e) => setAddress({ ...deliveryAddress, address2: e.target.value })} /></Field>
                  <Row>
                    <div><Field>City<input name="city" autoComplete="address-level2" aria-invalid={Boolean(problems.city)} value={deliveryAddress.city} maxLength={100} onChange={(e) => { setAddress({ ...deliveryAddress, city: e.target.value }); clear('city'); }} /></Field>{problem('city')}</div>
                    <div><Field>State<input name="state" autoComplete="address-level1" aria-invalid={Boolean(problems.state)} value={deliveryAddress.state} maxLength={50} onChange={(e) => { setAddress({ ...deliveryAddress, state: e.target.value }); clear('state'); }} /></Field>{problem('state')}</div>
                  </Row>
                  <Field>Zip code<input name="zip" inputMode="numeric" autoComplete="postal-code" aria-invalid={Boolean(problems.zip)} value={deliveryAddress.zip} maxLength={10} onChange={(e) => { setAddress({ ...deliveryAddress, zip: e.target.value }); clear('zip'); }} /></Field>{problem('zip')}
                  <p>{fulfilmentDisclaimer(business, 1)}</p>
                </>
              )}
            </>
          ) : null}
          {mode === 2 ? (
            <>
              <h2 id="fulfilment-heading">Shipping to</h2>
              {preferences?.address ? <p>{addressLine(preferences.address)}</p> : null}
              <p><button type="button" className="link" onClick={onBack} style={{ font: 'inherit', background: 'none', border: 0, padding: 0, textDecoration: 'underline', cursor: 'pointer' }}>Change the address or shipping option in your cart</button></p>
            </>
          ) : null}
        </Section>
        <Field>Note for the store (optional)<textarea name="note" rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} /></Field>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Button type="button" $variant="secondary" onClick={onBack}>Back to cart</Button>
          <Button type="submit" disabled={busy}>{busy ? (save && !user ? 'Creating your account…' : 'Saving…') : 'Continue to Payment'}</Button>
        </div>
      </Card>
    </form>
  );
}
