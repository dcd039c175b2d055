import type { ReactElement } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@platform/api-client';
import { Button, Card, ErrorNotice, Loading } from '@platform/ui';

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

/**
 * A detail panel before its record is there: loading, or why not (the server's own message for a 404, else
 * 'We could not load the {what}.' with Try again), with Close. Null once loaded, so the caller renders the record.
 */
export function panelNotReady({ label, what, isLoading, failed, error, refetch, onClose }: {
  label: string; what: string; isLoading: boolean; failed: boolean; error: unknown; refetch: () => unknown; onClose: () => void;
}): ReactElement | null {
  if (isLoading) return <DetailPanel as="section" aria-label={label}><Loading label={`Loading the ${what}…`} /></DetailPanel>;
  if (!failed) return null;
  const notFound = (error as { status?: number } | undefined)?.status === 404;
  return (
    <DetailPanel as="section" aria-label={label}>
      <ErrorNotice action={<>{notFound ? null : <Button onClick={() => void refetch()}>Try again</Button>} <Button $variant="secondary" onClick={onClose}>Close</Button></>}>
        {notFound ? errorMessage(error) : `We could not load the ${what}.`}
      </ErrorNotice>
    </DetailPanel>
  );
}
