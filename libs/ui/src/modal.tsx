import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

const Dialog = styled.dialog`
  border: none; border-radius: ${(p) => p.theme.radius}; padding: 24px; width: min(520px, calc(100vw - 32px)); max-height: calc(100vh - 48px);
  background: ${(p) => p.theme.colors.surface}; color: ${(p) => p.theme.colors.text}; box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3);
  &::backdrop { background: rgba(0, 0, 0, 0.5); }
  > .modal-close { position: absolute; top: 8px; right: 8px; font: inherit; font-size: 1.5rem; line-height: 1; width: 40px; height: 40px; border: none; background: transparent; cursor: pointer; color: inherit; }
`;

/**
 * A modal on the native dialog element: focus stays inside, Escape and the close button close it, a click on
 * the backdrop too. `onClose` runs whichever way it closes.
 */
export function Modal({ open, onClose, labelledBy, children, testId, className }: {
  open: boolean; onClose: () => void; labelledBy: string; children: ReactNode; testId?: string;
  /** From styled(Modal): a wider or taller dialog. */
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <Dialog ref={ref} className={className} aria-labelledby={labelledBy} data-testid={testId} onClose={onClose} onClick={(e) => { if (e.target === ref.current) ref.current?.close(); }}>
      {open ? (
        <>
          <button type="button" className="modal-close" aria-label="Close" onClick={() => ref.current?.close()}>×</button>
          {children}
        </>
      ) : null}
    </Dialog>
  );
}
