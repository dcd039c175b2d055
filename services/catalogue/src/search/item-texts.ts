/** Serialized items kept per store product (a product at one location); a change to either drops its entry. */
const ITEM_JSON_ENTRIES = 50_000;

/**
 * Store product id → its item as JSON text, as a search engine keeps each document's source: a page of results
 * is joined from these instead of building and serializing 96 objects per request (docs/SEARCH.md). The oldest
 * entry goes beyond ITEM_JSON_ENTRIES.
 */
export class ItemTexts {
  private texts = new Map<number, string>();

  get size(): number { return this.texts.size; }

  get(storeProductId: number): string | undefined { return this.texts.get(storeProductId); }

  keep(storeProductId: number, text: string): void {
    this.texts.set(storeProductId, text);
    if (this.texts.size > ITEM_JSON_ENTRIES) this.texts.delete(this.texts.keys().next().value!);
  }

  forget(storeProductId: number): void { this.texts.delete(storeProductId); }
}
