import { Link, useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { idFromSlug } from '@platform/domain';
import { storefrontApi, type DepartmentNode } from '@platform/api-client';
import { Container, EmptyState, ErrorNotice, Loading, PageTitle, PaginationBar } from '@platform/ui';
import { Grid, ProductTile } from '../../components/product-bits';

function findDepartment(nodes: DepartmentNode[], id: number, trail: DepartmentNode[] = []): DepartmentNode[] | null {
  for (const node of nodes) {
    if (node.dept_id === id) return [...trail, node];
    const found = findDepartment(node.children ?? [], id, [...trail, node]);
    if (found) return found;
  }
  return null;
}

const Crumbs = styled.nav`font-size: 0.9rem; margin-top: 16px; a { margin-right: 4px; }`;

/** A department's products (its sub-departments included), for the selected store location. */
export function DepartmentProductsPage() {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const deptId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : idFromSlug(params.slug ?? '');
  const page = Math.max(1, Number(search.get('page')) || 1);
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: tree } = storefrontApi.useDepartmentTreeQuery(3);
  const limit = settings?.products.itemsPerPage ?? 96;
  const { data, isFetching, isError } = storefrontApi.useProductsQuery({ dept_id: deptId ?? undefined, page, limit }, { skip: !deptId });
  const trail = tree && deptId ? findDepartment(tree, deptId) : null;
  const department = trail?.[trail.length - 1];

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
      {department?.children?.length ? (
        <p>{department.children.map((child) => <Link key={child.dept_id} to={`/d/${child.slug}`} style={{ marginRight: 12 }}>{child.name}</Link>)}</p>
      ) : null}
      {isFetching && !products ? <Loading label="Loading products…" /> : null}
      {isError ? <ErrorNotice>We could not load the products. Please try again.</ErrorNotice> : null}
      {products ? <p>{products.total} {products.total === 1 ? 'product' : 'products'}</p> : null}
      {data?.removed_instock_only ? <p role="status">All products are out of stock</p> : null}
      {products && products.total === 0 ? <EmptyState title="No products were found for this search." /> : null}
      {products ? <Grid aria-busy={isFetching}>{products.data.map((p) => <ProductTile key={p.store_product_id} product={p} />)}</Grid> : null}
      {products ? <PaginationBar page={page} lastPage={products.last_page} onPage={(p) => { setSearch({ page: String(p) }); window.scrollTo(0, 0); }} /> : null}
    </Container>
  );
}
