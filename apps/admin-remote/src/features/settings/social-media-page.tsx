import { Link } from '@platform/routing';
import type { BusinessDetails } from '@platform/contracts';
import { SOCIAL_LINKS, socialLinksProblems, type SocialLinks } from '@platform/domain';
import { storefrontApi, storeContentAdminApi } from '@platform/api-client';
import { Card, Container, Field, PageTitle } from '@platform/ui';
import { LoadState, SaveBar } from './checked-save';
import { useSettingsForm } from './use-settings-form';
import { SettingsForm } from './product-listings-page';

const fromBusiness = (business: BusinessDetails) => Object.fromEntries(SOCIAL_LINKS.map(([key]) => [key, business[key] ?? ''])) as SocialLinks;

/**
 * Settings › Social Media Accounts (spec 3 settings social-media-accounts): the store's pages on each network,
 * listed on Store Information (business-about-us). Empty: not shown.
 */
export function SocialMediaPage() {
  const links = useSettingsForm(storefrontApi.useBusinessDetailsQuery(), storeContentAdminApi.useSaveSocialLinksMutation(), {
    from: fromBusiness,
    fromSaved: (saved: SocialLinks) => saved,
    check: (form) => ({ body: form, problems: socialLinksProblems(form) }),
    fallback: 'The links could not be saved. Please try again.',
  });
  const { form, change, problem, described } = links;

  const shown = form ? SOCIAL_LINKS.filter(([key]) => /^https?:\/\//i.test(form[key].trim())) : [];
  return (
    <Container>
      <PageTitle>Social Media Accounts</PageTitle>
      <p>Your store&rsquo;s pages, linked on <Link to="/store-info">Store Information</Link>. Leave a network empty to show none.</p>
      <LoadState load={links} loading="Loading the links…" failed="We could not load the links." />
      {form ? (
        <SettingsForm onSubmit={links.onSubmit} noValidate aria-label="Social media accounts">
          <Card>
            {SOCIAL_LINKS.map(([key, label]) => (
              <div key={key}>
                <Field>
                  {label}
                  <input name={key} type="url" inputMode="url" placeholder="https://…" value={form[key]} {...described(key)}
                    onChange={(e) => change({ [key]: e.target.value })} />
                </Field>
                {problem(key)}
              </div>
            ))}
          </Card>
          <Card as="section" aria-labelledby="social-preview-title">
            <h2 id="social-preview-title">Preview</h2>
            <p>{shown.length ? <>Follow us on {shown.map(([key, label], i) => <span key={key}>{i ? ', ' : ''}<a href={form[key].trim()} target="_blank" rel="noopener noreferrer">{label}</a></span>)}.</> : 'No social links are shown.'}</p>
          </Card>
          <SaveBar failure={links.failure} saving={links.saving} label="Save links" saved={links.saved} />
        </SettingsForm>
      ) : null}
    </Container>
  );
}
