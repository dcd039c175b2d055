import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from '@platform/routing';
import styled from 'styled-components';
import { errorMessage, fieldErrors, storefrontApi, useSelectedStore, useSession, type RentalRequestPayload } from '@platform/api-client';
import { formatCents, rentalDays, rentalEstimateCents, rentalRequestProblems, toCents } from '@platform/domain';
import { Button, Card, Container, ErrorNotice, PageTitle } from '@platform/ui';

const OTHER = 'other';

const Form = styled.form`
  display: grid; gap: 14px; grid-template-columns: 1fr 1fr; max-width: 720px;
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) { grid-template-columns: 1fr; }
  .wide { grid-column: 1 / -1; }
  label { display: grid; gap: 6px; font-weight: 600; }
  input, select, textarea { font: inherit; font-weight: 400; padding: 10px 12px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; }
  [aria-invalid='true'] { border-color: ${(p) => p.theme.colors.danger}; }
  .error { color: ${(p) => p.theme.colors.danger}; font-weight: 400; font-size: 0.9rem; margin: 0; }
`;

function Labelled({ name, label, error, wide, children }: { name: string; label: string; error?: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'wide' : undefined}>
      <label htmlFor={`rental-${name}`}>{label}</label>
      {children}
      {error ? <p className="error" id={`rental-${name}-error`}>{error}</p> : null}
    </div>
  );
}

const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** /rentals/rental-form: the shopper asks the store for a rental; the store receives it by e-mail and confirms it. */
export function RentalFormPage() {
  const [query] = useSearchParams();
  const user = useSession();
  const selectedStore = useSelectedStore();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const { data: rentals } = storefrontApi.useRentalsQuery({});
  const [submit, { isLoading: sending }] = storefrontApi.useSubmitRentalRequestMutation();
  const locations = business?.about_us.locations ?? [];
  const customer = user && !user.is_admin ? user.data.customer : null;
  const [form, setForm] = useState({
    first_name: customer?.first_name ?? '', last_name: customer?.last_name ?? '', email: '', phone: '',
    location: '', rental: query.get('rental') ?? '', item: '', start_date: '', end_date: '', message: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const products = rentals?.products ?? [];
  const chosen = products.find((p) => String(p.id) === form.rental);
  const locationId = Number(form.location || selectedStore || (locations.length === 1 ? locations[0].id : 0));
  const datesOk = form.start_date && form.end_date && form.end_date >= form.start_date;
  const days = datesOk ? rentalDays(form.start_date, form.end_date) : 0;
  const estimate = chosen && days ? rentalEstimateCents({ dayCents: toCents(chosen.rates.day), weekCents: chosen.rates.week ? toCents(chosen.rates.week) : null }, days) : null;

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const payload: RentalRequestPayload = {
      first_name: form.first_name, last_name: form.last_name, email: form.email, phone: form.phone, location_id: locationId,
      rental_id: chosen ? chosen.id : null, item: chosen ? '' : form.item, start_date: form.start_date, end_date: form.end_date, message: form.message,
    };
    const problems: Record<string, string> = rentalRequestProblems(payload, localToday());
    if (!locationId) problems.location_id = 'Please choose a store.';
    setErrors(problems);
    if (Object.keys(problems).length) {
      document.getElementById(`rental-${Object.keys(problems)[0]}`)?.focus();
      return;
    }
    try {
      setSent((await submit(payload).unwrap()).message);
      window.scrollTo(0, 0);
    } catch (error) {
      setErrors(fieldErrors(error));
      setFailure(errorMessage(error, 'We could not send your request. Please try again.'));
    }
  };

  if (sent) {
    return (
      <Container>
        <PageTitle>Rental Request</PageTitle>
        <Card role="status"><p>{sent}</p><p><Link to="/rentals">Back to rentals</Link></p></Card>
      </Container>
    );
  }
  const field = (name: string) => ({ id: `rental-${name}`, 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `rental-${name}-error` : undefined });
  return (
    <Container>
      <p><Link to="/rentals">All rentals</Link></p>
      <PageTitle>Rental Request</PageTitle>
      <p>Tell us what you need and when. The store checks availability and contacts you to confirm; nothing is charged online.</p>
      {failure ? <ErrorNotice>{failure}</ErrorNotice> : null}
      <Form noValidate onSubmit={send} aria-label="Rental request">
        <Labelled name="first_name" label="First name" error={errors.first_name}><input {...field('first_name')} autoComplete="given-name" value={form.first_name} onChange={set('first_name')} /></Labelled>
        <Labelled name="last_name" label="Last name" error={errors.last_name}><input {...field('last_name')} autoComplete="family-name" value={form.last_name} onChange={set('last_name')} /></Labelled>
        <Labelled name="email" label="E-mail" error={errors.email}><input {...field('email')} type="email" autoComplete="email" value={form.email} onChange={set('email')} /></Labelled>
        <Labelled name="phone" label="Phone" error={errors.phone}><input {...field('phone')} type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} /></Labelled>
        {locations.length > 1 ? (
          <Labelled name="location_id" label="Store" error={errors.location_id} wide>
            <select {...field('location_id')} value={String(locationId || '')} onChange={set('location')}>
              <option value="">Choose a store</option>
              {locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
            </select>
          </Labelled>
        ) : null}
        <Labelled name="rental" label="Equipment" wide>
          <select id="rental-rental" value={chosen ? form.rental : OTHER} onChange={set('rental')}>
            {products.map((p) => <option key={p.id} value={p.id}>{p.name} (${p.rates.day} a day)</option>)}
            <option value={OTHER}>Something else</option>
          </select>
        </Labelled>
        {!chosen ? (
          <Labelled name="item" label="What would you like to rent?" error={errors.item} wide><input {...field('item')} value={form.item} onChange={set('item')} /></Labelled>
        ) : errors.item ? <p className="error wide" role="alert">{errors.item}</p> : null}
        <Labelled name="start_date" label="Start date" error={errors.start_date}><input {...field('start_date')} type="date" min={localToday()} value={form.start_date} onChange={set('start_date')} /></Labelled>
        <Labelled name="end_date" label="Return date" error={errors.end_date}><input {...field('end_date')} type="date" min={form.start_date || localToday()} value={form.end_date} onChange={set('end_date')} /></Labelled>
        {estimate !== null ? (
          <p className="wide" aria-live="polite" data-testid="rental-estimate">
            Estimated ${formatCents(estimate)} for {days} {days === 1 ? 'day' : 'days'}{chosen?.deposit ? `, plus a $${chosen.deposit} deposit` : ''}. The store confirms the price.
          </p>
        ) : null}
        <Labelled name="message" label="Anything else the store should know? (optional)" wide><textarea id="rental-message" rows={4} maxLength={1000} value={form.message} onChange={set('message')} /></Labelled>
        <div className="wide"><Button type="submit" disabled={sending}>{sending ? 'Sending…' : 'Send Request'}</Button></div>
      </Form>
    </Container>
  );
}
