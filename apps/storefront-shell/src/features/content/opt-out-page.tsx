import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from '@platform/routing';
import { errorMessage, storefrontApi } from '@platform/api-client';
import { Card, Container, ErrorNotice, Loading, PageTitle } from '@platform/ui';

/**
 * A one-click link from an e-mail, recorded at once: the owner's /wizard-unsubscribe and
 * /landing-page-auto-update-opt-out, and the customer's /unsubscribe from marketing e-mails.
 * `path`: the page's path, also the API call's; `after`: what to say once done.
 */
export function OptOutPage({ title, path, after }: { title: string; path: string; after?: ReactNode }) {
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const [optOut, { data, error, isLoading, isUninitialized }] = storefrontApi.useOptOutMutation();
  const asked = useRef(false);
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    void optOut({ path, token });
  }, [token, path, optOut]);
  return (
    <Container>
      <PageTitle>{title}</PageTitle>
      {!token ? <ErrorNotice>This link is missing its code. Open the link from the e-mail again.</ErrorNotice> : null}
      {token && (isLoading || isUninitialized) ? <Loading label="Saving your choice…" /> : null}
      {data ? <Card role="status"><p>{data.message}</p>{after}</Card> : null}
      {error ? <ErrorNotice>{errorMessage(error)}</ErrorNotice> : null}
      <p><Link to="/">Go to the store</Link></p>
    </Container>
  );
}
