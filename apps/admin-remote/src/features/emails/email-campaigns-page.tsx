import styled from 'styled-components';
import { Link } from '@platform/routing';
import { audienceLabel, CAMPAIGN_STATUS_LABELS, shortDate } from '@platform/domain';
import { emailCampaignsApi } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Loading, PageTitle } from '@platform/ui';

const Table = styled.table`
  width: 100%; border-collapse: collapse; background: ${(p) => p.theme.colors.surface};
  th, td { text-align: left; padding: 10px; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }
  @media (max-width: ${(p) => p.theme.breakpoints.md}px) { th:nth-child(3), td:nth-child(3) { display: none; } }
`;
const Top = styled.div`display: flex; flex-wrap: wrap; gap: 12px; align-items: center; justify-content: space-between; margin-bottom: 16px; p { margin: 0; }`;

/** The audience in a sentence: who a new e-mail would reach today, and how customers join it. */
export function AudienceNote({ audience }: { audience: number }) {
  return audience > 0
    ? <p>{audienceLabel(audience)} agreed to receive marketing e-mails from your store.</p>
    : <p>No customers have agreed to receive marketing e-mails yet. Customers agree when they register or in My Account.</p>;
}

/** /admin/emails: the store's e-mails to its customers, newest first, and a way to write a new one. */
export function EmailCampaignsPage() {
  const { data, isLoading, isError, refetch } = emailCampaignsApi.useEmailCampaignsQuery();
  return (
    <Container>
      <PageTitle>Emails</PageTitle>
      {isLoading ? <Loading label="Loading e-mails…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load your e-mails.</ErrorNotice> : null}
      {data ? (
        <>
          <Top>
            <AudienceNote audience={data.audience} />
            <Button as={Link} to="/admin/emails/new">New e-mail</Button>
          </Top>
          {data.data.length === 0 ? (
            <EmptyState title="No e-mails yet">Write to the customers who agreed to hear from your store: a sale, new stock, a workshop.</EmptyState>
          ) : (
            <Table>
              <thead><tr><th>Subject</th><th>Status</th><th>Sent to</th><th>Date</th></tr></thead>
              <tbody>
                {data.data.map((c) => (
                  <tr key={c.id}>
                    <td><Link to={`/admin/emails/edit/${c.id}`}>{c.subject}</Link></td>
                    <td>{CAMPAIGN_STATUS_LABELS[c.status]}</td>
                    <td>{c.status === 'draft' ? '—' : audienceLabel(c.recipients)}</td>
                    <td>{c.sent_at ? `Sent ${shortDate(new Date(c.sent_at))}` : `Saved ${shortDate(new Date(c.updated_at))}`}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </>
      ) : null}
    </Container>
  );
}
