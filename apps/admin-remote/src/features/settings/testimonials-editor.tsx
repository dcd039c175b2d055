import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { adminSettingsApi, errorMessage, fieldErrors } from '@platform/api-client';
import {
  nextTestimonialId, RATING_MAX, TESTIMONIAL_AUTHOR_MAX, TESTIMONIAL_MESSAGE_MAX, TESTIMONIAL_ROLE_MAX, TESTIMONIALS_DEFAULT_TITLE, TESTIMONIALS_MAX,
  TESTIMONIALS_TITLE_MAX, testimonialsProblems, type TestimonialInput, type TestimonialsInput,
} from '@platform/domain';
import { Button, ErrorNotice, Field, Loading } from '@platform/ui';

/** Spec 3 §4: testimonial edits are emitted 500 ms after the last change. */
export const TESTIMONIAL_SAVE_DELAY_MS = 500;
export const REMOVE_TESTIMONIAL_QUESTION = 'Do you want to remove this testimonial?';
const SAVE_FAILED = 'The testimonials could not be saved. Check your connection and change any field to try again.';

const Editor = styled.div`
  border-top: 1px solid ${(p) => p.theme.colors.border}; margin-top: 8px; padding-top: 12px;
  .problem { margin: 4px 0 0; font-weight: 400; color: ${(p) => p.theme.colors.danger}; }
  .state { min-height: 1.5em; font-weight: 600; }
  .state.bad { color: ${(p) => p.theme.colors.danger}; }
  .help { margin: 0 0 8px; font-size: 0.9em; }
`;
const CardFields = styled.fieldset`
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; padding: 12px; margin: 0 0 12px;
  display: grid; gap: 4px 12px; grid-template-columns: 2fr 1fr; align-items: start;
  legend { font-weight: 600; }
  label { margin-bottom: 0; }
  .message, .actions { grid-column: 1 / -1; }
  .actions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
  &:focus-within { border-color: ${(p) => p.theme.colors.primary}; }
  @media (max-width: 640px) { grid-template-columns: 1fr; }
`;

type SaveState = { kind: 'idle' | 'waiting' | 'saving' | 'saved' } | { kind: 'invalid' | 'failed'; message: string };

/**
 * Spec 3 'Testimonial card editor': a testimonials section's heading and cards (message, author, role, rating),
 * added, edited, moved and removed in place. Each change is saved 500 ms after the last one (the whole section,
 * checked first with the shared rules), and the line under the cards says whether it is saving, saved or what
 * is wrong. `focusCard` opens with that card's message focused (a storefront edit icon links to it).
 */
export function TestimonialsEditor({ id, name, focusCard }: { id: number; name: string; focusCard?: number }) {
  const { data, isLoading, isError, refetch } = adminSettingsApi.useTestimonialsSectionQuery(id);
  const [save] = adminSettingsApi.useSaveTestimonialsMutation();
  const [section, setSection] = useState<TestimonialsInput | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Only the latest save's answer speaks for the form: an older one arriving late is ignored.
  const latest = useRef(0);
  const focusNext = useRef<number | null>(focusCard ?? null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => { if (data && section === null) setSection({ title: data.title, testimonials: data.testimonials }); }, [data, section]);
  // Leaving the screen within the 500 ms still saves the last change (when the shared rules allow it).
  const pending = useRef<TestimonialsInput | null>(null);
  useEffect(() => () => {
    if (!timer.current) return;
    clearTimeout(timer.current);
    if (pending.current && !Object.keys(testimonialsProblems(pending.current)).length) void save({ id, ...pending.current });
  }, [save, id]);
  useEffect(() => {
    if (focusNext.current === null || !section) return;
    const field = root.current?.querySelector<HTMLTextAreaElement>(`#testimonial-${id}-${focusNext.current}-message`);
    if (!field) return;
    focusNext.current = null;
    field.focus();
    field.scrollIntoView?.({ block: 'center' });
  }, [section, id]);

  const send = async (draft: TestimonialsInput) => {
    const found = testimonialsProblems(draft);
    setProblems(found);
    const first = Object.values(found)[0];
    if (first) { setState({ kind: 'invalid', message: `Not saved: ${first}` }); return; }
    const ticket = ++latest.current;
    setState({ kind: 'saving' });
    try {
      await save({ id, ...draft }).unwrap();
      if (ticket === latest.current) setState({ kind: 'saved' });
    } catch (error) {
      if (ticket !== latest.current) return;
      const refused = fieldErrors(error);
      setProblems(refused);
      setState({ kind: 'failed', message: `Not saved: ${errorMessage(error, SAVE_FAILED)}` });
    }
  };

  /** A change by the owner: shown at once, saved once nothing has changed for 500 ms. */
  const edit = (next: TestimonialsInput, { saveIt = true } = {}) => {
    setSection(next);
    if (!saveIt) return;
    if (timer.current) clearTimeout(timer.current);
    setState({ kind: 'waiting' });
    pending.current = next;
    timer.current = setTimeout(() => { timer.current = null; pending.current = null; void send(next); }, TESTIMONIAL_SAVE_DELAY_MS);
  };

  if (isLoading) return <Loading label={`Loading the cards of ${name}…`} />;
  if (isError) return <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the cards of {name}.</ErrorNotice>;
  if (!section) return null;

  const cards = section.testimonials;
  const setCard = (index: number, patch: Partial<TestimonialInput>) => edit({ ...section, testimonials: cards.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  const move = (index: number, by: -1 | 1) => {
    const next = [...cards];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    edit({ ...section, testimonials: next });
  };
  const add = () => {
    const card = { id: nextTestimonialId(cards), message: '', author: '', role: '', rating: RATING_MAX };
    focusNext.current = card.id;
    // A blank card is nothing to save yet: it is saved with its first words.
    edit({ ...section, testimonials: [...cards, card] }, { saveIt: false });
  };
  const problem = (key: string) => (problems[key] ? <p className="problem" id={`testimonial-${id}-${key}-problem`}>{problems[key]}</p> : null);
  const described = (key: string) => (problems[key] ? { 'aria-invalid': true, 'aria-describedby': `testimonial-${id}-${key}-problem` } : {});
  const stateText = state.kind === 'waiting' ? 'Changes not saved yet…' : state.kind === 'saving' ? 'Saving…' : state.kind === 'saved' ? 'Saved!'
    : state.kind === 'invalid' || state.kind === 'failed' ? state.message : '';

  return (
    <Editor ref={root} aria-label={`Cards of ${name}`} role="group">
      <p className="help">Changes are saved as you type. Cards show on the home page in this order; a section without cards is not shown.</p>
      <Field>
        Heading
        <input value={section.title} placeholder={TESTIMONIALS_DEFAULT_TITLE} maxLength={TESTIMONIALS_TITLE_MAX} {...described('title')} onChange={(e) => edit({ ...section, title: e.target.value })} />
      </Field>
      {problem('title')}
      {problem('testimonials')}
      {cards.map((card, index) => {
        const at = (field: string) => `testimonials.${index}.${field}`;
        const label = `testimonial ${index + 1}`;
        return (
          <CardFields key={card.id} id={`testimonial-${id}-${card.id}`}>
            <legend>Testimonial {index + 1}{card.author.trim() ? `: ${card.author.trim()}` : ''}</legend>
            <div className="message">
              <Field>
                What the customer said
                <textarea id={`testimonial-${id}-${card.id}-message`} rows={3} maxLength={TESTIMONIAL_MESSAGE_MAX} value={card.message} {...described(at('message'))}
                  onChange={(e) => setCard(index, { message: e.target.value })} />
              </Field>
              {problem(at('message'))}
            </div>
            <div>
              <Field>
                Name
                <input maxLength={TESTIMONIAL_AUTHOR_MAX} value={card.author} {...described(at('author'))} onChange={(e) => setCard(index, { author: e.target.value })} />
              </Field>
              {problem(at('author'))}
            </div>
            <div>
              <Field>
                Rating
                <select value={card.rating} {...described(at('rating'))} onChange={(e) => setCard(index, { rating: Number(e.target.value) })}>
                  {[5, 4, 3, 2, 1].map((n) => <option key={n} value={n}>{n} star{n === 1 ? '' : 's'}</option>)}
                </select>
              </Field>
              {problem(at('rating'))}
            </div>
            <div>
              <Field>
                Role (optional)
                <input maxLength={TESTIMONIAL_ROLE_MAX} placeholder="Contractor, Customer since 2019…" value={card.role} {...described(at('role'))} onChange={(e) => setCard(index, { role: e.target.value })} />
              </Field>
              {problem(at('role'))}
              {problem(at('id'))}
            </div>
            <div className="actions">
              <Button type="button" $variant="secondary" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => move(index, -1)}>↑</Button>
              <Button type="button" $variant="secondary" aria-label={`Move ${label} down`} disabled={index === cards.length - 1} onClick={() => move(index, 1)}>↓</Button>
              <Button type="button" $variant="secondary" aria-label={`Remove ${label}`}
                onClick={() => { if (window.confirm(REMOVE_TESTIMONIAL_QUESTION)) edit({ ...section, testimonials: cards.filter((_, i) => i !== index) }); }}>
                Remove
              </Button>
            </div>
          </CardFields>
        );
      })}
      {cards.length < TESTIMONIALS_MAX ? <Button type="button" $variant="secondary" onClick={add}>Add a testimonial</Button>
        : <p className="help">A section holds at most {TESTIMONIALS_MAX} testimonials.</p>}
      <p className={`state${state.kind === 'invalid' || state.kind === 'failed' ? ' bad' : ''}`} role="status" aria-live="polite">{stateText}</p>
    </Editor>
  );
}
