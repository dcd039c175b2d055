import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from '@platform/routing';
import styled from 'styled-components';

/** Spec 1 "Header and navigation": menus open 200 ms after the pointer arrives and close 250 ms after it leaves. */
export const MENU_OPEN_DELAY_MS = 200;
export const MENU_CLOSE_DELAY_MS = 250;

const Wrapper = styled.div`position: relative; display: inline-block;`;
const Toggle = styled.button`
  font: inherit; font-weight: 600; font-size: ${(p) => p.theme.navigationFontSize}px; color: ${(p) => p.theme.colors.headerText};
  border: 0; background: none; cursor: pointer; padding: 0;
`;
const Panel = styled.ul<{ $width?: number }>`
  position: absolute; top: calc(100% + 6px); left: 0; z-index: 60; min-width: ${(p) => p.$width ?? 220}px; margin: 0; padding: 6px;
  list-style: none; background: ${(p) => p.theme.colors.surface}; border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius}; box-shadow: 0 8px 24px rgba(0,0,0,.12);
  a { display: block; padding: 6px 10px; border-radius: 4px; color: ${(p) => p.theme.colors.text}; font-weight: 400; }
  a:hover, a:focus { background: ${(p) => p.theme.colors.page}; }
  input { width: 100%; box-sizing: border-box; font: inherit; padding: 6px 8px; margin-bottom: 4px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: 4px; }
`;

export interface DropdownLink { label: string; to: string }

/** A header menu: hover (with the spec's delays), focus, click or Enter open it; Escape closes it and returns focus. */
export function NavDropdown({ label, links, footer, width, search, testId }: { label: string; links: DropdownLink[]; footer?: ReactNode; width?: number; search?: boolean; testId?: string }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const shown = filter.trim() ? links.filter((l) => l.label.toLowerCase().includes(filter.trim().toLowerCase())) : links;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);
  const later = (next: boolean, ms: number) => { clearTimeout(timer.current); timer.current = setTimeout(() => setOpen(next), ms); };
  const close = () => { clearTimeout(timer.current); setOpen(false); };
  return (
    <Wrapper
      ref={wrapper}
      data-testid={testId}
      onMouseEnter={() => later(true, MENU_OPEN_DELAY_MS)}
      onMouseLeave={() => later(false, MENU_CLOSE_DELAY_MS)}
      onBlur={(e) => { if (!wrapper.current?.contains(e.relatedTarget as Node | null)) close(); }}
      onKeyDown={(e) => { if (e.key === 'Escape' && open) { close(); toggle.current?.focus(); } }}
    >
      <Toggle ref={toggle} type="button" aria-expanded={open} aria-controls={panelId} onClick={() => { clearTimeout(timer.current); setOpen((o) => !o); }}>
        {label} <span aria-hidden="true">▾</span>
      </Toggle>
      {open ? (
        <Panel id={panelId} $width={width}>
          {search ? <li><input type="search" aria-label={`Filter ${label}`} value={filter} onChange={(e) => setFilter(e.target.value)} /></li> : null}
          {shown.map((link) => <li key={`${link.to}-${link.label}`}><NavTarget to={link.to} onClick={close}>{link.label}</NavTarget></li>)}
          {footer ? <li onClick={close}>{footer}</li> : null}
        </Panel>
      ) : null}
    </Wrapper>
  );
}

/** A navigation target: telephone, e-mail and outside links as plain anchors; the store's own paths through the router. */
export function NavTarget({ to, children, onClick, className }: { to: string; children: ReactNode; onClick?: () => void; className?: string }) {
  if (/^(tel:|mailto:|https?:\/\/)/i.test(to)) {
    const outside = /^https?:\/\//i.test(to);
    return <a href={to} className={className} onClick={onClick} {...(outside ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>{children}</a>;
  }
  return <Link to={to} className={className} onClick={onClick}>{children}</Link>;
}
