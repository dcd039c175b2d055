import { useEffect, useRef, useState } from 'react';
import { Link } from '@platform/routing';
import { departmentTreeDepth } from '@platform/domain';
import styled from 'styled-components';
import { storefrontApi, type DepartmentNode } from '@platform/api-client';

const CLOSE_DELAY_MS = 250;
const OPEN_DELAY_MS = 200;

const Wrapper = styled.div`position: relative;`;
const Toggle = styled.button`
  font: inherit; font-weight: 700; font-size: ${(p) => p.theme.navigationFontSize}px; border: 0; cursor: pointer;
  background: ${(p) => p.theme.colors.primary}; color: ${(p) => p.theme.colors.onPrimary}; padding: 8px 14px; border-radius: ${(p) => p.theme.radius};
`;
/** Mega menu on desktop (department list + the active department's columns); one list with expandable rows at 991 px and under. */
const Panel = styled.div`
  position: absolute; top: 100%; left: 0; z-index: 60; width: min(880px, 92vw); max-height: 75vh; overflow: auto;
  background: ${(p) => p.theme.colors.surface}; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius};
  box-shadow: 0 8px 24px rgba(0,0,0,.12); padding: 8px; display: grid; grid-template-columns: 240px 1fr; gap: 8px;
  input { width: 100%; box-sizing: border-box; font: inherit; padding: 8px; margin-bottom: 6px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 4px; }
  ul { list-style: none; margin: 0; padding: 0; }
  a { display: block; padding: 6px 8px; border-radius: 4px; color: ${(p) => p.theme.colors.text}; }
  a:hover, a:focus { background: ${(p) => p.theme.colors.page}; }
  .top { display: flex; align-items: center; }
  .top a { flex: 1; }
  .top[data-active='true'] a { background: ${(p) => p.theme.colors.page}; font-weight: 700; }
  .expand { display: none; font: inherit; border: 0; background: none; cursor: pointer; padding: 6px 10px; }
  .columns { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 8px 16px; align-content: start; padding: 4px 8px; }
  .columns h3 { margin: 4px 0; font-size: 0.95rem; }
  .columns h3 a { padding: 4px 0; }
  .columns img { display: block; width: 100%; max-width: 160px; aspect-ratio: 1; object-fit: contain; margin-bottom: 4px; }
  .columns li a { padding: 3px 0; font-size: 0.9rem; }
  .inline { display: none; }
  .cta { grid-column: 1 / -1; font-weight: 700; }
  @media (max-width: ${(p) => p.theme.breakpoints.lg}px) {
    position: fixed; top: 0; left: 0; width: 100vw; max-height: 100vh; height: 100vh; border-radius: 0; grid-template-columns: 1fr;
    .columns { display: none; }
    .expand { display: block; }
    .inline { display: block; padding-left: 16px; }
  }
`;
const Close = styled.button`
  display: none; font: inherit; border: 0; background: none; font-size: 1.5rem; cursor: pointer; justify-self: end;
  @media (max-width: ${(p) => p.theme.breakpoints.lg}px) { display: block; }
`;

function SubDepartments({ department, onPick }: { department: DepartmentNode; onPick: () => void }) {
  return (
    <>
      {department.children.map((sub) => (
        <div key={sub.dept_id}>
          {/* The department's image (spec 1 mega menu), inside its link; the name beside it names the link. */}
          <h3><Link to={`/d/${sub.slug}`} onClick={onPick}>{sub.image_url ? <img src={sub.image_url} alt="" loading="lazy" /> : null}{sub.name}</Link></h3>
          <ul>{(sub.children ?? []).map((leaf) => <li key={leaf.dept_id}><Link to={`/d/${leaf.slug}`} onClick={onPick}>{leaf.name}</Link></li>)}</ul>
        </div>
      ))}
    </>
  );
}

/** Shop by Department: the department tree (depth from business details) with a filter box, as a mega menu. */
export function DepartmentMenu() {
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const depth = departmentTreeDepth(business?.departments_hierarchy_level);
  const { data: departments = [], isLoading } = storefrontApi.useDepartmentTreeQuery(depth);
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [activeId, setActiveId] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const openedByHover = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Spec 1: hover opens after 200 ms, leaving closes after 250 ms.
  const showSoon = () => { clearTimeout(timer.current); timer.current = setTimeout(() => { openedByHover.current = true; setOpen(true); }, OPEN_DELAY_MS); };
  const show = () => { clearTimeout(timer.current); setOpen(true); };
  const hideSoon = () => { clearTimeout(timer.current); timer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS); };
  const close = () => { clearTimeout(timer.current); setOpen(false); };
  const toggle = () => {
    clearTimeout(timer.current);
    // A click on a menu the pointer just opened keeps it open rather than closing it at once.
    setOpen((wasOpen) => (wasOpen && openedByHover.current ? true : !wasOpen));
    openedByHover.current = false;
  };
  const needle = filter.trim().toLowerCase();
  const matches = departments.filter((d) => d.name.toLowerCase().includes(needle) || d.children.some((c) => c.name.toLowerCase().includes(needle)));
  const active = matches.find((d) => d.dept_id === activeId) ?? matches[0];
  return (
    <Wrapper onMouseEnter={() => (open ? show() : showSoon())} onMouseLeave={hideSoon} onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}>
      <Toggle type="button" aria-expanded={open} aria-controls="department-menu" onClick={toggle}>
        Shop by Department
      </Toggle>
      {open ? (
        <Panel id="department-menu" role="region" aria-label="Departments" onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget)) hideSoon(); }} onFocus={show}>
          <div>
            <Close type="button" aria-label="Close departments" onClick={close}>×</Close>
            <input aria-label="Find a department" placeholder="Find a department" value={filter} onChange={(e) => setFilter(e.target.value)} />
            {isLoading ? <p>Loading…</p> : null}
            <ul aria-label="Top departments">
              {matches.map((d) => (
                <li key={d.dept_id}>
                  <div className="top" data-active={active?.dept_id === d.dept_id} onMouseEnter={() => setActiveId(d.dept_id)}>
                    <Link to={`/d/${d.slug}`} onClick={close} onFocus={() => setActiveId(d.dept_id)}>{d.name}</Link>
                    {d.children.length ? (
                      <button type="button" className="expand" aria-expanded={expanded === d.dept_id} aria-label={`Show ${d.name} departments`}
                        onClick={() => setExpanded(expanded === d.dept_id ? null : d.dept_id)}>{expanded === d.dept_id ? '−' : '+'}</button>
                    ) : null}
                  </div>
                  {expanded === d.dept_id ? (
                    <ul className="inline">{d.children.map((c) => <li key={c.dept_id}><Link to={`/d/${c.slug}`} onClick={close}>{c.name}</Link></li>)}</ul>
                  ) : null}
                </li>
              ))}
            </ul>
            {!isLoading && matches.length === 0 ? <p>No departments match.</p> : null}
            <Link to="/departments" onClick={close}>View all departments</Link>
          </div>
          {active ? (
            <div className="columns" aria-label={`${active.name} departments`}>
              <SubDepartments department={active} onPick={close} />
              <Link className="cta" to={`/d/${active.slug}`} onClick={close}>Shop all {active.name}</Link>
            </div>
          ) : null}
        </Panel>
      ) : null}
    </Wrapper>
  );
}
