import { dismissAlert, useCurrentAlert, useToasts } from '@platform/api-client';
import { AlertDialog, Toasts } from '@platform/ui';

/** The one place the shell shows the dialogs any screen or remote asks for (showAlert), one at a time. */
export function AlertHost() {
  return <AlertDialog alert={useCurrentAlert()} onDismiss={dismissAlert} />;
}

/** The one toast list of the shell and both remotes (notify). */
export function ToastHost() {
  return <Toasts toasts={useToasts()} />;
}
