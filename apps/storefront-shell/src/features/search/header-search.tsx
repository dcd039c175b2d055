import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from '@platform/routing';
import styled from 'styled-components';
import { brandSlug, slugify } from '@platform/domain';
import { storefrontApi } from '@platform/api-client';

const HEADER_DEBOUNCE_MS = 250;
const MIN_CHARS = 3;

const Form = styled.form`position: relative; flex: 1 1 280px; max-width: 480px;`;
const Input = styled.input`
  width: 100%; font: inherit; padding: 9px 12px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius};
`;
const Panel = styled.div`
  position: absolute; top: 100%; left: 0; right: 0; z-index: 70; background: ${(p) => p.theme.colors.surface};
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; box-shadow: 0 8px 24px rgba(0,0,0,.12);
  max-height: 70vh; overflow: auto;
  h3 { font-size: 0.8rem; text-transform: uppercase; color: ${(p) => p.theme.colors.muted}; margin: 10px 12px 4px; }
  ul { list-style: none; margin: 0; padding: 0; }
  li[role='option'] { padding: 8px 12px; cursor: pointer; color: ${(p) => p.theme.colors.text}; }
  li[aria-selected='true'] { background: ${(p) => p.theme.colors.page}; }
  .footer { display: block; padding: 10px 12px; border-top: 1px solid ${(p) => p.theme.colors.border}; }
`;

type Choice = { key: string; label: string; to: string };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => { const t = setTimeout(() => setDebounced(value), ms); return () => clearTimeout(t); }, [value, ms]);
  return debounced;
}

/** A department or brand found by the store's other name for it: that name, with the one it leads to. */
const knownAs = (name: string, alias?: string) => (alias ? `${alias} (${name})` : name);

/** Header search with suggestions from 3 characters: products, departments, brands; Enter searches. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebounced(text.trim(), HEADER_DEBOUNCE_MS);
  const { data, isFetching } = storefrontApi.useSuggestionsQuery(term, { skip: term.length < MIN_CHARS });
  const { data: settings } = storefrontApi.useSettingsQuery();

  const groups: { title: string; choices: Choice[] }[] = data && term.length >= MIN_CHARS ? [
    { title: 'Popular searches', choices: data.search_terms.map((t) => ({ key: `t${t}`, label: t, to: `/search/${slugify(t)}?keyword=${encodeURIComponent(t)}` })) },
    { title: 'Products', choices: data.products.map((p) => ({ key: `p${p.id}`, label: p.title, to: `/p/${p.slug}` })) },
    { title: 'Departments', choices: data.departments.map((d) => ({ key: `d${d.dept_id}`, label: knownAs(d.name, d.alias), to: `/d/${slugify(d.name)}-${d.dept_id}` })) },
    { title: 'Brands', choices: data.brands.map((b) => ({ key: `b${b.brand_id}`, label: knownAs(b.brand_name, b.alias), to: `/b/${brandSlug(b.brand_name, b.brand_id)}` })) },
  ].filter((g) => g.choices.length) : [];
  const choices = groups.flatMap((g) => g.choices);

  const go = (to: string) => { setOpen(false); setActive(-1); navigate(to); };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = text.trim();
    if (active >= 0 && choices[active]) return go(choices[active].to);
    if (keyword) go(`/search/${slugify(keyword)}?keyword=${encodeURIComponent(keyword)}`);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') { event.preventDefault(); setOpen(true); setActive((i) => Math.min(i + 1, choices.length - 1)); }
    else if (event.key === 'ArrowUp') { event.preventDefault(); setActive((i) => Math.max(i - 1, -1)); }
    else if (event.key === 'Escape') { setOpen(false); setActive(-1); }
  };
  const showPanel = open && term.length >= MIN_CHARS && (choices.length > 0 || (!isFetching && data));

  return (
    <Form role="search" onSubmit={submit} onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false); }}>
      <Input
        type="search" aria-label="Search products" placeholder="Search products" value={text} maxLength={200}
        role="combobox" aria-expanded={Boolean(showPanel)} aria-controls={listId} aria-autocomplete="list"
        aria-activedescendant={active >= 0 && choices[active] ? `${listId}-${choices[active].key}` : undefined}
        onChange={(e) => { setText(e.target.value); setOpen(true); setActive(-1); }} onFocus={() => setOpen(true)} onKeyDown={onKeyDown}
      />
      {showPanel ? (
        <Panel>
          <div id={listId} role="listbox" aria-label="Suggestions">
            {choices.length === 0 ? <p style={{ margin: 12 }}>No suggestions. Press Enter to search.</p> : null}
            {groups.map((group) => (
              <div key={group.title} role="group" aria-label={group.title}>
                <h3>{group.title}</h3>
                <ul>
                  {group.choices.map((choice) => (
                    <li key={choice.key} id={`${listId}-${choice.key}`} role="option" aria-selected={choices[active]?.key === choice.key}
                      onMouseDown={(e) => e.preventDefault()} onClick={() => go(choice.to)}>{choice.label}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          {settings?.hideBrandsNav ? null : <Link className="footer" to="/brands" onClick={() => setOpen(false)}>None of the results match? Click here</Link>}
        </Panel>
      ) : null}
    </Form>
  );
}
