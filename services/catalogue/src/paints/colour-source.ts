import type { PaintCollection, PaintColor } from '@platform/contracts';
import { localPaintColours } from './local-colours';

/**
 * Where paint colours come from. The paint brand publishes its colour cards, collections and taxonomy on
 * its own host; an adapter for that host implements this interface. The local default serves a colour
 * card bundled with the platform, so the demo and the tests need no outside host.
 */
export interface PaintColourSource {
  colours(): Promise<readonly PaintColor[]>;
  collections(): Promise<readonly Omit<PaintCollection, 'count' | 'hex'>[]>;
}

let source: PaintColourSource = localPaintColours;

export const paintColourSource = (): PaintColourSource => source;

/** For a deployment wiring the brand's colour host (and for tests of that adapter). */
export function usePaintColourSource(next: PaintColourSource): void {
  source = next;
}
