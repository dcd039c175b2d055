import { createRoot } from 'react-dom/client';
import { init } from '@module-federation/enhanced/runtime';
import { App } from './app/app';

/** Remote manifest URLs come from the server at run time, so a remote redeploys without rebuilding the shell. */
async function loadRemoteManifests(): Promise<Record<string, string>> {
  try {
    const response = await fetch('/remotes.json', { cache: 'no-store' });
    return response.ok ? ((await response.json()) as Record<string, string>) : {};
  } catch {
    return {};
  }
}

async function start() {
  const remotes = await loadRemoteManifests();
  init({ name: 'shell', remotes: Object.entries(remotes).map(([name, entry]) => ({ name, entry: new URL(entry, window.location.href).href })) });
  createRoot(document.getElementById('root')!).render(<App />);
}

void start();
