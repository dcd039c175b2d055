import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  ALIAS_ADD_FAILED, ALIAS_MAX_LENGTH, ALIAS_MIN_LENGTH, ALIAS_REMOVE_FAILED, DEPARTMENT_PRODUCTS_SAVE_FAILED, departmentAlias, HIDE_DEPARTMENT_PRODUCTS_QUESTION,
} from '@platform/domain';
import { departmentSettingsAdminApi, errorMessage, fieldErrors, notify, storeContentAdminApi, type DepartmentAliasNode } from '@platform/api-client';
import { Button, Container, EmptyState, ErrorNotice, Field, Loading, Modal, PageTitle } from '@platform/ui';

type Node = Pick<DepartmentAliasNode, 'dept_id' | 'name' | 'hidden' | 'hide_products' | 'aliases'> & { children?: Node[] };

const Tree = styled.ul`
  list-style: none; margin: 0; padding: 0;
  ul { list-style: none; margin: 0; padding-left: 24px; border-left: 2px solid ${(p) => p.theme.colors.border}; }
  @media (max-width: 560px) { ul { padding-left: 12px; } }
  .row { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; padding: 10px 0; border-bottom: 1px solid ${(p) => p.theme.colors.border}; }
  .name { font-weight: 600; margin-right: auto; }
  .muted { color: ${(p) => p.theme.colors.muted}; font-weight: 400; }
  .on-sale { display: inline-flex; gap: 8px; align-items: center; min-height: 40px; cursor: pointer; }
  .on-sale input { width: 20px; height: 20px; }
  .aliases { display: flex; flex-wrap: wrap; gap: 6px; width: 100%; margin: 0; padding: 0; list-style: none; }
  .aliases li { display: inline-flex; align-items: center; gap: 4px; padding: 2px 4px 2px 10px; border-radius: 999px; background: ${(p) => p.theme.colors.page}; border: 1px solid ${(p) => p.theme.colors.border}; }
  .aliases button { font: inherit; border: none; background: none; cursor: pointer; padding: 2px 8px; border-radius: 999px; color: inherit; min-height: 32px; }
  .aliases button:focus-visible { outline: 2px solid ${(p) => p.theme.colors.primary}; }
`;
const Suggestions = styled.ul`list-style: none; padding: 0; margin: 0 0 12px; display: flex; flex-wrap: wrap; gap: 8px;`;
const Problem = styled.p`margin: 0 0 12px; color: ${(p) => p.theme.colors.danger};`;

/**
 * Spec 3 alias modal: opens with an empty box and the store's previously used aliases; suggestions show once
 * more than 1 character is typed, and choosing one saves it at once; Complete needs at least 2 characters.
 * The server's refusal shows under the box; after saving the modal closes and the department shows the alias.
 */
function AliasModal({ department, onClose }: { department: Node; onClose: () => void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { data: previous = [] } = storeContentAdminApi.usePreviousAliasesQuery({ name: '', dept_id: department.dept_id });
  const [add, { isLoading: saving }] = storeContentAdminApi.useAddDepartmentAliasMutation();
  const typed = name.trim().toLowerCase();
  const suggestions = typed.length > 1 ? previous.filter((a) => a.name.toLowerCase().includes(typed)).slice(0, 8) : [];

  const save = async (alias: string) => {
    const checked = departmentAlias(alias);
    if ('problem' in checked) { setProblem(checked.problem); return; }
    setProblem(null);
    try {
      const answer = await add({ name: checked.name, dept_id: department.dept_id }).unwrap();
      notify('success', answer.message);
      onClose();
    } catch (error) {
      setProblem(fieldErrors(error).name ?? errorMessage(error, ALIAS_ADD_FAILED));
    }
  };
  const submit = (event: FormEvent) => { event.preventDefault(); void save(name); };

  return (
    <Modal open onClose={onClose} labelledBy="alias-title">
      <h2 id="alias-title" style={{ marginTop: 0 }}>Add an alias to {department.name}</h2>
      <p>Another name shoppers or your suppliers use for this department.</p>
      <form onSubmit={submit} noValidate>
        <Field>
          Alias
          <input data-autofocus name="alias" autoComplete="off" maxLength={ALIAS_MAX_LENGTH} value={name}
            aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'alias-problem' : undefined}
            onChange={(e) => { setName(e.target.value); setProblem(null); }} />
        </Field>
        {problem ? <Problem id="alias-problem" role="alert">{problem}</Problem> : null}
        {suggestions.length ? (
          <>
            <p id="alias-suggestions" style={{ margin: '0 0 6px' }}>Used on other departments:</p>
            <Suggestions aria-labelledby="alias-suggestions">
              {suggestions.map((s) => <li key={s.id}><Button type="button" $variant="secondary" disabled={saving} onClick={() => void save(s.name)}>{s.name}</Button></li>)}
            </Suggestions>
          </>
        ) : null}
        <div style={{ display: 'flex', gap: 12 }}>
          <Button type="submit" disabled={saving || name.trim().length < ALIAS_MIN_LENGTH}>{saving ? 'Saving…' : 'Complete'}</Button>
          <Button type="button" $variant="secondary" onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Modal>
  );
}

function DepartmentRow({ node, offThrough, onAdd, onRemove, onSell, busy }: {
  node: Node; offThrough: string | null; onAdd: (n: Node) => void; onRemove: (n: Node, id: number, name: string) => void; onSell: (n: Node, sell: boolean) => void; busy: boolean;
}) {
  const off = node.hide_products ? node.name : offThrough;
  return (
    <li>
      <div className="row">
        <span className="name">
          {node.name}{node.hidden ? <span className="muted"> (hidden)</span> : null}
          {node.hide_products ? <span className="muted"> · products off the storefront</span> : offThrough ? <span className="muted"> · products off through {offThrough}</span> : null}
        </span>
        <label className="on-sale">
          <input type="checkbox" checked={!node.hide_products} disabled={busy} aria-label={`Sell ${node.name} products on the storefront`} onChange={(e) => onSell(node, e.target.checked)} />
          Products on sale
        </label>
        <Button type="button" $variant="secondary" aria-label={`Add alias to ${node.name}`} onClick={() => onAdd(node)}>Add alias</Button>
        {node.aliases.length ? (
          <ul className="aliases" aria-label={`Aliases of ${node.name}`}>
            {node.aliases.map((a) => (
              <li key={a.id}>{a.name}<button type="button" disabled={busy} aria-label={`Remove alias ${a.name} from ${node.name}`} onClick={() => onRemove(node, a.id, a.name)}>×</button></li>
            ))}
          </ul>
        ) : null}
      </div>
      {node.children?.length ? (
        <ul>{node.children.map((c) => <DepartmentRow key={c.dept_id} node={c} offThrough={off} onAdd={onAdd} onRemove={onRemove} onSell={onSell} busy={busy} />)}</ul>
      ) : null}
    </li>
  );
}

/**
 * Settings › Department Mapping (spec 3 settings department-mapping): every department of the tree (3 levels,
 * hidden ones too) with its aliases (get-department-hierarchy-with-alias); add one through the alias modal,
 * remove one with its ×. Products on sale (the department setting hideProducts) takes the department's products, and
 * those of the departments under it, off the storefront once confirmed, or puts them back.
 */
export function DepartmentAliasesPage() {
  const { data: tree, isLoading, isError, refetch } = storeContentAdminApi.useDepartmentAliasesQuery();
  const [remove, { isLoading: removing }] = storeContentAdminApi.useRemoveDepartmentAliasMutation();
  const [saveSettings, { isLoading: savingSettings }] = departmentSettingsAdminApi.useSaveDepartmentSettingsMutation();
  const [adding, setAdding] = useState<Node | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const removeAlias = async (node: Node, id: number) => {
    setFailure(null);
    try {
      notify('success', (await remove({ id, dept_id: node.dept_id }).unwrap()).message);
    } catch (error) {
      setFailure(errorMessage(error, ALIAS_REMOVE_FAILED));
    }
  };

  const sell = async (node: Node, onSale: boolean) => {
    if (!onSale && !window.confirm(HIDE_DEPARTMENT_PRODUCTS_QUESTION(node.name))) return;
    setFailure(null);
    try {
      notify('success', (await saveSettings({ dept_id: node.dept_id, settings: [{ key: 'hideProducts', value: !onSale }] }).unwrap()).message);
    } catch {
      setFailure(DEPARTMENT_PRODUCTS_SAVE_FAILED(node.name, onSale));
    }
  };

  return (
    <Container>
      <PageTitle>Department Mapping</PageTitle>
      <p>
        Aliases are other names for a department. The tree has up to 3 levels. Untick Products on sale to take a department&apos;s products, and those
        of the departments under it, off the storefront until you tick it again.
      </p>
      {isLoading ? <Loading label="Loading the departments…" /> : null}
      {isError ? <ErrorNotice action={<Button onClick={() => void refetch()}>Try again</Button>}>We could not load the departments.</ErrorNotice> : null}
      {failure ? <ErrorNotice>{failure}</ErrorNotice> : null}
      {tree && tree.length === 0 ? <EmptyState title="This store has no departments yet.">Departments arrive with the product catalogue (point-of-sale sync or import).</EmptyState> : null}
      {tree?.length ? (
        <Tree aria-label="Departments">
          {(tree as Node[]).map((node) => (
            <DepartmentRow key={node.dept_id} node={node} offThrough={null} onAdd={setAdding} onRemove={(n, id) => void removeAlias(n, id)}
              onSell={(n, s) => void sell(n, s)} busy={removing || savingSettings} />
          ))}
        </Tree>
      ) : null}
      {adding ? <AliasModal department={adding} onClose={() => setAdding(null)} /> : null}
    </Container>
  );
}
