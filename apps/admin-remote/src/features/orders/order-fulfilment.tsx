import { useState } from 'react';
import type { AdminOrder } from '@platform/contracts';
import { deliveryDateLabel, PREPARE_STEP_LABELS, PREPARE_STEPS, type PrepareStep } from '@platform/domain';
import { adminOrderFulfilmentApi, errorMessage, fieldErrors, notify } from '@platform/api-client';
import { Button, ErrorNotice, Field, Loading } from '@platform/ui';

/** Statuses where preparing goes on and the order may still move (a ready order is at its counter). */
const PREPARING = ['placed', 'taken', 'preparing'];
const row = { display: 'flex', flexWrap: 'wrap', gap: 10, alignItems: 'end', marginTop: 12 } as const;

/** Preparing steps (spec 3 order actions: prepare step): picking, picked, packed; the current one is pressed. */
export function PrepareSteps({ order }: { order: AdminOrder }) {
  const [record, { isLoading }] = adminOrderFulfilmentApi.usePrepareOrderStepMutation();
  const [problem, setProblem] = useState<string | null>(null);
  if (!PREPARING.includes(order.status)) return order.prepare_step ? <p>Last preparing step: {PREPARE_STEP_LABELS[order.prepare_step]}.</p> : null;
  const run = async (step: PrepareStep) => {
    setProblem(null);
    try {
      notify('success', (await record({ id: order.id, step }).unwrap()).message, 4000);
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };
  return (
    <section aria-label="Preparing steps" style={{ marginTop: 12 }}>
      <p style={{ margin: '0 0 6px' }}>{order.prepare_step ? <>Current step: <strong>{PREPARE_STEP_LABELS[order.prepare_step]}</strong></> : 'No preparing step recorded yet.'}</p>
      <div role="group" aria-label="Record a preparing step" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {PREPARE_STEPS.map((step) => (
          <Button key={step} type="button" $variant={order.prepare_step === step ? 'primary' : 'secondary'} aria-pressed={order.prepare_step === step} disabled={isLoading}
            onClick={() => void run(step)}>{PREPARE_STEP_LABELS[step]}</Button>
        ))}
      </div>
      {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
    </section>
  );
}

/** The admin's own today (the server refuses only a day that has ended everywhere). */
const localToday = () => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; };

/** The expected day of a delivery, a parcel or special-order items (spec 3 order actions: update delivery date). */
export function DeliveryDate({ order }: { order: AdminOrder }) {
  const [save, { isLoading }] = adminOrderFulfilmentApi.useUpdateDeliveryDateMutation();
  const [date, setDate] = useState(order.delivery_date ?? '');
  const [timeOfDay, setTimeOfDay] = useState(order.delivery_window ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const special = order.items.some((i) => i.special && i.quantity - i.cancelled_quantity > 0);
  const open = order.actions.includes('cancel');
  if (order.order_type === 'pickup' && !special) return null;
  const submit = async () => {
    setProblems({});
    if (!date) { setProblems({ delivery_date: 'Please choose a date.' }); return; }
    try {
      notify('success', (await save({ id: order.id, delivery_date: date, ...(timeOfDay.trim() ? { delivery_window: timeOfDay.trim() } : {}) }).unwrap()).message, 5000);
    } catch (err) {
      const errors = fieldErrors(err);
      setProblems(errors.delivery_date ? errors : { form: errorMessage(err) });
    }
  };
  const expected = order.delivery_date ? `${deliveryDateLabel(order.delivery_date)}${order.delivery_window ? `, ${order.delivery_window}` : ''}` : null;
  return (
    <section aria-label="Delivery date" style={{ marginTop: 12 }}>
      <p style={{ margin: '0 0 6px' }}>{expected ? <>Expected on <strong>{expected}</strong></> : 'No expected date given yet.'}{order.order_type === 'pickup' ? ' (special-order items)' : ''}</p>
      {open ? (
        <form aria-label="Set the delivery date" onSubmit={(e) => { e.preventDefault(); void submit(); }} style={row}>
          <Field style={{ marginBottom: 0 }}>Expected on<input type="date" min={localToday()} value={date} aria-invalid={Boolean(problems.delivery_date)} onChange={(e) => setDate(e.target.value)} /></Field>
          <Field style={{ marginBottom: 0 }}>Time of day (optional)<input value={timeOfDay} maxLength={40} placeholder="9am-noon" onChange={(e) => setTimeOfDay(e.target.value)} /></Field>
          <Button type="submit" disabled={isLoading}>{isLoading ? 'Saving…' : 'Save date'}</Button>
        </form>
      ) : null}
      {problems.delivery_date ? <p role="alert">{problems.delivery_date}</p> : null}
      {problems.form ? <ErrorNotice>{problems.form}</ErrorNotice> : null}
    </section>
  );
}

/** Move to another store: the other locations, which have every stocked line, and the move after a question. */
export function MoveOrder({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState(false);
  const { data: places, isFetching, isError } = adminOrderFulfilmentApi.useOrderLocationsQuery(order.id, { skip: !open });
  const [move, { isLoading }] = adminOrderFulfilmentApi.useMoveOrderMutation();
  const [chosen, setChosen] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!PREPARING.includes(order.status)) return null;
  if (!open) return <div style={{ marginTop: 12 }}><Button type="button" $variant="secondary" onClick={() => setOpen(true)}>Move to another store</Button></div>;
  const target = places?.others.find((o) => o.id === chosen);
  const submit = async () => {
    if (!target) return;
    setProblem(null);
    if (!window.confirm(`Move order ${order.order_number} to ${target.name}? Its items are taken from that store's stock and the customer is told by e-mail (and text, where they get texts).`)) return;
    try {
      notify('success', (await move({ id: order.id, location_id: target.id }).unwrap()).message, 5000);
      setOpen(false); setChosen(null);
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };
  return (
    <form aria-label="Move to another store" onSubmit={(e) => { e.preventDefault(); void submit(); }} style={{ marginTop: 12 }}>
      {isFetching && !places ? <Loading label="Checking the other stores…" /> : null}
      {isError ? <ErrorNotice>We could not check the other stores.</ErrorNotice> : null}
      {places ? (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>Now at {places.current.name}. Move to:</legend>
          {places.others.length ? places.others.map((o) => (
            <label key={o.id} style={{ display: 'block', padding: '4px 0' }}>
              <input type="radio" name="move-to" value={o.id} checked={chosen === o.id} disabled={!o.has_everything} onChange={() => setChosen(o.id)} />{' '}
              <strong>{o.name}</strong>, {o.address}{' '}
              {o.has_everything ? '(has every item)' : `(short: ${o.missing.map((m) => `${m.title}, ${m.left} of ${m.needed}`).join('; ')})`}
            </label>
          )) : <p>The store has no other location.</p>}
        </fieldset>
      ) : null}
      {problem ? <ErrorNotice>{problem}</ErrorNotice> : null}
      <div style={row}>
        <Button type="submit" disabled={!target || isLoading}>{isLoading ? 'Moving…' : 'Move order'}</Button>
        <Button type="button" $variant="secondary" onClick={() => { setOpen(false); setProblem(null); }}>Keep it here</Button>
      </div>
    </form>
  );
}
