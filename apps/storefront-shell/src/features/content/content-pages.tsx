import { Navigate } from '@platform/routing';
import styled from 'styled-components';
import { storefrontApi } from '@platform/api-client';
import { Card, Container, ErrorNotice, Loading, PageTitle } from '@platform/ui';
import { OpeningHours, PhoneLink } from '../../components/store-location-bits';

/** Store-written HTML, sanitized by the server (scripts, styles and handlers removed there). */
const Html = styled.div`line-height: 1.6; img { max-width: 100%; height: auto; }`;

/** /privacy-policy, /policy_california, /terms: the store's text, or the platform's default in its name. */
export function LegalPage({ type }: { type: string }) {
  const { data: docs, isLoading, isError } = storefrontApi.useLegalDocumentsQuery();
  const doc = docs?.find((d) => d.type === type);
  if (docs && !doc) return <Navigate to="/" replace />;
  return (
    <Container>
      {isLoading ? <Loading label="Loading…" /> : null}
      {isError ? <ErrorNotice>We could not load this page. Please try again.</ErrorNotice> : null}
      {doc ? (
        <>
          <PageTitle>{doc.display_name}</PageTitle>
          {doc.date_updated ? <p>Last updated {new Date(doc.date_updated).toLocaleDateString()}</p> : null}
          <Html dangerouslySetInnerHTML={{ __html: doc.value }} />
        </>
      ) : null}
    </Container>
  );
}

/** /{link}: one of the store's own pages. */
export function CustomPageView({ id }: { id: number }) {
  const { data: page, isLoading, isError } = storefrontApi.useCustomPageQuery(id);
  return (
    <Container>
      {isLoading ? <Loading label="Loading…" /> : null}
      {isError ? <ErrorNotice>We could not load this page. Please try again.</ErrorNotice> : null}
      {page ? <><PageTitle>{page.title}</PageTitle><Html dangerouslySetInnerHTML={{ __html: page.body ?? '' }} /></> : null}
    </Container>
  );
}

const Locations = styled.div`display: grid; gap: 16px; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));`;
const Story = styled.section`
  margin-bottom: 24px;
  .photos { display: grid; gap: 12px; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); margin-top: 12px; }
  .photos img { width: 100%; height: 180px; object-fit: cover; border-radius: 6px; }
`;

/** The store's About us story and photos (GET about-us); nothing when the store wrote none. */
function AboutStory() {
  const { data: about } = storefrontApi.useAboutUsQuery();
  if (!about || (!about.body && !about.images.length)) return null;
  return (
    <Story aria-labelledby="about-story-title">
      <h2 id="about-story-title">{about.title}</h2>
      {about.body ? <Html dangerouslySetInnerHTML={{ __html: about.body }} /> : null}
      {about.images.length ? <div className="photos">{about.images.map((image) => <img key={image.url} src={image.url} alt={image.alt} loading="lazy" />)}</div> : null}
    </Story>
  );
}

/**
 * /store-info (and /about-us): the store's story, then every location with address, phone and opening hours,
 * and how to reach the business (GET business-about-us). /contact-us (a page the spec names without a path) is
 * the same with the ways to reach the store first.
 */
export function StoreInfoPage({ contact = false }: { contact?: boolean }) {
  const { data: business, isLoading, isError } = storefrontApi.useBusinessAboutUsQuery();
  const locations = business?.locations ?? [];
  const email = business?.contact_email ? <a href={`mailto:${business.contact_email}`}>{business.contact_email}</a> : null;
  const social = business?.social.length ? (
    <p>Follow us on {business.social.map((s, i) => <span key={s.network}>{i ? ', ' : ''}<a href={s.url} rel="noopener noreferrer" target="_blank">{s.label}</a></span>)}.</p>
  ) : null;
  return (
    <Container>
      <PageTitle>{contact ? 'Contact Us' : locations.length > 1 ? 'Our Locations' : 'Store Information'}</PageTitle>
      {contact ? <p>Call or visit {locations.length > 1 ? 'the store nearest you' : 'the store'}{email ? <>, or e-mail us at {email}</> : null}.</p> : <AboutStory />}
      {isLoading ? <Loading label="Loading…" /> : null}
      {isError ? <ErrorNotice>We could not load our store information. Please try again.</ErrorNotice> : null}
      <Locations>
        {locations.map((l) => (
          <Card key={l.id} as="section" aria-label={l.name}>
            <h2 style={{ marginTop: 0 }}>{l.name}</h2>
            <address style={{ fontStyle: 'normal' }}>{l.address}<br />{l.city}, {l.state} {l.zip}</address>
            {l.phone ? <p><PhoneLink phone={l.phone} /></p> : null}
            <OpeningHours hours={l.hours} />
          </Card>
        ))}
      </Locations>
      {email && !contact ? <p>E-mail us at {email}.</p> : null}
      {social}
    </Container>
  );
}
