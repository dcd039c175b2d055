import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from '@platform/routing';
import { errorMessage, storefrontApi } from '@platform/api-client';
import { OPT_OUTS, type OptOutKind } from '@platform/domain';
import { Card, Container, ErrorNotice, Loading, PageTitle } from '@platform/ui';

const TITLES: Record<OptOutKind, string> = { 'wizard-reminders': 'Setup Wizard Reminders', 'landing-page-auto-update': 'Automatic Landing Page Updates' };

/** /wizard-unsubscribe and /landing-page-auto-update-opt-out: the owner's one-click link from an e-mail, recorded at once. */
export function OptOutPage({ kind }: { kind: OptOutKind }) {
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const [optOut, { data, error, isLoading, isUninitialized }] = storefrontApi.useOptOutMutation();
  const asked = useRef(false);
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    void optOut({ path: OPT_OUTS[kind].path, token });
  }, [token, kind, optOut]);
  return (
    <Container>
      <PageTitle>{TITLES[kind]}</PageTitle>
      {!token ? <ErrorNotice>This link is missing its code. Open the link from the e-mail again.</ErrorNotice> : null}
      {token && (isLoading || isUninitialized) ? <Loading label="Saving your choice…" /> : null}
      {data ? <Card role="status"><p>{data.message}</p></Card> : null}
      {error ? <ErrorNotice>{errorMessage(error)}</ErrorNotice> : null}
      <p><Link to="/">Go to the store</Link></p>
    </Container>
  );
}
