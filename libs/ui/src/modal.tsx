import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

const Dialog = styled.dialog`
  border: none; border-radius: ${(p) => p.theme.radius}; padding: 24px; width: min(520px, calc(100vw - 32px)); max-height: calc(100vh - 48px);
  background: ${(p) => p.theme.colors.surface}; color: ${(p) => p.theme.colors.text}; box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3);
  &::backdrop { background: rgba(0, 0, 0, 0.5); }
  > .modal-close { position: absolute; top: 8px; right: 8px; font: inherit; font-size: 1.5rem; line-height: 1; width: 40px; height: 40px; border: none; background: transparent; cursor: pointer; color: inherit; }
`;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const focusables = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];

/**
 * A modal on the native dialog element. The keyboard path does not depend on the browser's own dialog
 * handling: the element marked `data-autofocus` (else the first control) takes the focus, Tab and Shift+Tab
 * go round inside it, Escape, the close button and a click on the backdrop close it, and the focus goes
 * back to where it was when it opened. `onClose` runs whichever way it closes.
 */
export function Modal({ open, onClose, labelledBy, children, testId, className }: {
  open: boolean; onClose: () => void; labelledBy: string; children: ReactNode; testId?: string;
  /** From styled(Modal): a wider or taller dialog. */
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      dialog.showModal();
      const chosen = dialog.querySelector<HTMLElement>('[data-autofocus]');
      if (chosen) chosen.focus();
      else if (!dialog.contains(document.activeElement)) focusables(dialog)[0]?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // Taken off the page while open (its screen went, or the next alert replaced it): the focus goes back too.
  useEffect(() => () => {
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
  }, []);
  const closed = () => {
    const back = opener.current;
    opener.current = null;
    onClose();
    if (back?.isConnected) back.focus();
  };
  const keys = (event: KeyboardEvent<HTMLDialogElement>) => {
    const dialog = ref.current;
    if (!dialog) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      dialog.close();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(dialog);
    if (!items.length) { event.preventDefault(); return; }
    const [first, last] = [items[0], items[items.length - 1]];
    const at = document.activeElement;
    if (event.shiftKey && (at === first || !dialog.contains(at))) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && (at === last || !dialog.contains(at))) { event.preventDefault(); first.focus(); }
  };
  return (
    <Dialog ref={ref} className={className} aria-labelledby={labelledBy} data-testid={testId} onClose={closed} onKeyDown={keys}
      onClick={(e) => { if (e.target === ref.current) ref.current?.close(); }}>
      {open ? (
        <>
          <button type="button" className="modal-close" aria-label="Close" onClick={() => ref.current?.close()}>×</button>
          {children}
        </>
      ) : null}
    </Dialog>
  );
}
