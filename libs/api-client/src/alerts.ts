import { useSyncExternalStore } from 'react';

/** A message the shopper must acknowledge (spec 1 §8's error and success dialogs), unlike a toast that passes. */
export interface Alert { id: number; kind: 'error' | 'success'; title: string; message: string }

let alerts: Alert[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * Opens a dialog with `title` and `message` (line breaks kept); one dialog list for the shell and both remotes,
 * shown one at a time, oldest first. The same message twice in a row is shown once.
 */
export function showAlert(alert: Omit<Alert, 'id'>): void {
  const last = alerts[alerts.length - 1];
  if (last && last.title === alert.title && last.message === alert.message) return;
  alerts = [...alerts, { ...alert, id: nextId++ }];
  emit();
}

/** Closes the dialog with this id (its OK button, Escape, the close button). */
export function dismissAlert(id: number): void {
  alerts = alerts.filter((a) => a.id !== id);
  emit();
}

/** Closes every dialog (a new page in component tests). */
export function clearAlerts(): void {
  alerts = [];
  emit();
}

/** The dialog to show now, or null. */
export function useCurrentAlert(): Alert | null {
  return useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, () => alerts[0] ?? null, () => null);
}
