import styled from 'styled-components';
import { Card } from '@platform/ui';

/** A back-office list's table: rows findable at a glance, the open row marked, wide columns dropped on a phone. */
export const ListTable = styled.table`
  width: 100%; border-collapse: collapse; background: ${(p) => p.theme.colors.surface};
  th, td { text-align: left; padding: 10px; border-bottom: 1px solid ${(p) => p.theme.colors.border}; vertical-align: top; }
  td small { display: block; color: ${(p) => p.theme.colors.muted}; overflow-wrap: anywhere; }
  tr[aria-current='true'] { background: ${(p) => p.theme.colors.page}; }
  @media (max-width: 700px) { .wide { display: none; } }
`;

/** The panel one row of a list opens into (a customer, a recurring order). */
export const DetailPanel = styled(Card)`
  margin-bottom: 20px;
  h2 { margin-top: 0; }
  h3 { margin: 18px 0 8px; }
  ul { margin: 0; padding-left: 18px; }
  li { margin: 4px 0; }
  .head { display: flex; flex-wrap: wrap; gap: 8px; justify-content: space-between; align-items: start; }
`;

/** Label and value pairs of a detail panel. */
export const Facts = styled.dl`margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 6px 12px; dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }`;
