import { Link } from '@platform/routing';
import styled from 'styled-components';
import { storefrontApi } from '@platform/api-client';
import { Card, Container, EmptyState, ErrorNotice, Loading, PageTitle } from '@platform/ui';

const Columns = styled.div`
  display: grid; gap: 16px; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  h2 { font-size: 1.1rem; margin: 0 0 8px; }
  ul { margin: 0; padding-left: 18px; }
`;

/** All departments with their sub-departments. */
export function DepartmentsPage() {
  const { data: tree, isLoading, isError } = storefrontApi.useDepartmentTreeQuery(2);
  return (
    <Container>
      <PageTitle>All Departments</PageTitle>
      {isLoading ? <Loading /> : null}
      {isError ? <ErrorNotice>We could not load the departments. Please try again.</ErrorNotice> : null}
      {tree && tree.length === 0 ? <EmptyState title="No departments yet" /> : null}
      <Columns>
        {tree?.map((dept) => (
          <Card key={dept.dept_id}>
            <h2><Link to={`/d/${dept.slug}`}>{dept.name}</Link></h2>
            <ul>{dept.children.map((child) => <li key={child.dept_id}><Link to={`/d/${child.slug}`}>{child.name}</Link></li>)}</ul>
          </Card>
        ))}
      </Columns>
    </Container>
  );
}
