import { Component, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { remotesReady } from './registry';
import { Button, Container, ErrorNotice, Loading } from '@platform/ui';

export type RemoteName = 'checkout' | 'admin';
const LABELS: Record<RemoteName, string> = { checkout: 'cart and account area', admin: 'store admin area' };
const areas = new Map<RemoteName, LazyExoticComponent<ComponentType>>();

/** Each remote exposes one entry, './routes', which renders its pages for the current path. */
function remoteArea(name: RemoteName) {
  let area = areas.get(name);
  if (!area) {
    area = lazy(async () => {
      await remotesReady();
      const module = await loadRemote<{ default: ComponentType }>(`${name}/routes`);
      if (!module?.default) throw new Error(`remote ${name} has no routes`);
      return module;
    });
    areas.set(name, area);
  }
  return area;
}

class AreaBoundary extends Component<{ name: RemoteName; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() { return { failed: true }; }
  componentDidCatch(error: unknown) { console.error(`[shell] the ${this.props.name} remote failed to load`, error); }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Container>
        <ErrorNotice action={<Button onClick={() => window.location.reload()}>Try again</Button>}>
          <strong>The {LABELS[this.props.name]} could not be loaded right now.</strong>
          <div>The rest of the store still works. Please try again in a moment.</div>
        </ErrorNotice>
      </Container>
    );
  }
}

/** Renders a remote's pages, contained: a remote that cannot load shows an error for its area only. */
export function RemoteArea({ name }: { name: RemoteName }) {
  const Area = remoteArea(name);
  return (
    <AreaBoundary name={name}>
      <Suspense fallback={<Container><Loading /></Container>}>
        <Area />
      </Suspense>
    </AreaBoundary>
  );
}
