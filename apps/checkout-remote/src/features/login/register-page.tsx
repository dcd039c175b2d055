import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from '@platform/routing';
import styled from 'styled-components';
import type { CustomFormField } from '@platform/contracts';
import { ACCOUNT_FIELD_DEFAULTS, DUPLICATE_EMAIL_SHOWN, DUPLICATE_PHONE_SHOWN, formatPhone, phoneInputDigits, PHONE_INPUT_MAX_LENGTH, registrationProblemShown, SIGNUP_FAILED, INVALID_EMAIL, INVALID_PHONE, isValidEmail, normalizePhone, passwordProblems } from '@platform/domain';
import { errorMessage, fieldErrors, getDeviceId, identityApi, notify, storefrontApi, useSession } from '@platform/api-client';
import { Button, Card, Container, ErrorNotice, Field, focusFirstInvalid, PageTitle } from '@platform/ui';

/** Member info is kept in local storage as it is typed (spec 2 §3), passwords excepted. */
const MEMBER_KEY = 'memberInfo';
const Problem = styled.p`color: ${(p) => p.theme.colors.danger}; font-size: 0.9rem; margin: -8px 0 12px;`;
const Row = styled.div`display: grid; grid-template-columns: 1fr 1fr; gap: 0 12px; @media (max-width: ${(p) => p.theme.breakpoints.sm}px) { grid-template-columns: 1fr; }`;
const isDuplicate = (text: string) => text === DUPLICATE_EMAIL_SHOWN || text === DUPLICATE_PHONE_SHOWN;
const Help = styled.span`font-weight: 400; font-size: 0.85rem; color: ${(p) => p.theme.colors.muted};`;

/** receive_marketing stays unset (and out of the sign-up) until the shopper ticks or unticks the box (spec 2 §3). */
interface Member { first_name: string; last_name: string; telephone: string; email: string; account_number: string; receive_sms: boolean; receive_marketing?: boolean; custom_info: Record<string, string | boolean> }
const EMPTY: Member = { first_name: '', last_name: '', telephone: '', email: '', account_number: '', receive_sms: true, custom_info: {} };

function storedMember(): Member {
  try { return { ...EMPTY, ...(JSON.parse(localStorage.getItem(MEMBER_KEY) ?? '{}') as Partial<Member>) }; } catch { return EMPTY; }
}

/** One of the store's own signup fields (text, select, checkbox, date, time). */
export function CustomField({ field, value, onChange, problem }: { field: CustomFormField; value: string | boolean | undefined; onChange: (v: string | boolean) => void; problem?: string }) {
  const label = `${field.label}${field.required ? '' : ' (optional)'}`;
  if (field.type === 'checkbox') {
    return <><label style={{ display: 'flex', gap: 8, marginBottom: 14 }}><input type="checkbox" name={`custom_info.${field.name}`} aria-invalid={Boolean(problem)} checked={value === true} onChange={(e) => onChange(e.target.checked)} /> {label}</label>{problem ? <Problem role="alert">{problem}</Problem> : null}</>;
  }
  return (
    <>
    <Field>{label}
      {field.type === 'select' ? (
        <select name={`custom_info.${field.name}`} aria-invalid={Boolean(problem)} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose…</option>
          {(field.options ?? []).map((o) => <option key={o.value} value={o.value}>{o.text}</option>)}
        </select>
      ) : (
        <input name={`custom_info.${field.name}`} aria-invalid={Boolean(problem)} type={field.type} placeholder={field.type === 'text' ? field.placeholder : undefined} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
    {problem ? <Problem role="alert">{problem}</Problem> : null}
    </>
  );
}

/**
 * Registration (spec 2): member info, the optional account number, the store's custom fields, texts and
 * marketing e-mails; checks before sending, the server's field errors under each field (cleared on change),
 * a duplicate e-mail or phone with a Login link, then 'Thank you for registering!'.
 */
export function RegisterPage() {
  const user = useSession();
  const location = useLocation();
  const { data: settings } = storefrontApi.useSettingsQuery();
  const [signup, { isLoading }] = identityApi.useSignupMutation();
  const [checkAccount] = identityApi.useAccountExistsMutation();
  const prefill = (location.state ?? {}) as { email?: string; telephone?: string };
  const [member, setMember] = useState<Member>(() => ({ ...storedMember(), ...(prefill.email ? { email: prefill.email } : {}), ...(prefill.telephone ? { telephone: prefill.telephone } : {}) }));
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const latest = useRef(member);
  latest.current = member;
  const [done, setDone] = useState(false);
  const signedInOnArrival = useRef(Boolean(user));
  if (signedInOnArrival.current) return <Navigate to="/" replace />;

  const change = <K extends keyof Member>(key: K, value: Member[K]) => {
    const next = { ...member, [key]: value };
    setMember(next);
    localStorage.setItem(MEMBER_KEY, JSON.stringify(next));
    setProblems(({ [key]: _, ...rest }) => rest);
  };
  const customFields = settings?.custom_fields.signup ?? [];
  const accountField = settings?.account_field_info;

  /**
   * On leaving the e-mail or phone field the server says whether an account already uses it (spec 2 §5), so
   * the shopper learns it before filling in the rest. An answer for a value since changed is dropped.
   */
  const checkTaken = async (field: 'email' | 'telephone') => {
    const value = field === 'email' ? member.email.trim() : normalizePhone(member.telephone);
    if (!value || (field === 'email' && !isValidEmail(value))) return;
    const answer = await checkAccount(field === 'email' ? { email: value } : { telephone: value });
    const now = field === 'email' ? latest.current.email.trim() : normalizePhone(latest.current.telephone);
    if ('data' in answer && answer.data?.exists && now === value) {
      setProblems((p) => ({ ...p, [field]: field === 'email' ? DUPLICATE_EMAIL_SHOWN : DUPLICATE_PHONE_SHOWN }));
    }
  };

  /** The first field with a problem takes the focus, so the keyboard and screen readers start there. */
  const showProblems = (found: Record<string, string>) => {
    setProblems(found);
    focusFirstInvalid(formRef.current);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A duplicate found on leaving the field still holds (a change to the field clears it).
    const local: Record<string, string> = Object.fromEntries(Object.entries(problems).filter(([, text]) => isDuplicate(text)));
    if (!member.first_name.trim()) local.first_name = 'Please enter your first name.';
    if (!member.last_name.trim()) local.last_name = 'Please enter your last name.';
    if (!normalizePhone(member.telephone)) local.telephone = INVALID_PHONE;
    if (!isValidEmail(member.email)) local.email = INVALID_EMAIL;
    Object.assign(local, passwordProblems(password, confirmation));
    for (const field of customFields) {
      const value = member.custom_info[field.name];
      if (field.required && (value === undefined || value === '' || value === false)) local[`custom_info.${field.name}`] = `Please fill in ${field.label}.`;
    }
    showProblems(local);
    if (Object.keys(local).length) return;
    const result = await signup({
      ...member, telephone: normalizePhone(member.telephone)!, password, c_password: confirmation, device_id: getDeviceId(),
      account_number: member.account_number || undefined,
    });
    if ('error' in result) {
      const errors = Object.fromEntries(Object.entries(fieldErrors(result.error)).map(([field, text]) => [field, registrationProblemShown(field, text)]));
      showProblems(Object.keys(errors).length ? errors : { form: errorMessage(result.error, SIGNUP_FAILED) });
      return;
    }
    localStorage.removeItem(MEMBER_KEY);
    notify('success', result.data.message, 3000);
    setDone(true);
  }

  const problem = (name: string) => {
    const text = problems[name];
    if (!text) return null;
    if (isDuplicate(text)) {
      const [before, after] = text.split('Login');
      return <Problem role="alert">{before}<Link to="/login">Login</Link>{after}</Problem>;
    }
    return <Problem role="alert">{text}</Problem>;
  };
  if (done) {
    return (
      <Container style={{ maxWidth: 560 }}>
        <PageTitle>Create an Account</PageTitle>
        <Card><p role="status">Successfully registered! Please login.</p><Link to="/login">Sign In</Link></Card>
      </Container>
    );
  }
  return (
    <Container style={{ maxWidth: 560 }}>
      <PageTitle>Create an Account</PageTitle>
      <Card>
        <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label="Create an account">
          {problems.form ? <ErrorNotice>{problems.form}</ErrorNotice> : null}
          <Row>
            <div><Field>First name<input name="first_name" aria-invalid={Boolean(problems.first_name)} autoComplete="given-name" value={member.first_name} maxLength={50} onChange={(e) => change('first_name', e.target.value)} /></Field>{problem('first_name')}</div>
            <div><Field>Last name<input name="last_name" aria-invalid={Boolean(problems.last_name)} autoComplete="family-name" value={member.last_name} maxLength={50} onChange={(e) => change('last_name', e.target.value)} /></Field>{problem('last_name')}</div>
          </Row>
          <Field>Mobile number<input type="tel" name="telephone" aria-invalid={Boolean(problems.telephone)} inputMode="numeric" autoComplete="tel-national" value={formatPhone(member.telephone)} maxLength={PHONE_INPUT_MAX_LENGTH}
            onChange={(e) => change('telephone', phoneInputDigits(e.target.value))} onBlur={() => void checkTaken('telephone')} /></Field>{problem('telephone')}
          <Field>E-mail<input type="email" name="email" aria-invalid={Boolean(problems.email)} autoComplete="email" value={member.email} onChange={(e) => change('email', e.target.value)} onBlur={() => void checkTaken('email')} /></Field>{problem('email')}
          <Row>
            <div><Field>Password<input type="password" name="password" aria-invalid={Boolean(problems.password)} autoComplete="new-password" value={password} onChange={(e) => { setPassword(e.target.value); setProblems(({ password: _, ...rest }) => rest); }} /></Field>{problem('password')}</div>
            <div><Field>Confirm password<input type="password" name="c_password" aria-invalid={Boolean(problems.c_password)} autoComplete="new-password" value={confirmation} onChange={(e) => { setConfirmation(e.target.value); setProblems(({ c_password: _, ...rest }) => rest); }} /></Field>{problem('c_password')}</div>
          </Row>
          <Field>{accountField?.label || ACCOUNT_FIELD_DEFAULTS.label} (optional)
            <input name="account_number" value={member.account_number} maxLength={50} onChange={(e) => change('account_number', e.target.value)} />
            {accountField?.help ? <Help>{accountField.help}</Help> : null}
          </Field>
          {customFields.map((field) => (
            <CustomField key={field.name} field={field} value={member.custom_info[field.name]} problem={problems[`custom_info.${field.name}`]}
              onChange={(value) => { change('custom_info', { ...member.custom_info, [field.name]: value }); setProblems(({ [`custom_info.${field.name}`]: _, ...rest }) => rest); }} />
          ))}
          <label style={{ display: 'flex', gap: 8, marginBottom: 8 }}><input type="checkbox" checked={member.receive_sms} onChange={(e) => change('receive_sms', e.target.checked)} /> Text me about my orders</label>
          <label style={{ display: 'flex', gap: 8, marginBottom: 16 }}><input type="checkbox" checked={member.receive_marketing === true} onChange={(e) => change('receive_marketing', e.target.checked)} /> E-mail me offers and news</label>
          <Button type="submit" disabled={isLoading}>{isLoading ? 'Creating your account…' : 'Create Account'}</Button>
          <p>Already have an account? <Link to="/login">Sign In</Link></p>
        </form>
      </Card>
    </Container>
  );
}
