import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Data access at store scale (docs/DATA-ACCESS.md). FerretDB v1 answers a query fast only when its filter is
 * `{_id}` alone; anything else reads the whole collection. So a request that a person waits on reads a
 * collection that grows with the business (orders, customers, products, tokens ...) only by `_id`, and
 * work that may scan (a job, an export, an index rebuild) says so with `inBackground`.
 */

/** The `_id` of a document found by a natural key: the tenant and the key, so the lookup goes by `_id`. */
export const keyedId = (tenantId: string, ...key: (string | number)[]): string => [tenantId, ...key].join(':');

const background = new AsyncLocalStorage<string>();

/**
 * Runs work that may query a growing collection by other fields (a queued job, an export, a rebuild at start).
 * Only the query guard reads the mark, so it is kept only with the guard on: an AsyncLocalStorage once used turns
 * on Node's promise hooks for the whole process, a cost on every promise of every request (~3% of the gateway's
 * CPU per order submitted, profiled; docs/benchmarks.md).
 */
export function inBackground<T>(why: string, work: () => PromiseLike<T>): Promise<T> {
  if (!queryGuardOn()) return (async () => await work())();
  return background.run(why, async () => await work()); // awaited inside: a mongoose query runs when awaited
}

/** Whether the current code runs inside `inBackground` (known with the query guard on, its one reader). */
export const isBackground = (): boolean => background.getStore() !== undefined;

/** The query guard is on in development and tests (QUERY_GUARD=1), off in production. */
export const queryGuardOn = (): boolean => process.env.QUERY_GUARD === '1';

/** Thrown (with the guard on) by a request-path query on a growing collection whose filter is not one `_id`. */
export class QueryGuardError extends Error {
  constructor(model: string, operation: string, filter: Record<string, unknown>) {
    super(`${model}.${operation} by ${JSON.stringify(Object.keys(filter).filter((k) => k !== 'tenantId'))} on a growing collection: `
      + 'go by _id, read from the index the platform keeps, or mark background work with inBackground (docs/DATA-ACCESS.md)');
    this.name = 'QueryGuardError';
  }
}

/** A single `_id` value (string or ObjectId), not an operator object. */
export function isSingleId(value: unknown): boolean {
  if (typeof value === 'string' || typeof value === 'number') return true;
  return typeof value === 'object' && value !== null && (value as { _bsontype?: string })._bsontype === 'ObjectId';
}

/** True for `{_id: <one id>, tenantId}`: the one filter shape FerretDB answers from an index. */
export function isIdFilter(filter: Record<string, unknown>): boolean {
  const keys = Object.keys(filter).filter((k) => k !== 'tenantId');
  return keys.length === 1 && keys[0] === '_id' && isSingleId(filter._id);
}
