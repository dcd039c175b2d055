import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Link, useLocation, useNavigate } from '@platform/routing';
import { audienceLabel, CAMPAIGN_BODY_MAX, CAMPAIGN_SAVED, CAMPAIGN_SUBJECT_MAX, INVALID_EMAIL, isValidEmail, shortDate } from '@platform/domain';
import { emailCampaignsApi, errorMessage, fieldErrors, identityApi, notify, type EmailCampaignItem } from '@platform/api-client';
import { Button, Card, Container, EmptyState, ErrorNotice, Field, focusFirstInvalid, Loading, Modal, PageTitle } from '@platform/ui';
import { AudienceNote } from './email-campaigns-page';

const Problem = styled.p`color: ${(p) => p.theme.colors.danger}; margin: -8px 0 12px;`;
const Help = styled.p`font-size: 0.9rem; color: ${(p) => p.theme.colors.muted}; margin: -8px 0 12px;`;
const Actions = styled.div`display: flex; flex-wrap: wrap; gap: 10px; align-items: end; margin: 12px 0;`;
const Message = styled.div`white-space: pre-wrap; overflow-wrap: anywhere;`;
const Back = () => <p><Link to="/admin/emails">← All e-mails</Link></p>;

/**
 * Writing an e-mail: subject and message, saved as a draft; a test to any address; then Send, which asks
 * once more with the number of customers it goes to. Test and Send save unsaved words first.
 */
function CampaignEditor({ campaign, audience }: { campaign?: EmailCampaignItem; audience: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  // A new e-mail is saved on its way to the send question, which then opens on the e-mail's own address.
  const askedBefore = (location.state as { ask?: 'send' } | null)?.ask ?? null;
  const { data: me } = identityApi.useCustomerDetailsQuery();
  const form = useRef<HTMLFormElement>(null);
  const testInput = useRef<HTMLInputElement>(null);
  const [subject, setSubject] = useState(campaign?.subject ?? '');
  const [body, setBody] = useState(campaign?.body ?? '');
  // The admin's own address until they type another.
  const [typedTestTo, setTestTo] = useState<string | null>(null);
  const testTo = typedTestTo ?? me?.email ?? '';
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<'send' | 'delete' | null>(askedBefore);
  useEffect(() => {
    if (askedBefore) navigate(location.pathname, { replace: true, state: null }); // a reload does not ask again
  }, [askedBefore, location.pathname, navigate]);
  const [create, { isLoading: creating }] = emailCampaignsApi.useCreateEmailCampaignMutation();
  const [update, { isLoading: updating }] = emailCampaignsApi.useUpdateEmailCampaignMutation();
  const [test, { isLoading: testing }] = emailCampaignsApi.useTestEmailCampaignMutation();
  const [send, { isLoading: sending }] = emailCampaignsApi.useSendEmailCampaignMutation();
  const [remove, { isLoading: removing }] = emailCampaignsApi.useDeleteEmailCampaignMutation();
  const changed = !campaign || subject !== campaign.subject || body !== campaign.body;

  const failed = (err: unknown) => {
    const errors = fieldErrors(err);
    setProblems(Object.keys(errors).length ? errors : { form: errorMessage(err) });
    focusFirstInvalid(form.current);
  };
  /** Saves what is written (when it changed); answers the campaign's id, or null with the problems shown. */
  const save = async (announce: boolean, then?: 'send'): Promise<string | null> => {
    setProblems({});
    if (campaign && !changed) {
      if (announce) notify('success', CAMPAIGN_SAVED, 4000);
      return campaign.id;
    }
    try {
      const answer = campaign ? await update({ id: campaign.id, subject, body }).unwrap() : await create({ subject, body }).unwrap();
      if (announce) notify('success', answer.message, 4000);
      if (!campaign) navigate(`/admin/emails/edit/${answer.data.id}`, { replace: true, state: then ? { ask: then } : null });
      return answer.data.id;
    } catch (err) {
      failed(err);
      return null;
    }
  };
  const sendTest = async () => {
    // Checked here too: saving a new e-mail moves to its own address, where an answer would not be shown.
    if (!isValidEmail(testTo.trim())) {
      setProblems({ to: INVALID_EMAIL });
      testInput.current?.focus();
      return;
    }
    const id = await save(false);
    if (!id) return;
    try {
      notify('success', (await test({ id, to: testTo }).unwrap()).message, 5000);
    } catch (err) {
      failed(err);
    }
  };
  const askToSend = async () => { if (await save(false, 'send') && campaign) setAsking('send'); };
  const sendNow = async () => {
    setAsking(null);
    try {
      notify('success', (await send({ id: campaign!.id, audience }).unwrap()).message, 6000);
    } catch (err) {
      failed(err);
    }
  };
  const deleteDraft = async () => {
    setAsking(null);
    try {
      notify('success', (await remove(campaign!.id).unwrap()).message, 4000);
      navigate('/admin/emails');
    } catch (err) {
      failed(err);
    }
  };
  const busy = creating || updating || testing || sending || removing;

  return (
    <>
      <AudienceNote audience={audience} />
      <form ref={form} aria-label="E-mail" noValidate onSubmit={(e) => { e.preventDefault(); void save(true); }}>
        {problems.form ? <ErrorNotice>{problems.form}</ErrorNotice> : null}
        <Field>Subject
          <input value={subject} maxLength={CAMPAIGN_SUBJECT_MAX} aria-invalid={Boolean(problems.subject)} onChange={(e) => setSubject(e.target.value)} />
        </Field>
        {problems.subject ? <Problem role="alert">{problems.subject}</Problem> : null}
        <Field>Message
          <textarea rows={12} maxLength={CAMPAIGN_BODY_MAX} value={body} aria-describedby="message-help" aria-invalid={Boolean(problems.body)} onChange={(e) => setBody(e.target.value)} />
        </Field>
        <Help id="message-help">Plain text. Leave an empty line between paragraphs; web addresses become links. Every e-mail ends with an unsubscribe link and your store&apos;s address.</Help>
        {problems.body ? <Problem role="alert">{problems.body}</Problem> : null}
        <Actions>
          <Button type="submit" $variant="secondary" disabled={busy}>{creating || updating ? 'Saving…' : 'Save draft'}</Button>
          {campaign ? <Button type="button" $variant="secondary" disabled={busy} onClick={() => setAsking('delete')}>Delete draft</Button> : null}
        </Actions>
      </form>
      <Card as="section" aria-labelledby="test-title">
        <h2 id="test-title" style={{ marginTop: 0 }}>Send a test</h2>
        <Field>Send a test to
          <input ref={testInput} type="email" value={testTo} aria-invalid={Boolean(problems.to)} onChange={(e) => setTestTo(e.target.value)} />
        </Field>
        {problems.to ? <Problem role="alert">{problems.to}</Problem> : null}
        <Button type="button" $variant="secondary" disabled={busy} onClick={() => void sendTest()}>{testing ? 'Sending…' : 'Send test'}</Button>
      </Card>
      <Actions>
        <Button type="button" disabled={busy || audience === 0} onClick={() => void askToSend()}>Send to {audienceLabel(audience)}</Button>
      </Actions>
      <Modal open={asking === 'send'} onClose={() => setAsking(null)} labelledBy="send-title">
        <h2 id="send-title" style={{ marginTop: 0 }}>Send this e-mail?</h2>
        <p>&lsquo;{subject.trim()}&rsquo; goes to {audienceLabel(audience)} now. A sent e-mail cannot be changed or called back.</p>
        <Actions>
          <Button type="button" onClick={() => void sendNow()}>Send now</Button>
          <Button type="button" $variant="secondary" onClick={() => setAsking(null)}>Cancel</Button>
        </Actions>
      </Modal>
      <Modal open={asking === 'delete'} onClose={() => setAsking(null)} labelledBy="delete-title">
        <h2 id="delete-title" style={{ marginTop: 0 }}>Delete this draft?</h2>
        <p>&lsquo;{campaign?.subject}&rsquo; will be gone.</p>
        <Actions>
          <Button type="button" onClick={() => void deleteDraft()}>Delete draft</Button>
          <Button type="button" $variant="secondary" onClick={() => setAsking(null)}>Cancel</Button>
        </Actions>
      </Modal>
    </>
  );
}

/** /admin/emails/new */
export function NewEmailCampaignPage() {
  const { data, isLoading, isError, refetch } = emailCampaignsApi.useEmailCampaignsQuery();
  return (
    <Container>
      <Back />
      <PageTitle>New e-mail</PageTitle>
      {isLoading ? <Loading label="Loading…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load your customers&apos; choices.</ErrorNotice> : null}
      {data ? <CampaignEditor audience={data.audience} /> : null}
    </Container>
  );
}

/** /admin/emails/edit/{id}: a draft to change and send, or what was sent, to whom and when. */
export function EditEmailCampaignPage() {
  // The admin area matches its own paths (the shell's route is /admin/*), so the id is read from the path.
  const id = decodeURIComponent(useLocation().pathname.split('/edit/')[1]?.replace(/\/$/, '') ?? '');
  const [sendingNow, setSendingNow] = useState(false);
  const { data, isLoading, isError, error, refetch } = emailCampaignsApi.useEmailCampaignQuery(id, { pollingInterval: sendingNow ? 2000 : 0 });
  const status = data?.data.status;
  if ((status === 'sending') !== sendingNow) setSendingNow(status === 'sending');
  const notFound = isError && (error as { status?: number }).status === 404;
  return (
    <Container>
      <Back />
      <PageTitle>{status && status !== 'draft' ? data.data.subject : 'Edit e-mail'}</PageTitle>
      {isLoading ? <Loading label="Loading the e-mail…" /> : null}
      {notFound ? <EmptyState title="E-mail not found">It may have been deleted. <Link to="/admin/emails">See all e-mails</Link>.</EmptyState> : null}
      {isError && !notFound ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load this e-mail.</ErrorNotice> : null}
      {data && status === 'draft' ? <CampaignEditor key={data.data.id} campaign={data.data} audience={data.audience} /> : null}
      {data && status !== 'draft' ? (
        <>
          <Card role="status">
            {status === 'sending'
              ? <p style={{ margin: 0 }}>Sending… {audienceLabel(data.data.recipients)} so far.</p>
              : <p style={{ margin: 0 }}>Sent to {audienceLabel(data.data.recipients)} on {shortDate(new Date(data.data.sent_at ?? data.data.updated_at))}.</p>}
          </Card>
          <h2>Message</h2>
          <Message>{data.data.body}</Message>
        </>
      ) : null}
    </Container>
  );
}
