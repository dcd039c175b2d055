import styled from 'styled-components';
import { Button } from './components';
import { Modal } from './modal';

/** What an alert dialog shows: spec 1 §8's error and success dialogs. */
export interface AlertDialogContent { id: number; kind: 'error' | 'success'; title: string; message: string }

const Title = styled.h2<{ $kind: AlertDialogContent['kind'] }>`
  margin: 0 40px 12px 0; font-size: 1.25rem; color: ${(p) => (p.$kind === 'error' ? p.theme.colors.danger : p.theme.colors.success)};
`;
const Message = styled.p`margin: 0 0 20px; white-space: pre-line; line-height: 1.45;`;
const Actions = styled.div`
  display: flex; justify-content: flex-end;
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) { button { width: 100%; } }
`;

/**
 * A message the user acknowledges with OK (or Escape, or the close button), e.g. 'Add to Cart Error'. The
 * dialog is a new one for each alert, so the focus goes to its OK button and back afterwards.
 */
export function AlertDialog({ alert, onDismiss }: { alert: AlertDialogContent | null; onDismiss: (id: number) => void }) {
  if (!alert) return null;
  const titleId = `alert-title-${alert.id}`;
  return (
    <Modal key={alert.id} open onClose={() => onDismiss(alert.id)} labelledBy={titleId} testId="alert-dialog">
      <div role={alert.kind === 'error' ? 'alert' : 'status'}>
        <Title id={titleId} $kind={alert.kind}>{alert.title}</Title>
        <Message>{alert.message}</Message>
      </div>
      <Actions><Button type="button" data-autofocus onClick={() => onDismiss(alert.id)}>OK</Button></Actions>
    </Modal>
  );
}
