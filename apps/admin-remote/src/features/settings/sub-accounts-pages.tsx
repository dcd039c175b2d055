import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '@platform/routing';
import styled from 'styled-components';
import { lastUsedText, passwordProblems, permissionLabel, subAccountDetailsProblems, type Permission } from '@platform/domain';
import type { SubAccount } from '@platform/contracts';
import { adminSettingsApi, errorMessage, fieldErrors, notify, storefrontApi, useSession } from '@platform/api-client';
import { Button, Card, Container, EmptyState, ErrorNotice, Field, focusFirstInvalid, Loading, PageTitle, RowList } from '@platform/ui';

const LIST = '/admin/settings/sub-accounts';

const Form = styled.form`
  display: grid; gap: 4px; max-width: 640px;
  .problem { margin: -8px 0 10px; color: ${(p) => p.theme.colors.danger}; }
  fieldset { border: 0; padding: 0; margin: 8px 0 16px; }
  legend { font-weight: 600; margin-bottom: 8px; }
  .permissions { display: grid; gap: 6px 16px; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); }
`;

const problemOf = (problems: Record<string, string>, key: string) => (problems[key] ? <p className="problem" role="alert">{problems[key]}</p> : null);

/** Settings › Sub-accounts: the store's staff accounts and what each may do. */
export function SubAccountsPage() {
  const { data: accounts, isLoading, isError, refetch } = adminSettingsApi.useSubAccountsQuery();
  return (
    <Container>
      <PageTitle>Sub-accounts</PageTitle>
      <p>Staff accounts that sign in to this back office, each with the permissions you give it.</p>
      <p><Link to={`${LIST}/new`}>Add a sub-account</Link></p>
      {isLoading ? <Loading label="Loading sub-accounts…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the sub-accounts.</ErrorNotice> : null}
      {accounts && accounts.length === 0 ? <EmptyState title="No sub-accounts yet">Add one for each member of staff who helps run the store online.</EmptyState> : null}
      {accounts && accounts.length > 0 ? (
        <Card>
          <RowList aria-label="Sub-accounts">
            {accounts.map((a) => (
              <li key={a.slug} aria-label={`${a.first_name} ${a.last_name}`}>
                <span className="main">
                  <strong>{a.first_name} {a.last_name}</strong>
                  <span className="meta">{a.email} · {a.permissions.length ? a.permissions.map((p) => permissionLabel(p as Permission)).join(', ') : 'No permissions'}</span>
                  <span className="meta">{a.last_active_at ? lastUsedText(new Date(a.last_active_at), new Date()) : 'Never signed in'}</span>
                </span>
                <Link to={`${LIST}/edit/${encodeURIComponent(a.slug)}`} aria-label={`Edit ${a.first_name} ${a.last_name}`}>Edit</Link>
              </li>
            ))}
          </RowList>
        </Card>
      ) : null}
    </Container>
  );
}

interface FormValues { first_name: string; last_name: string; email: string; permissions: string[]; location_id: number | null; password: string; c_password: string }

/**
 * The name, e-mail and permission boxes of a sub-account (and its first password when new). Only the
 * permissions the signed-in manager holds are offered: no one gives more than they have (the server agrees).
 * A store with several locations can bind the account to one: its staff then see only that location's orders.
 */
function SubAccountForm({ initial, withPassword, saving, submitLabel, onSubmit }: {
  initial: FormValues; withPassword: boolean; saving: boolean; submitLabel: string; onSubmit: (values: FormValues) => Promise<Record<string, string> | null>;
}) {
  const user = useSession();
  const offered = user?.data.customer.permissions ?? [];
  const locations = storefrontApi.useBusinessDetailsQuery().data?.about_us.locations ?? [];
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const set = (key: keyof FormValues) => (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: e.target.value });
  const toggle = (permission: string, on: boolean) => setValues({ ...values, permissions: on ? [...values.permissions, permission] : values.permissions.filter((p) => p !== permission) });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found: Record<string, string> = { ...subAccountDetailsProblems(values), ...(withPassword ? passwordProblems(values.password, values.c_password) : {}) };
    // Permissions the manager does not hold are not its to send; the server keeps them on the account.
    const refused = Object.keys(found).length ? found : (await onSubmit({ ...values, permissions: values.permissions.filter((p) => offered.includes(p)) })) ?? {};
    setProblems(refused);
    focusFirstInvalid(form);
  };
  const invalid = (key: string) => (problems[key] ? { 'aria-invalid': true } : {});
  return (
    <Form onSubmit={(e) => void submit(e)} noValidate aria-label={submitLabel}>
      <Field>First name<input name="first_name" autoComplete="off" value={values.first_name} {...invalid('first_name')} onChange={set('first_name')} /></Field>
      {problemOf(problems, 'first_name')}
      <Field>Last name<input name="last_name" autoComplete="off" value={values.last_name} {...invalid('last_name')} onChange={set('last_name')} /></Field>
      {problemOf(problems, 'last_name')}
      <Field>E-mail<input type="email" name="email" autoComplete="off" value={values.email} {...invalid('email')} onChange={set('email')} /></Field>
      {problemOf(problems, 'email')}
      {withPassword ? (
        <>
          <Field>Password<input type="password" name="password" autoComplete="new-password" value={values.password} {...invalid('password')} onChange={set('password')} /></Field>
          {problemOf(problems, 'password')}
          <Field>Confirm password<input type="password" name="c_password" autoComplete="new-password" value={values.c_password} {...invalid('c_password')} onChange={set('c_password')} /></Field>
          {problemOf(problems, 'c_password')}
        </>
      ) : null}
      <fieldset>
        <legend>Permissions</legend>
        <div className="permissions">
          {offered.map((p) => (
            <label key={p}><input type="checkbox" checked={values.permissions.includes(p)} onChange={(e) => toggle(p, e.target.checked)} /> {permissionLabel(p as Permission)}</label>
          ))}
        </div>
      </fieldset>
      {problemOf(problems, 'permissions')}
      {locations.length > 1 || values.location_id ? (
        <>
          <Field>Works at<select name="location_id" value={values.location_id ?? ''} {...invalid('location_id')} onChange={(e) => setValues({ ...values, location_id: e.target.value ? Number(e.target.value) : null })}>
            <option value="">Every location (sees all orders)</option>
            {locations.map((l) => <option key={l.id} value={l.id}>{l.name} (sees only its orders)</option>)}
          </select></Field>
          {problemOf(problems, 'location_id')}
        </>
      ) : null}
      {problems.form ? <ErrorNotice>{problems.form}</ErrorNotice> : null}
      <div><Button type="submit" disabled={saving}>{saving ? 'Saving…' : submitLabel}</Button></div>
    </Form>
  );
}

/** A refused save: its field problems, or one message for the form. */
const refusal = (error: unknown) => {
  const fields = fieldErrors(error);
  return Object.keys(fields).length ? fields : { form: errorMessage(error, 'That did not work. Please try again.') };
};

export function NewSubAccountPage() {
  const navigate = useNavigate();
  const [create, { isLoading }] = adminSettingsApi.useCreateSubAccountMutation();
  return (
    <Container>
      <PageTitle>Add a sub-account</PageTitle>
      <p><Link to={LIST}>Back to sub-accounts</Link></p>
      <Card>
        <SubAccountForm initial={{ first_name: '', last_name: '', email: '', permissions: [], location_id: null, password: '', c_password: '' }} withPassword saving={isLoading} submitLabel="Create sub-account"
          onSubmit={async (values) => {
            try {
              notify('success', (await create(values).unwrap()).message);
              navigate(LIST);
              return null;
            } catch (error) { return refusal(error); }
          }} />
      </Card>
    </Container>
  );
}

export function EditSubAccountPage() {
  const { pathname } = useLocation();
  const slug = decodeURIComponent(pathname.split('/edit/')[1] ?? '');
  const { data: accounts, isLoading, isError, refetch } = adminSettingsApi.useSubAccountsQuery();
  const account = accounts?.find((a) => a.slug === slug);
  return (
    <Container>
      <PageTitle>Edit sub-account</PageTitle>
      <p><Link to={LIST}>Back to sub-accounts</Link></p>
      {isLoading ? <Loading label="Loading the sub-account…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the sub-account.</ErrorNotice> : null}
      {accounts && !account ? <ErrorNotice>This sub-account does not exist (it may have been removed).</ErrorNotice> : null}
      {account ? <EditSubAccount key={account.slug} account={account} /> : null}
    </Container>
  );
}

function EditSubAccount({ account }: { account: SubAccount }) {
  const navigate = useNavigate();
  const user = useSession();
  const [update, { isLoading }] = adminSettingsApi.useUpdateSubAccountMutation();
  const [changePassword, { isLoading: changing }] = adminSettingsApi.useChangeSubAccountPasswordMutation();
  const [remove, { isLoading: removing }] = adminSettingsApi.useDeleteSubAccountMutation();
  const [password, setPassword] = useState({ password: '', c_password: '' });
  const [passwordProblem, setPasswordProblem] = useState<string | null>(null);
  const name = `${account.first_name} ${account.last_name}`;

  const savePassword = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblems(password.password, password.c_password);
    const first = found.password ?? found.c_password;
    if (first) { setPasswordProblem(first); return; }
    try {
      notify('success', (await changePassword({ slug: account.slug, ...password }).unwrap()).message);
      setPassword({ password: '', c_password: '' });
      setPasswordProblem(null);
    } catch (error) { setPasswordProblem(errorMessage(error)); }
  };
  const removeAccount = async () => {
    if (!window.confirm(`Remove ${name}? They will be signed out and can no longer sign in.`)) return;
    try {
      notify('success', (await remove(account.slug).unwrap()).message);
      navigate(LIST);
    } catch (error) { notify('error', errorMessage(error), 5000); }
  };

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <SubAccountForm initial={{ ...account, password: '', c_password: '' }} withPassword={false} saving={isLoading} submitLabel="Save changes"
          onSubmit={async (values) => {
            try {
              notify('success', (await update({ slug: account.slug, first_name: values.first_name, last_name: values.last_name, email: values.email, permissions: values.permissions, location_id: values.location_id }).unwrap()).message);
              return null;
            } catch (error) { return refusal(error); }
          }} />
      </Card>
      <Card style={{ marginBottom: 16 }} as="section" aria-label="New password">
        <h2 style={{ marginTop: 0 }}>New password</h2>
        <Form onSubmit={(e) => void savePassword(e)} noValidate aria-label="Set a new password">
          <p>Setting a new password signs {account.first_name} out everywhere.</p>
          <Field>New password<input type="password" autoComplete="new-password" value={password.password} onChange={(e) => setPassword({ ...password, password: e.target.value })} /></Field>
          <Field>Confirm new password<input type="password" autoComplete="new-password" value={password.c_password} onChange={(e) => setPassword({ ...password, c_password: e.target.value })} /></Field>
          {passwordProblem ? <p className="problem" role="alert">{passwordProblem}</p> : null}
          <div><Button type="submit" $variant="secondary" disabled={changing}>{changing ? 'Saving…' : 'Set new password'}</Button></div>
        </Form>
      </Card>
      {account.slug !== user?.data.customer.slug ? (
        <Button $variant="secondary" disabled={removing} onClick={() => void removeAccount()}>Remove sub-account</Button>
      ) : null}
    </>
  );
}
