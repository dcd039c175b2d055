import { PRICE_BANDS, priceBandOf } from '@platform/domain';
import type { LocationOffer } from './search-index';

/** A price's band as its index in PRICE_BANDS (the rule is libs/domain's; worked out once per offer change). */
const priceBandIndex = (cents: number) => PRICE_BANDS.findIndex((b) => b.key === priceBandOf(cents));

/** Per-location columns, indexed by document slot. */
export class LocationColumns {
  effectiveCents: Int32Array;
  regularCents: Int32Array;
  promoCents: Int32Array;
  inventory: Int32Array;
  storeProductId: Int32Array;
  listedAt: Float64Array;
  flags: Uint8Array; // 1 present, 2 hidden, 4 vendor allows special order
  /** The price band (index into PRICE_BANDS) of the effective price, kept so facet counting reads one byte. */
  priceBand: Uint8Array;
  constructor(capacity: number) {
    this.effectiveCents = new Int32Array(capacity);
    this.regularCents = new Int32Array(capacity);
    this.promoCents = new Int32Array(capacity).fill(-1);
    this.inventory = new Int32Array(capacity);
    this.storeProductId = new Int32Array(capacity);
    this.listedAt = new Float64Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.priceBand = new Uint8Array(capacity);
  }
  grow(capacity: number) {
    const next = new LocationColumns(capacity);
    next.effectiveCents.set(this.effectiveCents); next.regularCents.set(this.regularCents); next.promoCents.set(this.promoCents);
    next.inventory.set(this.inventory); next.storeProductId.set(this.storeProductId); next.listedAt.set(this.listedAt); next.flags.set(this.flags);
    next.priceBand.set(this.priceBand);
    return next;
  }

  /** Writes a product's offer at this location into its slot. */
  set(slot: number, offer: LocationOffer): void {
    this.regularCents[slot] = offer.priceCents;
    this.promoCents[slot] = offer.promoPriceCents ?? -1;
    this.effectiveCents[slot] = offer.promoPriceCents !== null && offer.promoPriceCents < offer.priceCents ? offer.promoPriceCents : offer.priceCents;
    this.priceBand[slot] = priceBandIndex(this.effectiveCents[slot]);
    this.inventory[slot] = offer.inventory;
    this.storeProductId[slot] = offer.storeProductId;
    this.listedAt[slot] = offer.listedAt;
    this.flags[slot] = 1 | (offer.hidden ? 2 : 0) | (offer.vendorAllowsSpecialOrder ? 4 : 0);
  }
}
