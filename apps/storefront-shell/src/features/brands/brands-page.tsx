import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '@platform/routing';
import styled from 'styled-components';
import { storefrontApi } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Loading, PageTitle, PaginationBar } from '@platform/ui';

const BRANDS_PER_PAGE = 48;

const Search = styled.form`display: flex; gap: 8px; margin-bottom: 16px; max-width: 480px;
  input { flex: 1; font: inherit; padding: 8px 10px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; }`;
const BrandGrid = styled.ul`
  display: grid; gap: 12px; padding: 0; margin: 0; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  li { list-style: none; }
  a { display: grid; gap: 6px; justify-items: center; text-align: center; padding: 16px; min-height: 100%; box-sizing: border-box;
      border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; background: ${(p) => p.theme.colors.surface};
      color: ${(p) => p.theme.colors.text}; text-decoration: none; }
  a:hover, a:focus { border-color: ${(p) => p.theme.colors.primary}; }
  img { max-width: 120px; max-height: 60px; object-fit: contain; }
  .count { color: ${(p) => p.theme.colors.muted}; font-size: 0.85rem; }
`;

/** /brands and /brands/page/{page}: brands sold at the selected store, searchable by name or alias (query keyword). */
export function BrandsPage() {
  const navigate = useNavigate();
  const params = useParams();
  const [query] = useSearchParams();
  const keyword = query.get('keyword')?.trim() ?? '';
  const page = Math.max(1, Number(params.page) || 1);
  const [text, setText] = useState(keyword);
  // The store may show names only (Brand Settings › Storefront, set-brands-show-logo).
  const { data: settings } = storefrontApi.useSettingsQuery();
  const showLogos = settings?.brandsShowLogo !== false;
  const { data, isFetching, isError } = storefrontApi.useBrandsQuery({ page, limit: BRANDS_PER_PAGE, search: keyword || undefined });
  const withKeyword = (path: string) => (keyword ? `${path}?keyword=${encodeURIComponent(keyword)}` : path);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(text.trim() ? `/brands?keyword=${encodeURIComponent(text.trim())}` : '/brands');
  };
  return (
    <Container>
      <PageTitle>Brands</PageTitle>
      <Search role="search" onSubmit={submit}>
        <input type="search" aria-label="Search brands" placeholder="Search brands" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
        <Button type="submit">Search</Button>
      </Search>
      {isError ? <ErrorNotice>We could not load the brands. Please try again.</ErrorNotice> : null}
      {!data && isFetching ? <Loading label="Loading brands…" /> : null}
      {data && data.total === 0 ? (
        <EmptyState title={keyword ? `No brands match "${keyword}".` : 'No brands yet.'}>{keyword ? <Link to="/brands">See all brands</Link> : null}</EmptyState>
      ) : null}
      {data ? (
        <>
          <BrandGrid aria-busy={isFetching}>
            {data.data.map((brand) => (
              <li key={brand.brand_id}>
                <Link to={`/b/${brand.slug}`}>
                  {showLogos && brand.image ? <img src={brand.image} alt={brand.altTextLogo} /> : null}
                  <strong>{brand.brand_name}</strong>
                  <span className="count">{brand.matched_products} {brand.matched_products === 1 ? 'product' : 'products'}</span>
                </Link>
              </li>
            ))}
          </BrandGrid>
          <PaginationBar page={page} lastPage={data.last_page} onPage={(p) => { navigate(withKeyword(p === 1 ? '/brands' : `/brands/page/${p}`)); window.scrollTo(0, 0); }} />
        </>
      ) : null}
    </Container>
  );
}
