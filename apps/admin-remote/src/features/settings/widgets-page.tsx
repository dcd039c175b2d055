import { useState } from 'react';
import { useSearchParams } from '@platform/routing';
import styled from 'styled-components';
import type { AdminWidget } from '@platform/contracts';
import { adminSettingsApi, errorMessage, notify, storefrontApi } from '@platform/api-client';
import { Button, Card, Container, EmptyState, ErrorNotice, Field, Loading, PageTitle, RowList } from '@platform/ui';
import { TestimonialsEditor } from './testimonials-editor';

const REMOVE_WIDGET_QUESTION = 'Do you want to remove this widget?';
const TYPE_LABELS: Record<AdminWidget['type'], string> = { '1': 'HTML block', '2': 'Product row', '4': 'Carousel', '5': 'Testimonials' };
const AREAS: { area: 1 | 2; title: string }[] = [{ area: 1, title: 'Top of the home page' }, { area: 2, title: 'Further down the home page' }];

const List = styled(RowList)`
  .actions { display: flex; flex-wrap: wrap; gap: 6px; }
  .editor { flex: 1 0 100%; }
  .hidden-tag { margin-left: 8px; font-size: 0.85em; padding: 1px 6px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 999px; }
`;

/**
 * Settings › Widgets (spec 3 settings widgets): the sections of the store's home page in the order shoppers see
 * them; each can be moved, hidden or shown, or removed ('Do you want to remove this widget?'). A testimonials
 * section can be added here and its cards edited in place (the testimonial card editor); `?section={id}&card={id}`
 * opens that section's editor at that card (the storefront's edit icons link there). The other kinds' editors
 * are not built yet.
 */
export function WidgetsPage() {
  const { data: sections, isLoading, isError, refetch } = adminSettingsApi.useHomepageSectionsQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const [setHidden] = adminSettingsApi.useSetSectionHiddenMutation();
  const [saveOrder] = adminSettingsApi.useSaveSectionOrderMutation();
  const [remove] = adminSettingsApi.useRemoveSectionMutation();
  const [addTestimonials, { isLoading: adding }] = adminSettingsApi.useAddTestimonialsSectionMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const [params] = useSearchParams();
  const linked = { section: Number(params.get('section')) || null, card: Number(params.get('card')) || undefined };
  const [editing, setEditing] = useState<number | null>(linked.section);
  const [newArea, setNewArea] = useState<1 | 2>(1);

  const run = async (id: number, work: () => Promise<{ message: string }>) => {
    setBusy(id);
    try { notify('success', (await work()).message); } catch (error) { notify('error', errorMessage(error, 'That did not work. Please try again.'), 5000); }
    setBusy(null);
  };
  const add = async () => {
    try {
      const answer = await addTestimonials({ area: newArea }).unwrap();
      notify('success', answer.message);
      setEditing(answer.id);
    } catch (error) { notify('error', errorMessage(error, 'The section could not be added. Please try again.'), 5000); }
  };
  const where = (ids: number[]) => {
    if (!ids.length) return 'All locations';
    const names = ids.map((id) => business?.about_us.locations.find((l) => l.id === id)?.name ?? `Location ${id}`);
    return `Only at ${names.join(', ')}`;
  };

  return (
    <Container>
      <PageTitle>Home Page Sections</PageTitle>
      <p>The sections of your home page, in the order shoppers see them.</p>
      {isLoading ? <Loading label="Loading the home page sections…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the home page sections.</ErrorNotice> : null}
      {sections && sections.length === 0 ? <EmptyState title="No sections yet">This store's home page has no sections yet.</EmptyState> : null}
      {sections ? (
        <Card as="section" aria-labelledby="add-section-title" style={{ marginBottom: 16 }}>
          <h2 id="add-section-title" style={{ marginTop: 0 }}>Add a section</h2>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'end' }}>
            <Field style={{ marginBottom: 0 }}>
              Where
              <select value={newArea} onChange={(e) => setNewArea(Number(e.target.value) === 2 ? 2 : 1)}>
                {AREAS.map(({ area, title }) => <option key={area} value={area}>{title}</option>)}
              </select>
            </Field>
            <Button disabled={adding} onClick={() => void add()}>{adding ? 'Adding…' : 'Add testimonials'}</Button>
          </div>
        </Card>
      ) : null}
      {sections && sections.length > 0 ? AREAS.map(({ area, title }) => {
        const list = sections.filter((s) => s.area === area);
        if (!list.length) return null;
        const move = (index: number, by: -1 | 1) => {
          const ids = list.map((s) => s.id);
          [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
          return run(list[index].id, () => saveOrder({ area, ids }).unwrap());
        };
        return (
          <Card key={area} as="section" aria-label={title} style={{ marginBottom: 16 }}>
            <h2 style={{ marginTop: 0 }}>{title}</h2>
            <List as="ol">
              {list.map((section, index) => {
                const name = section.name || TYPE_LABELS[section.type];
                return (
                  <li key={section.id} aria-label={name} aria-busy={busy === section.id}>
                    <span className="main">
                      <strong>{name}</strong>{section.hidden ? <span className="hidden-tag">Hidden</span> : null}
                      <span className="meta">{TYPE_LABELS[section.type]} · {where(section.associatedLocations)}</span>
                    </span>
                    <span className="actions">
                      <Button $variant="secondary" aria-label={`Move ${name} up`} disabled={index === 0 || busy !== null} onClick={() => void move(index, -1)}>↑</Button>
                      <Button $variant="secondary" aria-label={`Move ${name} down`} disabled={index === list.length - 1 || busy !== null} onClick={() => void move(index, 1)}>↓</Button>
                      <Button $variant="secondary" disabled={busy !== null} onClick={() => void run(section.id, () => setHidden({ id: section.id, hidden: !section.hidden }).unwrap())}>
                        {section.hidden ? 'Show' : 'Hide'}
                      </Button>
                      {section.type === '5' ? (
                        <Button $variant="secondary" aria-expanded={editing === section.id} aria-label={`${editing === section.id ? 'Close' : 'Edit'} cards of ${name}`}
                          onClick={() => setEditing(editing === section.id ? null : section.id)}>
                          {editing === section.id ? 'Close cards' : 'Edit cards'}
                        </Button>
                      ) : null}
                      <Button $variant="secondary" disabled={busy !== null}
                        onClick={() => { if (window.confirm(REMOVE_WIDGET_QUESTION)) void run(section.id, () => remove(section.id).unwrap()); }}>
                        Remove
                      </Button>
                    </span>
                    {section.type === '5' && editing === section.id ? (
                      <div className="editor"><TestimonialsEditor id={section.id} name={name} focusCard={section.id === linked.section ? linked.card : undefined} /></div>
                    ) : null}
                  </li>
                );
              })}
            </List>
          </Card>
        );
      }) : null}
    </Container>
  );
}
