import { useState, type KeyboardEvent } from 'react';
import type { PartnerSettings } from '@platform/contracts';
import { MAX_PARTNER_BUSINESSES, ONLY_STORE_OWNER_PARTNERS, partnerBusinessIdProblem } from '@platform/domain';
import { adminSettingsApi } from '@platform/api-client';
import { Button, Card, Container, ErrorNotice, Field, PageTitle } from '@platform/ui';
import { LoadState, SaveBar } from './checked-save';
import { useSettingsForm } from './use-settings-form';
import { SettingsForm } from './product-listings-page';

const ADD_FIELD = 'partnerBusinessId';
const isForbidden = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 403;

/** How a listed business stands: named once it lists this store back; an id added here is not sent until saved. */
function standing(id: number, saved: PartnerSettings['partners']): string {
  const partner = saved.find((p) => p.business_id === id);
  if (!partner) return 'Not saved yet.';
  return partner.shown ? `${partner.name ?? ''} lists your store back: each store shows the other\u2019s stock.` : 'Does not list your store yet: nothing is shown either way until it does.';
}

/**
 * Settings › Partner Stores (docs/PARTNER-INVENTORY.md): the businesses whose stock the store shows beside its own,
 * by business id. A partner shows only where both stores list each other; the store owner's alone, as payment settings.
 */
export function PartnerStoresPage() {
  const partners = useSettingsForm(adminSettingsApi.usePartnerBusinessesQuery(), adminSettingsApi.useSavePartnerBusinessesMutation(), {
    from: (settings: PartnerSettings) => settings.partners.map((p) => p.business_id),
    check: (ids) => ({ body: { business_ids: ids }, problems: {} }),
    fallback: 'The partner stores could not be saved. Please try again.',
  });
  const { data: settings, form: ids, edit, problem } = partners;
  const [typed, setTyped] = useState('');
  const [addProblem, setAddProblem] = useState<string | null>(null);

  let body;
  if (partners.isError && isForbidden(partners.error)) body = <ErrorNotice>{ONLY_STORE_OWNER_PARTNERS}</ErrorNotice>;
  else if (partners.isLoading || partners.isError) body = <Card><LoadState load={partners} loading="Loading the partner stores…" failed="We could not load the partner stores." /></Card>;
  else if (settings && ids) {
    const change = (next: number[]) => edit(() => next);
    const add = () => {
      const found = partnerBusinessIdProblem(typed, settings.business_id, ids);
      setAddProblem(found);
      if (found) { document.getElementById(ADD_FIELD)?.focus(); return; }
      change([...ids, Number(typed.trim())]);
      setTyped('');
    };
    const onKey = (event: KeyboardEvent<HTMLInputElement>) => { if (event.key === 'Enter') { event.preventDefault(); add(); } };
    body = (
      <SettingsForm onSubmit={partners.onSubmit} noValidate aria-label="Partner stores">
        <Card>
          <p className="help">
            A partner store is another store on the platform that works with yours (the paint store next door, a fellow co-op
            member): where both stores list each other, each shows the other&rsquo;s stock of a product, so a shopper is sent
            across the street rather than away. Your business id is <strong>{settings.business_id}</strong>: give it to the
            partner store so it lists yours too. At most {MAX_PARTNER_BUSINESSES}.
          </p>
          {ids.length ? (
            <ul aria-label="Partner businesses" style={{ listStyle: 'none', padding: 0, margin: '12px 0', display: 'grid', gap: 8 }}>
              {ids.map((id, index) => (
                <li key={id} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
                  <span><strong>Business {id}</strong> · {standing(id, settings.partners)}</span>
                  <Button type="button" $variant="secondary" aria-label={`Remove business ${id}`} onClick={() => change(ids.filter((other) => other !== id))}>Remove</Button>
                  {problem(`business_ids.${index}`)}
                </li>
              ))}
            </ul>
          ) : <p>No partner stores listed: your store shows its own stock only.</p>}
          {problem('business_ids')}
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'end', marginTop: 12 }}>
            <Field>
              Partner&rsquo;s business id
              <input id={ADD_FIELD} name={ADD_FIELD} inputMode="numeric" autoComplete="off" value={typed} onKeyDown={onKey}
                onChange={(e) => { setAddProblem(null); setTyped(e.target.value); }}
                {...(addProblem ? { 'aria-invalid': true, 'aria-describedby': `${ADD_FIELD}-problem` } : {})} />
            </Field>
            <Button type="button" $variant="secondary" onClick={add}>Add</Button>
          </div>
          {addProblem ? <p className="problem" id={`${ADD_FIELD}-problem`} role="alert">{addProblem}</p> : null}
        </Card>
        <SaveBar failure={partners.failure} saving={partners.saving} label="Save partner stores" saved={partners.saved} />
      </SettingsForm>
    );
  } else body = null;

  return <Container><PageTitle>Partner Stores</PageTitle>{body}</Container>;
}
