import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { storefrontApi } from '@platform/api-client';

const CLOSE_DELAY_MS = 250;
const OPEN_DELAY_MS = 200;

const Wrapper = styled.div`position: relative;`;
const Toggle = styled.button`
  font: inherit; font-weight: 700; font-size: ${(p) => p.theme.navigationFontSize}px; border: 0; cursor: pointer;
  background: ${(p) => p.theme.colors.primary}; color: ${(p) => p.theme.colors.onPrimary}; padding: 8px 14px; border-radius: ${(p) => p.theme.radius};
`;
const Panel = styled.div`
  position: absolute; top: 100%; left: 0; z-index: 60; min-width: 260px; max-height: 70vh; overflow: auto;
  background: ${(p) => p.theme.colors.surface}; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius};
  box-shadow: 0 8px 24px rgba(0,0,0,.12); padding: 8px;
  input { width: 100%; font: inherit; padding: 8px; margin-bottom: 6px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 4px; }
  ul { list-style: none; margin: 0; padding: 0; }
  a { display: block; padding: 8px; border-radius: 4px; color: ${(p) => p.theme.colors.text}; }
  a:hover, a:focus { background: ${(p) => p.theme.colors.page}; }
`;

/** Shop by Department: top-level departments from the departments API, with a filter box. */
export function DepartmentMenu() {
  const { data: departments = [], isLoading } = storefrontApi.useDepartmentTreeQuery(1);
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const openedByHover = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Spec 1: hover opens after 200 ms, leaving closes after 250 ms.
  const showSoon = () => { clearTimeout(timer.current); timer.current = setTimeout(() => { openedByHover.current = true; setOpen(true); }, OPEN_DELAY_MS); };
  const show = () => { clearTimeout(timer.current); setOpen(true); };
  const hideSoon = () => { clearTimeout(timer.current); timer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS); };
  const toggle = () => {
    clearTimeout(timer.current);
    // A click on a menu the pointer just opened keeps it open rather than closing it at once.
    setOpen((wasOpen) => (wasOpen && openedByHover.current ? true : !wasOpen));
    openedByHover.current = false;
  };
  const matches = departments.filter((d) => d.name.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Wrapper onMouseEnter={() => (open ? show() : showSoon())} onMouseLeave={hideSoon} onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}>
      <Toggle type="button" aria-expanded={open} aria-controls="department-menu" onClick={toggle}>
        Shop by Department
      </Toggle>
      {open ? (
        <Panel id="department-menu" onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget)) hideSoon(); }} onFocus={show}>
          <input aria-label="Find a department" placeholder="Find a department" value={filter} onChange={(e) => setFilter(e.target.value)} />
          {isLoading ? <p>Loading…</p> : null}
          <ul>
            {matches.map((d) => (
              <li key={d.dept_id}><Link to={`/d/${d.slug}`} onClick={() => setOpen(false)}>{d.name}</Link></li>
            ))}
          </ul>
          {!isLoading && matches.length === 0 ? <p>No departments match.</p> : null}
        </Panel>
      ) : null}
    </Wrapper>
  );
}
