import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { remotesReady } from './remotes/registry';

void remotesReady();
// A transition renders in slices that yield to the browser, so the first render is not one long task.
startTransition(() => createRoot(document.getElementById('root')!).render(<App />));
