import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createPlatformStore, fillStartupFromPage } from '@platform/api-client';
import { App } from './app/app';
import { fillHomeFirstScreen } from './features/home/first-screen';
import { remotesReady } from './remotes/registry';

void remotesReady();
const store = createPlatformStore();
// What the page carries goes into the cache before the first render, so that render already shows the store
// (and, on the home page, its first screen) instead of passing through loading states.
fillStartupFromPage(store.dispatch);
void fillHomeFirstScreen(store).finally(() => {
  // A transition renders in slices that yield to the browser, so the first render is not one long task.
  startTransition(() => createRoot(document.getElementById('root')!).render(<App store={store} />));
});
