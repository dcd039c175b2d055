import type { PaintCollection, PaintColor } from '@platform/contracts';

/**
 * Where paint colours come from. The paint brand publishes its colour cards, collections and taxonomy on
 * its own host; an adapter for that host implements this interface. The local default (local-colours.ts)
 * serves a colour card bundled with the platform, so the demo and the tests need no outside host.
 */
export interface PaintColourSource {
  colours(): Promise<readonly PaintColor[]>;
  collections(): Promise<readonly Omit<PaintCollection, 'count' | 'hex'>[]>;
}
