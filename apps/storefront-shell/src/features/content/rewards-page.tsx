import { useState } from 'react';
import styled from 'styled-components';
import { errorMessage, fieldErrors, storefrontApi } from '@platform/api-client';
import { rewardsSignupProblems } from '@platform/domain';
import { Button, Card, Container, EmptyState, ErrorNotice, PageTitle } from '@platform/ui';

const Columns = styled.div`
  display: grid; gap: 24px; grid-template-columns: 1fr 1fr; align-items: start;
  @media (max-width: ${(p) => p.theme.breakpoints.lg}px) { grid-template-columns: 1fr; }
  form { display: grid; gap: 12px; }
  label { display: grid; gap: 6px; font-weight: 600; }
  input { font: inherit; font-weight: 400; padding: 10px 12px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; }
  [aria-invalid='true'] { border-color: ${(p) => p.theme.colors.danger}; }
  .error { color: ${(p) => p.theme.colors.danger}; margin: 0; font-size: 0.9rem; }
  h2 { margin-top: 0; }
`;

const SIGNUP_FIELDS = [
  ['first_name', 'First name', 'text', 'given-name'], ['last_name', 'Last name', 'text', 'family-name'], ['email', 'E-mail', 'email', 'email'],
  ['phone', 'Phone', 'tel', 'tel'], ['zip', 'ZIP code', 'text', 'postal-code'],
] as const;
type SignupField = (typeof SIGNUP_FIELDS)[number][0];

function Lookup({ field }: { field: 'phone' | 'email' }) {
  const [value, setValue] = useState('');
  const [lookup, { data, error, isLoading, reset }] = storefrontApi.useRewardsLookupMutation();
  const label = field === 'phone' ? 'Phone number' : 'E-mail';
  return (
    <Card as="section" aria-labelledby="rewards-lookup-title">
      <h2 id="rewards-lookup-title">Check your rewards</h2>
      <form onSubmit={(e) => { e.preventDefault(); if (value.trim()) void lookup({ value: value.trim() }); }}>
        <label>{label}<input type={field === 'phone' ? 'tel' : 'email'} value={value} onChange={(e) => { setValue(e.target.value); reset(); }} /></label>
        <Button type="submit" disabled={isLoading || !value.trim()}>{isLoading ? 'Looking…' : 'Look Up'}</Button>
      </form>
      {data ? <p role="status">{data.data.first_name}, you have <strong>{data.data.points.toLocaleString('en-US')} points</strong> (member {data.data.member_number}).</p> : null}
      {error ? <p className="error" role="alert">{errorMessage(error)}</p> : null}
    </Card>
  );
}

function Signup() {
  const [form, setForm] = useState<Record<SignupField, string>>({ first_name: '', last_name: '', email: '', phone: '', zip: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [signup, { data, isLoading }] = storefrontApi.useRewardsSignupMutation();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const problems = rewardsSignupProblems(form);
    setErrors(problems);
    if (Object.keys(problems).length) { document.getElementById(`rewards-${Object.keys(problems)[0]}`)?.focus(); return; }
    try { await signup(form).unwrap(); } catch (error) { setErrors(fieldErrors(error)); setFailure(errorMessage(error)); }
  };
  return (
    <Card as="section" aria-labelledby="rewards-join-title">
      <h2 id="rewards-join-title">Join Rewards</h2>
      {data ? <p role="status">{data.message}</p> : (
        <form noValidate onSubmit={submit}>
          <p>Earn points on every purchase in store and online. It is free.</p>
          {SIGNUP_FIELDS.map(([name, label, type, autoComplete]) => (
            <div key={name}>
              <label htmlFor={`rewards-${name}`}>{label}</label>
              <input id={`rewards-${name}`} type={type} autoComplete={autoComplete} value={form[name]} aria-invalid={errors[name] ? true : undefined}
                aria-describedby={errors[name] ? `rewards-${name}-error` : undefined} onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))} />
              {errors[name] ? <p className="error" id={`rewards-${name}-error`}>{errors[name]}</p> : null}
            </div>
          ))}
          {failure && !Object.keys(errors).length ? <ErrorNotice>{failure}</ErrorNotice> : null}
          <Button type="submit" disabled={isLoading}>{isLoading ? 'Joining…' : 'Join Rewards'}</Button>
        </form>
      )}
    </Card>
  );
}

/** /rewards (cooperative variant, when the store offers it): join the rewards programme or check points. */
export function RewardsPage() {
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  return (
    <Container>
      <PageTitle>Rewards</PageTitle>
      {business && !business.rewards_enabled ? <EmptyState title="This store does not offer a rewards programme." /> : null}
      {business?.rewards_enabled ? <Columns><Signup /><Lookup field={business.loyality_lookup_field} /></Columns> : null}
    </Container>
  );
}
