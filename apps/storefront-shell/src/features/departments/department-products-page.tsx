import { useState } from 'react';
import { Link, useParams, useSearchParams } from '@platform/routing';
import styled from 'styled-components';
import { departmentTreeDepth, idFromSlug } from '@platform/domain';
import { storefrontApi, type DepartmentNode } from '@platform/api-client';
import { Container, EmptyState, ErrorNotice, Loading, PageTitle, PaginationBar } from '@platform/ui';
import { Grid, ProductTile } from '../../components/product-bits';
import { InStockToggle, SortSelect, useListingQuery } from '../../components/listing-controls';

function findDepartment(nodes: DepartmentNode[], id: number, trail: DepartmentNode[] = []): DepartmentNode[] | null {
  for (const node of nodes) {
    if (node.dept_id === id) return [...trail, node];
    const found = findDepartment(node.children ?? [], id, [...trail, node]);
    if (found) return found;
  }
  return null;
}

const Block = styled.section`
  margin: 8px 0 20px;
  ul { display: grid; gap: 12px; padding: 0; margin: 0; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); }
  li { list-style: none; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; padding: 12px; background: ${(p) => p.theme.colors.surface}; }
  li a.name { font-weight: 700; }
  li ul { display: block; margin-top: 6px; }
  li li { border: 0; padding: 2px 0; background: none; }
  button { font: inherit; border: 0; background: none; color: ${(p) => p.theme.colors.link}; cursor: pointer; padding: 8px 0; }
`;
const CATEGORY_PREVIEW = 2;

/** Department category block (spec 1 §5): the first 2 sub-departments, Expand/Collapse when there are more. */
function CategoryBlock({ department }: { department: DepartmentNode }) {
  const [expanded, setExpanded] = useState(false);
  const subs = department.children ?? [];
  const shown = expanded ? subs : subs.slice(0, CATEGORY_PREVIEW);
  return (
    <Block aria-label={`${department.name} categories`}>
      <ul id={`categories-${department.dept_id}`}>
        {shown.map((sub) => (
          <li key={sub.dept_id}>
            <Link className="name" to={`/d/${sub.slug}`}>{sub.name}</Link>
            {sub.children?.length ? <ul>{sub.children.map((leaf) => <li key={leaf.dept_id}><Link to={`/d/${leaf.slug}`}>{leaf.name}</Link></li>)}</ul> : null}
          </li>
        ))}
      </ul>
      {subs.length > CATEGORY_PREVIEW ? (
        <button type="button" aria-expanded={expanded} aria-controls={`categories-${department.dept_id}`} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Collapse' : `Expand (${subs.length - CATEGORY_PREVIEW} more)`}
        </button>
      ) : null}
    </Block>
  );
}

const Crumbs = styled.nav`font-size: 0.9rem; margin-top: 16px; a { margin-right: 4px; }`;
const Toolbar = styled.div`display: flex; gap: 16px; align-items: center; flex-wrap: wrap; margin: 12px 0;`;

/** A department's products (its sub-departments included), for the selected store location. */
export function DepartmentProductsPage() {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const deptId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : idFromSlug(params.slug ?? '');
  const page = Math.max(1, Number(search.get('page')) || 1);
  const { listing, defaults } = useListingQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const { data: tree } = storefrontApi.useDepartmentTreeQuery(departmentTreeDepth(business?.departments_hierarchy_level));
  const trail = tree && deptId ? findDepartment(tree, deptId) : null;
  const department = trail?.[trail.length - 1];
  // A department set to hide its products shows only its sub-departments.
  const showProducts = !department?.hide_products;
  const { data, isFetching, isError } = storefrontApi.useProductsQuery({ dept_id: deptId ?? undefined, page, ...listing }, { skip: !deptId || !showProducts });
  // A choice equal to the store's default is left out of the address; any change goes back to page 1.
  const set = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) if (value === null) next.delete(key); else next.set(key, String(value));
    next.delete('page');
    setSearch(next);
  };

  if (!deptId || (tree && !department)) {
    return <Container><EmptyState title="Department not found"><Link to="/departments">See all departments</Link></EmptyState></Container>;
  }
  const products = data?.products;
  return (
    <Container>
      <Crumbs aria-label="Breadcrumb">
        <Link to="/">Home</Link> /{' '}
        {trail?.map((node, i) => (i < trail.length - 1 ? <span key={node.dept_id}><Link to={`/d/${node.slug}`}>{node.name}</Link> / </span> : <span key={node.dept_id}>{node.name}</span>))}
      </Crumbs>
      <PageTitle>{department?.name ?? params.title ?? 'Department'}</PageTitle>
      {department?.children?.length ? <CategoryBlock department={department} /> : null}
      {isFetching && !products ? <Loading label="Loading products…" /> : null}
      {isError ? <ErrorNotice>We could not load the products. Please try again.</ErrorNotice> : null}
      {showProducts && (products || isFetching) ? (
        <Toolbar>
          {products ? <span role="status">{products.total} {products.total === 1 ? 'product' : 'products'}</span> : null}
          <SortSelect value={listing.sort} onChange={(sort) => set({ sort: sort === defaults.sort ? null : sort })} />
          <InStockToggle checked={listing.in_stock_only === 1} onChange={(on) => set({ in_stock_only: Number(on) === defaults.in_stock_only ? null : Number(on) })} />
        </Toolbar>
      ) : null}
      {data?.removed_instock_only ? <p role="status">All products are out of stock</p> : null}
      {products && products.total === 0 ? <EmptyState title="No products were found for this search." /> : null}
      {products ? <Grid aria-busy={isFetching}>{products.data.map((p) => <ProductTile key={p.store_product_id} product={p} />)}</Grid> : null}
      {products ? <PaginationBar page={page} lastPage={products.last_page} onPage={(p) => { const next = new URLSearchParams(search); next.set('page', String(p)); setSearch(next); window.scrollTo(0, 0); }} /> : null}
    </Container>
  );
}
