import { useSyncExternalStore } from 'react';

export interface Toast { id: number; kind: 'success' | 'error' | 'info'; text: string }

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a message for `ms` milliseconds; one toast list for the shell and both remotes. */
export function notify(kind: Toast['kind'], text: string, ms = 3000): void {
  const toast = { id: nextId++, kind, text };
  toasts = [...toasts, toast];
  emit();
  setTimeout(() => { toasts = toasts.filter((t) => t.id !== toast.id); emit(); }, ms);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, () => toasts, () => toasts);
}
