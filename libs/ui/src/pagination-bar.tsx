import styled from 'styled-components';
import { paginationWindow } from '@platform/domain';

const Nav = styled.nav`
  display: flex; flex-wrap: wrap; gap: 6px; justify-content: center; margin: 24px 0;
  button { font: inherit; min-width: 40px; padding: 6px 10px; border: 1px solid ${(p) => p.theme.colors.border}; background: ${(p) => p.theme.colors.surface}; border-radius: 4px; cursor: pointer; }
  button[aria-current='page'] { background: ${(p) => p.theme.colors.primary}; color: ${(p) => p.theme.colors.onPrimary}; border-color: ${(p) => p.theme.colors.primary}; }
  button:disabled { opacity: .5; cursor: default; }
  span { padding: 6px 4px; }
`;

/** First, previous, up to 3 pages around the current one with ellipses, next, last (spec 1 §2). */
export function PaginationBar({ page, lastPage, onPage }: { page: number; lastPage: number; onPage: (page: number) => void }) {
  if (lastPage <= 1) return null;
  return (
    <Nav aria-label="Pagination">
      <button type="button" disabled={page <= 1} onClick={() => onPage(1)} aria-label="First page">«</button>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">‹</button>
      {paginationWindow(page, lastPage).map((item) => (item.type === 'ellipsis'
        ? <span key={item.key} aria-hidden="true">…</span>
        : <button type="button" key={item.page} aria-current={item.page === page ? 'page' : undefined} aria-label={`Page ${item.page}`} onClick={() => onPage(item.page)}>{item.page}</button>))}
      <button type="button" disabled={page >= lastPage} onClick={() => onPage(page + 1)} aria-label="Next page">›</button>
      <button type="button" disabled={page >= lastPage} onClick={() => onPage(lastPage)} aria-label="Last page">»</button>
    </Nav>
  );
}
