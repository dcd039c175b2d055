import { init } from '@module-federation/enhanced/runtime';

/** Remote manifest URLs come from the server at run time, so a remote redeploys without rebuilding the shell. */
async function loadRemoteManifests(): Promise<Record<string, string>> {
  try {
    const response = await fetch('/remotes.json', { cache: 'no-store' });
    return response.ok ? ((await response.json()) as Record<string, string>) : {};
  } catch {
    return {};
  }
}

let registered: Promise<void> | null = null;

/**
 * Registers the remotes once their manifest URLs arrive. The store renders without waiting for this (the first
 * paint does not wait on /remotes.json); a remote area awaits it before loading its remote.
 */
export function remotesReady(): Promise<void> {
  registered ??= loadRemoteManifests().then((remotes) => {
    init({ name: 'shell', remotes: Object.entries(remotes).map(([name, entry]) => ({ name, entry: new URL(entry, window.location.href).href })) });
  });
  return registered;
}
