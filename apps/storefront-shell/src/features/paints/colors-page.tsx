import { useState } from 'react';
import { Link, useParams } from '@platform/routing';
import styled from 'styled-components';
import type { PaintColor, PaintFamily } from '@platform/contracts';
import { storefrontApi } from '@platform/api-client';
import { paintFamilyFor, textColorOn } from '@platform/domain';
import { Container, EmptyState, ErrorNotice, Field, Loading, Modal, PageTitle, PaginationBar } from '@platform/ui';

const COLORS_PER_PAGE = 60;

const Families = styled.ul`
  display: flex; flex-wrap: wrap; gap: 8px; padding: 0; margin: 0 0 20px;
  li { list-style: none; }
  a { display: flex; align-items: center; gap: 6px; padding: 6px 12px 6px 6px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 999px; color: ${(p) => p.theme.colors.text}; text-decoration: none; }
  a[aria-current='page'] { border-color: ${(p) => p.theme.colors.primary}; font-weight: 700; }
  .dot { width: 22px; height: 22px; border-radius: 50%; border: 1px solid rgba(0,0,0,.15); }
`;
const Collections = styled.ul`
  display: grid; gap: 16px; padding: 0; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  li { list-style: none; }
  a { display: block; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; overflow: hidden; color: ${(p) => p.theme.colors.text}; text-decoration: none; }
  .band { height: 72px; }
  .text { padding: 10px 12px; }
  h3 { margin: 0 0 4px; font-size: 1.05rem; }
  p { margin: 0; font-size: 0.9rem; }
`;
const Swatches = styled.ul`
  display: grid; gap: 12px; padding: 0; grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  li { list-style: none; }
  button { width: 100%; height: 120px; border: 1px solid rgba(0,0,0,.12); border-radius: ${(p) => p.theme.radius}; cursor: pointer; font: inherit; display: flex; flex-direction: column; justify-content: flex-end; align-items: flex-start; padding: 8px; text-align: left; }
  .name { font-weight: 700; }
  .code { font-size: 0.8rem; }
`;
const Detail = styled.div`
  min-width: min(360px, 80vw);
  .chip { height: 160px; border-radius: ${(p) => p.theme.radius}; border: 1px solid rgba(0,0,0,.12); margin-bottom: 12px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; }
  dt { font-weight: 700; }
  dd { margin: 0; }
`;

function FamilyChips({ families, current }: { families: PaintFamily[]; current?: string }) {
  return (
    <Families aria-label="Colour families">
      {families.map((f) => (
        <li key={f.code}>
          <Link to={`/colors/family/${f.slug}`} aria-current={current === f.code ? 'page' : undefined}>
            <span className="dot" style={{ background: f.hex }} aria-hidden="true" />{f.name}
          </Link>
        </li>
      ))}
    </Families>
  );
}

/** A grid of colour swatches; choosing one shows its card (name, code, LRV, family, collection). */
function ColorGrid({ query, emptyText }: { query: { family?: string; collection?: string; search?: string }; emptyText: string }) {
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<PaintColor | null>(null);
  const { data, isFetching, isError, refetch } = storefrontApi.usePaintColorsQuery({ ...query, page, limit: COLORS_PER_PAGE });
  const { data: families = [] } = storefrontApi.usePaintFamiliesQuery();
  const { data: collections = [] } = storefrontApi.usePaintCollectionsQuery();
  if (isError) return <ErrorNotice action={<button type="button" onClick={() => refetch()}>Try again</button>}>We could not load the colours.</ErrorNotice>;
  if (!data) return <Loading label="Loading colours…" />;
  if (!data.total) return <EmptyState title={emptyText}><Link to="/colors">See all colour families</Link></EmptyState>;
  const family = chosen ? families.find((f) => f.code === chosen.family) : undefined;
  const collection = chosen ? collections.find((c) => c.slug === chosen.collection) : undefined;
  return (
    <>
      <p aria-live="polite">{data.total} {data.total === 1 ? 'colour' : 'colours'}{isFetching ? '…' : ''}</p>
      <Swatches data-testid="paint-colors">
        {data.data.map((c) => (
          <li key={c.code}>
            <button type="button" style={{ background: c.hex, color: textColorOn(c.hex) }} onClick={() => setChosen(c)} aria-label={`${c.name}, ${c.code}`}>
              <span className="name">{c.name}</span><span className="code">{c.code}</span>
            </button>
          </li>
        ))}
      </Swatches>
      <PaginationBar page={page} lastPage={data.last_page} onPage={(p) => { setPage(p); window.scrollTo(0, 0); }} />
      <Modal open={chosen !== null} onClose={() => setChosen(null)} labelledBy="paint-color-title" testId="paint-color-detail">
        {chosen ? (
          <Detail>
            <div className="chip" style={{ background: chosen.hex }} />
            <h2 id="paint-color-title">{chosen.name}</h2>
            <dl>
              <dt>Code</dt><dd>{chosen.code}</dd>
              <dt>Colour</dt><dd>{chosen.hex}</dd>
              <dt>Light reflectance (LRV)</dt><dd>{chosen.lrv}</dd>
              {family ? <><dt>Family</dt><dd><Link to={`/colors/family/${family.slug}`} onClick={() => setChosen(null)}>{family.name}</Link></dd></> : null}
              {collection ? <><dt>Collection</dt><dd><Link to={`/colors/collection/${collection.slug}`} onClick={() => setChosen(null)}>{collection.name}</Link></dd></> : null}
            </dl>
            <p>Ask for {chosen.code} at the paint counter, or <Link to="/paint-products" onClick={() => setChosen(null)}>shop paint</Link>.</p>
          </Detail>
        ) : null}
      </Modal>
    </>
  );
}

/** /colors: the colour families, the brand's collections and a colour finder by name or code. */
export function ColorsPage() {
  const { data: families, isError } = storefrontApi.usePaintFamiliesQuery();
  const { data: collections = [] } = storefrontApi.usePaintCollectionsQuery();
  const [search, setSearch] = useState('');
  return (
    <Container>
      <PageTitle>Paint Colors</PageTitle>
      {isError ? <ErrorNotice>We could not load the colours.</ErrorNotice> : null}
      {families ? <FamilyChips families={families} /> : <Loading label="Loading colours…" />}
      <Field>
        Find a colour by name or code
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="e.g. Harbor Mist or HC-BLU-101" />
      </Field>
      {search.trim().length >= 2 ? (
        <ColorGrid key={search} query={{ search: search.trim() }} emptyText={`No colours match “${search.trim()}”.`} />
      ) : (
        <>
          <h2>Collections</h2>
          <Collections>
            {collections.map((c) => (
              <li key={c.slug}>
                <Link to={`/colors/collection/${c.slug}`}>
                  <div className="band" style={{ background: c.hex }} aria-hidden="true" />
                  <div className="text"><h3>{c.name}</h3><p>{c.description} ({c.count} colours)</p></div>
                </Link>
              </li>
            ))}
          </Collections>
        </>
      )}
    </Container>
  );
}

/** /colors/family/{color}: one family's colours, lightest first. */
export function ColorFamilyPage() {
  const { color = '' } = useParams();
  const { data: families } = storefrontApi.usePaintFamiliesQuery();
  const family = paintFamilyFor(color);
  return (
    <Container>
      <p><Link to="/colors">All colours</Link></p>
      <PageTitle>{family ? `${family.name} Paint Colors` : 'Paint Colors'}</PageTitle>
      {families ? <FamilyChips families={families} current={family?.code} /> : null}
      {family
        ? <ColorGrid key={family.code} query={{ family: family.code }} emptyText={`There are no ${family.name.toLowerCase()} colours yet.`} />
        : <EmptyState title="This colour family was not found."><Link to="/colors">See all colour families</Link></EmptyState>}
    </Container>
  );
}

/** /colors/collection/{color}: the colours of one of the brand's collections. */
export function ColorCollectionPage() {
  const { color = '' } = useParams();
  const { data: collections, isLoading } = storefrontApi.usePaintCollectionsQuery();
  const collection = collections?.find((c) => c.slug === color);
  return (
    <Container>
      <p><Link to="/colors">All colours</Link></p>
      <PageTitle>{collection?.name ?? 'Paint Colors'}</PageTitle>
      {isLoading ? <Loading label="Loading colours…" /> : null}
      {collection ? <><p>{collection.description}</p><ColorGrid key={collection.slug} query={{ collection: collection.slug }} emptyText="This collection has no colours yet." /></> : null}
      {collections && !collection ? <EmptyState title="This colour collection was not found."><Link to="/colors">See all colour families</Link></EmptyState> : null}
    </Container>
  );
}
