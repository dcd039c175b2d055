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

/**
 * /store-info (and /about-us): every location with address, phone and opening hours. /contact-us (a page
 * the spec names without a path) is the same with the ways to reach the store first.
 */
export function StoreInfoPage({ contact = false }: { contact?: boolean }) {
  const { data: business, isLoading } = storefrontApi.useBusinessDetailsQuery();
  const locations = business?.about_us.locations ?? [];
  const email = business?.contact_email ? <a href={`mailto:${business.contact_email}`}>{business.contact_email}</a> : null;
  return (
    <Container>
      <PageTitle>{contact ? 'Contact Us' : locations.length > 1 ? 'Our Locations' : 'Store Information'}</PageTitle>
      {contact ? <p>Call or visit {locations.length > 1 ? 'the store nearest you' : 'the store'}{email ? <>, or e-mail us at {email}</> : null}.</p> : null}
      {isLoading ? <Loading label="Loading…" /> : null}
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
    </Container>
  );
}
