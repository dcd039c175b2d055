import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, Navigate, useLocation, useNavigate } from '@platform/routing';
import styled from 'styled-components';
import { SignInForm } from '@platform/account-ui';
import { adminLandingPath, isOwnersWizardStep, wizardNeighbours, wizardStepsOpenTo, WIZARD_NEEDS_ADMIN, WIZARD_STEP_NOT_FOUND, WIZARD_STEP_OWNERS, type WizardItemStatus } from '@platform/domain';
import { adminSettingsApi, beginSession, errorMessage, notify, readQuery, storefrontApi, useSession } from '@platform/api-client';
import { Button, Card, Container, ErrorNotice, Field, Loading, PageTitle, RowList } from '@platform/ui';
import { isSellingOptionsSection, SellingOptionsForm, type SellingOptionsSection } from '../settings/selling-options';
import { PaymentOptionsForm } from '../settings/payment-options';

/** The payment step's slug: its form is the store owner's Payment Options. */
const PAYMENT_OPTIONS = 'payment-options';

/** Browser storage flag of spec 1 §3: set by Start, cleared by Skip and by the last step; while set, /admin/wizard resumes the steps. */
export const WIZARD_FLAG = 'wizard';
export const wizardStarted = () => localStorage.getItem(WIZARD_FLAG) === '1';

const sectionPath = (slug: string, step: number) => `/admin/wizard/section/${slug}?wizard_step=${step}`;
const STATUS: Record<WizardItemStatus, string> = { not_started: 'Not started', started: 'In progress', completed: 'Done' };

const Backdrop = styled.div`
  min-height: 100vh; display: grid; place-items: center; padding: 24px 16px;
  background: ${(p) => p.theme.colors.border};
  & > div { width: min(480px, 100%); }
`;

/** The wizard's steps for the signed-in admin: a sub-account is not walked through the owner's (Payment Options). */
function useWizardSteps<T extends { slug: string }>(steps: readonly T[] | undefined): T[] {
  const subAccount = useSession()?.data.customer.is_sub_account === true;
  return wizardStepsOpenTo(steps ?? [], subAccount);
}

/** Skip: forgets Start, then an admin's landing screen (by plan), anyone else the home page. */
function useSkipWizard() {
  const user = useSession();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  return async () => {
    localStorage.removeItem(WIZARD_FLAG);
    if (!user?.is_admin) { navigate('/'); return; }
    // Right after a sign-in the store's details (its plan) may still be on the way.
    navigate(adminLandingPath((await readQuery(dispatch, storefrontApi.endpoints.businessDetails.initiate()))?.other_ecommerce_plan ?? ''));
  };
}

/**
 * /admin/wizard/intro: the wizard's welcome dialog (spec 3 §2) with Start and Skip. Start needs an admin:
 * anyone else gets the sign-in form in its simple layout (an unknown e-mail or phone is named there, not sent
 * to registration), and a shopper's account is refused.
 */
export function WizardWelcome() {
  const user = useSession();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [signingIn, setSigningIn] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // /admin/wizard then opens the first step not done yet.
  const start = () => {
    localStorage.setItem(WIZARD_FLAG, '1');
    navigate('/admin/wizard');
  };
  const skip = useSkipWizard();

  return (
    <Backdrop>
      <Card role="dialog" aria-modal="true" aria-labelledby="wizard-welcome-title">
        <h2 id="wizard-welcome-title">Welcome! Let&apos;s set up your store</h2>
        {signingIn && !user?.is_admin ? (
          <>
            <p>Sign in with the store&apos;s admin account to start.</p>
            {error ? <ErrorNotice>{error}</ErrorNotice> : null}
            <SignInForm simple onSignedIn={(answer, keep) => {
              if (!answer.is_admin) { setError(WIZARD_NEEDS_ADMIN); return; }
              beginSession(answer, keep, dispatch);
              start();
            }} />
            <div style={{ marginTop: 12 }}><Button type="button" $variant="secondary" onClick={() => void skip()}>Skip</Button></div>
          </>
        ) : (
          <>
            <p>A few short steps take you through how shoppers get their orders, special orders and sales tax, so your online store sells the way your stores do. You can leave at any step and come back from Setup Wizard in the admin menu.</p>
            <div style={{ display: 'flex', gap: 12 }}>
              <Button type="button" autoFocus onClick={() => (user?.is_admin ? start() : setSigningIn(true))}>Start</Button>
              <Button type="button" $variant="secondary" onClick={() => void skip()}>Skip</Button>
            </div>
          </>
        )}
      </Card>
    </Backdrop>
  );
}

/** /admin/wizard once started: the first step not done yet, or the list when all are. */
export function WizardResume() {
  const { data: state, isError, refetch } = adminSettingsApi.useWizardStateQuery();
  const steps = useWizardSteps(state?.steps);
  if (isError) return <Container><ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the setup wizard.</ErrorNotice></Container>;
  if (!state) return <Container><Loading label="Loading the setup wizard…" /></Container>;
  const index = steps.findIndex((s) => s.status !== 'completed');
  return <Navigate to={index >= 0 ? sectionPath(steps[index].slug, index + 1) : '/admin/wizard/setup'} replace />;
}

/** /admin/wizard/setup: every step with its state, and the acknowledgement the plan asks for once all are done. */
export function WizardSetupPage() {
  const { data: state, isLoading, isError, refetch } = adminSettingsApi.useWizardStateQuery();
  const [acknowledge, { isLoading: sending }] = adminSettingsApi.useAcknowledgeWizardMutation();
  const [comments, setComments] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const steps = useWizardSteps(state?.steps);
  const allDone = state ? steps.every((s) => s.status === 'completed') : false;
  const send = async () => {
    setFailure(null);
    try {
      notify('success', (await acknowledge({ comments }).unwrap()).message);
      setComments('');
    } catch (error) {
      setFailure(errorMessage(error, 'The acknowledgement could not be sent. Please try again.'));
    }
  };
  return (
    <Container style={{ maxWidth: 760 }}>
      <PageTitle>Setup Wizard</PageTitle>
      {isLoading ? <Loading label="Loading the setup wizard…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the setup wizard.</ErrorNotice> : null}
      {state ? (
        <>
          {allDone ? <p role="status">Every step is done.</p> : <p>Work through the steps in order, or open any of them.</p>}
          <Card>
            <RowList aria-label="Setup steps">
              {steps.map((step, index) => (
                <li key={step.slug}>
                  <span className="main"><strong>{index + 1}. {step.title}</strong><br />{step.text}</span>
                  <span>{STATUS[step.status]}</span>
                  <Link to={sectionPath(step.slug, index + 1)} aria-label={`Open ${step.title}`}>Open</Link>
                </li>
              ))}
            </RowList>
          </Card>
          {allDone && state.needs_acknowledgement ? (
            <Card as="section" aria-label="Acknowledgement" style={{ marginTop: 20 }}>
              <h2>Acknowledgement</h2>
              {state.acknowledged ? <p>You have acknowledged your setup. Thank you.</p> : (
                <>
                  <p>Please confirm that your store is set up as you want it. Our team reads any comments you add.</p>
                  <Field>Comments (optional)<textarea rows={3} maxLength={2000} value={comments} onChange={(e) => setComments(e.target.value)} /></Field>
                  {failure ? <ErrorNotice>{failure}</ErrorNotice> : null}
                  <Button type="button" disabled={sending} onClick={() => void send()}>{sending ? 'Sending…' : 'Acknowledge setup'}</Button>
                </>
              )}
            </Card>
          ) : null}
        </>
      ) : null}
    </Container>
  );
}

/**
 * /admin/wizard/section/{slug}?wizard_step=N: one step. Opening it marks it started; saving marks it done
 * and goes on to the next (Complete on the last, back to the list); Previous and Skip leave it as it is.
 */
export function WizardSectionPage() {
  // The admin area matches its screens itself (no nested routes), so the step comes from the path.
  const slug = decodeURIComponent(useLocation().pathname.split('/section/')[1] ?? '').replace(/\/$/, '');
  const navigate = useNavigate();
  const { data: state, isLoading, isError, refetch } = adminSettingsApi.useWizardStateQuery();
  const [mark] = adminSettingsApi.useMarkWizardItemMutation();
  const skip = useSkipWizard();
  const steps = useWizardSteps(state?.steps);
  const slugs = steps.map((s) => s.slug);
  const known = slugs.includes(slug) && (isSellingOptionsSection(slug) || slug === PAYMENT_OPTIONS);
  useEffect(() => { if (known) void mark({ slug, status: 'started' }); }, [known, slug, mark]);
  // The owner's step opened by a sub-account (a link, its address): said plainly, with the way on; nothing marked.
  const owners = !known && Boolean(state?.steps.some((s) => s.slug === slug)) && isOwnersWizardStep(slug);

  if (isLoading) return <Container><Loading label="Loading the setup wizard…" /></Container>;
  if (isError) return <Container><ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the setup wizard.</ErrorNotice></Container>;
  if (state && owners) {
    const all = state.steps.map((s) => s.slug);
    const after = all.slice(all.indexOf(slug) + 1).find((s) => slugs.includes(s));
    return (
      <Container style={{ maxWidth: 760 }}>
        <PageTitle>{state.steps.find((s) => s.slug === slug)!.title}</PageTitle>
        <p role="note">{WIZARD_STEP_OWNERS}</p>
        <p style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          {after ? <Link to={sectionPath(after, slugs.indexOf(after) + 1)}>Next step</Link> : null}
          <Link to="/admin/wizard/setup">All steps</Link>
        </p>
      </Container>
    );
  }
  if (!state || !known) {
    return <Container><PageTitle>Setup Wizard</PageTitle><ErrorNotice action={<Link to="/admin/wizard/setup">See all steps</Link>}>{WIZARD_STEP_NOT_FOUND}</ErrorNotice></Container>;
  }
  const step = state.steps.find((s) => s.slug === slug)!;
  const { step: number, previous, next } = wizardNeighbours(slugs, slug);
  const actions = (
    <>
      {previous ? <Link to={sectionPath(previous, number - 1)}>Previous</Link> : null}
      <Link to="/admin/wizard/setup">All steps</Link>
      <Button type="button" $variant="link" onClick={() => void skip()}>Skip setup</Button>
    </>
  );
  const saved = async () => {
    await mark({ slug, status: 'completed' });
    if (next) { navigate(sectionPath(next, number + 1)); return; }
    localStorage.removeItem(WIZARD_FLAG);
    navigate('/admin/wizard/setup');
  };
  return (
    <Container style={{ maxWidth: 760 }}>
      <p style={{ marginBottom: 0 }}>Setup Wizard · Step {number} of {slugs.length}</p>
      <PageTitle>{step.title}</PageTitle>
      <p>{step.text}</p>
      {slug === PAYMENT_OPTIONS
        ? <PaymentOptionsForm submitLabel={next ? 'Save and continue' : 'Save and complete'} onSaved={() => void saved()} actions={actions} />
        : <SellingOptionsForm key={slug} section={slug as SellingOptionsSection} submitLabel={next ? 'Save and continue' : 'Save and complete'} onSaved={() => void saved()} actions={actions} />}
    </Container>
  );
}
