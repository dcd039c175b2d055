import { Link } from '@platform/routing';
import styled from 'styled-components';
import type { BusinessDetails } from '@platform/contracts';
import { formatPhone, storeInformationProblems, WEEK_DAYS, type StoreInformation } from '@platform/domain';
import { adminSettingsApi, storefrontApi } from '@platform/api-client';
import { Card, Container, Field, PageTitle } from '@platform/ui';
import { LoadState, SaveBar } from './checked-save';
import { useSettingsForm } from './use-settings-form';
import { AboutStoryForm, StoreSeoForm } from './about-content-forms';
import { HashRoutingForm } from './hash-routing-form';

const DAY_NAMES: Record<(typeof WEEK_DAYS)[number], string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

const Form = styled.form`
  display: grid; gap: 20px; max-width: 760px;
  .help { margin: 4px 0 0; font-weight: 400; color: ${(p) => p.theme.colors.muted}; }
  .problem { margin: 0; font-weight: 400; color: ${(p) => p.theme.colors.danger}; }
  h2 { margin: 0 0 4px; }
`;
const Week = styled.fieldset`
  border: 0; padding: 0; margin: 0;
  legend { font-weight: 600; margin-bottom: 8px; }
  .day { display: grid; grid-template-columns: 110px auto 1fr; gap: 6px 12px; align-items: center; padding: 6px 0; border-top: 1px solid ${(p) => p.theme.colors.border}; }
  .times { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
  input[type='time'] { font: inherit; padding: 6px 8px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; }
  .problem { grid-column: 1 / -1; }
  @media (max-width: 560px) { .day { grid-template-columns: 1fr auto; } .times { grid-column: 1 / -1; } }
`;

/** The form's starting values: what the storefront shows now. */
function fromBusiness(business: BusinessDetails): StoreInformation {
  return {
    contact_email: business.contact_email,
    locations: business.about_us.locations.map((l) => ({ id: l.id, phone: l.phone, hours: l.hours })),
  };
}

/**
 * Settings › About us (spec 3 settings about-us): what shoppers read on Store Information and Contact Us:
 * the contact e-mail and each location's phone and opening hours. Addresses and new locations belong to the
 * locations screen (map position, tax and stock follow an address), so they show here as text. Below: the About us
 * story, search and sharing, and the hosts that route by hash (hash-routing-form.tsx).
 */
export function StoreInformationPage() {
  const info = useSettingsForm(storefrontApi.useBusinessDetailsQuery(), adminSettingsApi.useSaveStoreInformationMutation(), {
    from: fromBusiness,
    check: (form) => ({ body: form, problems: storeInformationProblems(form) }),
    fallback: 'The store information could not be saved. Please try again.',
  });
  const { data: business, form, change, edit, problem, described } = info;

  const changeLocation = (index: number, next: (l: StoreInformation['locations'][number]) => StoreInformation['locations'][number]) =>
    edit((f) => ({ ...f, locations: f.locations.map((l, i) => (i === index ? next(l) : l)) }));
  const setDay = (index: number, day: string, patch: Partial<{ open: string; close: string; closed: boolean }>) =>
    changeLocation(index, (l) => ({ ...l, hours: { ...l.hours, [day]: { open: '', close: '', closed: false, ...l.hours[day], ...patch } } }));

  return (
    <Container>
      <PageTitle>About Us</PageTitle>
      <p>What shoppers see on <Link to="/store-info">Store Information</Link> and Contact Us, how the store shows in search results and shared links, and the hosts whose addresses use #.</p>
      <LoadState load={info} loading="Loading store information…" failed="We could not load the store information." />
      {form && business ? (
        <Form onSubmit={info.onSubmit} noValidate aria-label="Store information">
          <Card>
            <h2>Contact</h2>
            <Field>
              Contact e-mail
              <input type="email" name="contact_email" autoComplete="off" value={form.contact_email} {...described('contact_email')}
                onChange={(e) => change({ contact_email: e.target.value })} />
            </Field>
            <p className="help">Shown on Contact Us. Leave it empty to show none.</p>
            {problem('contact_email')}
          </Card>
          {form.locations.length === 0 ? <Card><p>This store has no locations yet.</p></Card> : null}
          {form.locations.map((location, index) => {
            const shown = business.about_us.locations.find((l) => l.id === location.id);
            return (
              <Card key={location.id} as="section" aria-label={shown?.name ?? `Location ${location.id}`}>
                <h2>{shown?.name}</h2>
                <p className="help">{shown ? `${shown.address}, ${shown.city}, ${shown.state} ${shown.zip}` : null}</p>
                {problem(`locations.${index}.id`)}
                <Field>
                  Phone
                  <input type="tel" inputMode="tel" autoComplete="off" value={location.phone} {...described(`locations.${index}.phone`)}
                    onChange={(e) => changeLocation(index, (l) => ({ ...l, phone: formatPhone(e.target.value) }))} />
                </Field>
                {problem(`locations.${index}.phone`)}
                <Week>
                  <legend>Opening hours</legend>
                  {WEEK_DAYS.map((day) => {
                    const h = location.hours[day] ?? { open: '', close: '', closed: true };
                    const key = `locations.${index}.hours.${day}`;
                    return (
                      <div className="day" key={day} role="group" aria-label={DAY_NAMES[day]}>
                        <strong>{DAY_NAMES[day]}</strong>
                        <label><input type="checkbox" checked={h.closed} onChange={(e) => setDay(index, day, { closed: e.target.checked })} /> Closed</label>
                        <span className="times">
                          <label>Opens <input type="time" value={h.open} disabled={h.closed} {...described(key)} onChange={(e) => setDay(index, day, { open: e.target.value })} /></label>
                          <label>Closes <input type="time" value={h.close} disabled={h.closed} {...described(key)} onChange={(e) => setDay(index, day, { close: e.target.value })} /></label>
                        </span>
                        {problem(key)}
                      </div>
                    );
                  })}
                </Week>
              </Card>
            );
          })}
          <SaveBar failure={info.failure} saving={info.saving} label="Save changes" />
        </Form>
      ) : null}
      <div style={{ display: 'grid', gap: 20, marginTop: 28 }}>
        <AboutStoryForm />
        <StoreSeoForm />
        <HashRoutingForm />
      </div>
    </Container>
  );
}
