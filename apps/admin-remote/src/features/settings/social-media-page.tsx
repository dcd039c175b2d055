import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '@platform/routing';
import type { BusinessDetails } from '@platform/contracts';
import { SOCIAL_LINKS, socialLinksProblems, type SocialLinks } from '@platform/domain';
import { notify, storefrontApi, storeContentAdminApi } from '@platform/api-client';
import { Button, Card, Container, ErrorNotice, Field, Loading, PageTitle } from '@platform/ui';
import { SaveBar, useCheckedSave } from './checked-save';
import { SettingsForm } from './product-listings-page';

const fromBusiness = (business: BusinessDetails) => Object.fromEntries(SOCIAL_LINKS.map(([key]) => [key, business[key] ?? ''])) as SocialLinks;

/**
 * Settings › Social Media Accounts (spec 3 settings social-media-accounts): the store's pages on each network,
 * listed on Store Information (business-about-us). Empty: not shown.
 */
export function SocialMediaPage() {
  const { data: business, isLoading, isError, refetch } = storefrontApi.useBusinessDetailsQuery();
  const [save, { isLoading: saving }] = storeContentAdminApi.useSaveSocialLinksMutation();
  const [form, setForm] = useState<SocialLinks | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { checkAndSave, failure, problem, described } = useCheckedSave();
  useEffect(() => { if (business && form === null) setForm(fromBusiness(business)); }, [business, form]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form) return;
    const answer = await checkAndSave(event.currentTarget, socialLinksProblems(form), () => save(form).unwrap(), 'The links could not be saved. Please try again.');
    if (!answer) return;
    setForm(answer.data);
    setSaved(answer.message);
    notify('success', answer.message);
  };

  const shown = form ? SOCIAL_LINKS.filter(([key]) => /^https?:\/\//i.test(form[key].trim())) : [];
  return (
    <Container>
      <PageTitle>Social Media Accounts</PageTitle>
      <p>Your store&rsquo;s pages, linked on <Link to="/store-info">Store Information</Link>. Leave a network empty to show none.</p>
      {isLoading ? <Loading label="Loading the links…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the links.</ErrorNotice> : null}
      {form ? (
        <SettingsForm onSubmit={(e) => void submit(e)} noValidate aria-label="Social media accounts">
          <Card>
            {SOCIAL_LINKS.map(([key, label]) => (
              <div key={key}>
                <Field>
                  {label}
                  <input name={key} type="url" inputMode="url" placeholder="https://…" value={form[key]} {...described(key)}
                    onChange={(e) => { setSaved(null); setForm({ ...form, [key]: e.target.value }); }} />
                </Field>
                {problem(key)}
              </div>
            ))}
          </Card>
          <Card as="section" aria-labelledby="social-preview-title">
            <h2 id="social-preview-title">Preview</h2>
            <p>{shown.length ? <>Follow us on {shown.map(([key, label], i) => <span key={key}>{i ? ', ' : ''}<a href={form[key].trim()} target="_blank" rel="noopener noreferrer">{label}</a></span>)}.</> : 'No social links are shown.'}</p>
          </Card>
          <SaveBar failure={failure} saving={saving} label="Save links" actions={saved ? <span role="status">{saved}</span> : null} />
        </SettingsForm>
      ) : null}
    </Container>
  );
}
