import { Types, type Schema } from 'mongoose';
import { isBackground, isIdFilter, QueryGuardError, queryGuardOn } from './data-access';

/** Thrown when code asks for tenant-owned documents without naming the tenant. */
export class TenantScopeError extends Error {
  constructor(model: string, operation: string) {
    super(`${model}.${operation} must be scoped to a tenant: the filter needs a tenantId`);
    this.name = 'TenantScopeError';
  }
}

/** What every service method receives first: at least the tenant it acts for. */
export interface TenantContext {
  tenantId: string;
}

const FILTERED_OPERATIONS = [
  'find', 'findOne', 'findOneAndUpdate', 'findOneAndDelete', 'findOneAndReplace', 'replaceOne',
  'updateOne', 'updateMany', 'deleteOne', 'deleteMany', 'countDocuments', 'distinct',
] as const;

function namesTenant(filter: Record<string, unknown> | undefined): boolean {
  const tenantId = filter?.tenantId;
  return typeof tenantId === 'string' && tenantId.length > 0;
}

type GuardedQuery = {
  getFilter(): Record<string, unknown>; setQuery(filter: Record<string, unknown>): void;
  getOptions(): { upsert?: boolean }; getUpdate(): Record<string, any> | null; setUpdate(update: Record<string, any>): void;
  projection(): Record<string, unknown> | undefined; transform(fn: (result: unknown) => unknown): void;
  model: { modelName: string; schema: Schema; collection: { findOne(filter: object, options: object): Promise<{ tenantId?: string } | null> } };
};
const READS = new Set(['find', 'findOne', 'countDocuments', 'distinct']);

/** Refuses a filter that names no tenant, or (query guard) goes on a growing collection by another field; says if it goes by `_id`. */
function checkFilter(model: string, operation: string, filter: Record<string, unknown> | undefined, growing?: boolean): boolean {
  if (!namesTenant(filter)) throw new TenantScopeError(model, operation);
  const byId = isIdFilter(filter!);
  if (growing && !byId && queryGuardOn() && !isBackground()) throw new QueryGuardError(model, operation, filter!);
  return byId;
}

/** The filter's `_id` when it is keyed by the filter's tenant (`keyedId`): then `{_id}` alone names the tenant. */
function tenantKeyedId(filter: Record<string, unknown>): string | undefined {
  const { tenantId, _id } = filter;
  return typeof _id === 'string' && _id.startsWith(`${String(tenantId)}:`) ? _id : undefined;
}

/** An upsert by `{_id}` alone still inserts its tenant. */
function withTenantOnInsert(update: Record<string, any> | null | undefined, tenantId: string): Record<string, any> {
  return { ...update, $setOnInsert: { ...(update?.$setOnInsert ?? {}), tenantId } };
}

/**
 * `{_id, tenantId}` becomes `{_id}`, the one filter FerretDB answers from an index (docs/DATA-ACCESS.md), with
 * the tenant still enforced: an id keyed by the tenant (`keyedId`) names it already; a read drops documents of
 * another tenant from its result; a write first checks the document's tenant by its _id.
 */
async function queryById(query: GuardedQuery, operation: string, filter: Record<string, unknown>): Promise<void> {
  const { tenantId, _id } = filter as { tenantId: string; _id: unknown };
  const upsert = Boolean(query.getOptions().upsert);
  if (upsert) query.setUpdate(withTenantOnInsert(query.getUpdate(), tenantId));
  const keyed = tenantKeyedId(filter);
  if (keyed) return query.setQuery({ _id: keyed });
  if (upsert) return; // an upsert by an id that does not name the tenant keeps the full filter
  // A write given the document this request read (through this guard): it is this tenant's, no read needed.
  const options = query.getOptions() as { ownedDoc?: unknown };
  const owned = options.ownedDoc as { _id?: unknown; tenantId?: unknown } | undefined;
  delete options.ownedDoc;
  if (owned && !READS.has(operation) && owned.tenantId === tenantId && String(owned._id) === String(_id)) return query.setQuery({ _id });
  if (READS.has(operation)) {
    const projection = query.projection();
    if (projection && Object.values(projection).some((v) => v === 1 || v === true) && !('tenantId' in projection)) projection.tenantId = 1;
    const own = (doc: unknown) => (doc as { tenantId?: string } | null)?.tenantId === tenantId;
    query.transform((result) => Array.isArray(result) ? result.filter(own) : typeof result === 'number' || result === null || own(result) ? result : null);
    if (operation === 'countDocuments' || operation === 'distinct') return; // counted or listed as asked: keep the tenant
    return query.setQuery({ _id });
  }
  // The driver is called directly here, so the id is cast as mongoose would (a hex string to an ObjectId).
  const objectIds = query.model.schema.path('_id')?.instance === 'ObjectId';
  const id = objectIds && typeof _id === 'string' && Types.ObjectId.isValid(_id) ? new Types.ObjectId(_id) : _id;
  const doc = await query.model.collection.findOne({ _id: id }, { projection: { tenantId: 1 } });
  // Another tenant's document: an _id nothing has, so the write matches nothing (and fast).
  query.setQuery(doc?.tenantId === tenantId ? { _id } : { _id: objectIds ? new Types.ObjectId() : `${tenantId}:\u0000` });
}

/**
 * Mongoose plugin for tenant-owned collections: adds a required, indexed tenantId and refuses
 * any query, update, delete or aggregate that does not name one tenant. `growing` marks a collection
 * that grows with the business: with the query guard on, a query on it outside `inBackground` must go by `_id`.
 */
export function tenantOwned(schema: Schema, options: { onePerTenant?: boolean; growing?: boolean } = {}): void {
  schema.add({ tenantId: { type: String, required: true, index: options.onePerTenant ? { unique: true } : true } });
  for (const operation of FILTERED_OPERATIONS) {
    schema.pre(operation, async function guardTenant(this: GuardedQuery) {
      const filter = this.getFilter();
      if (checkFilter(this.model.modelName, operation, filter, options.growing)) await queryById(this, operation, filter);
    });
  }
  // A bulk write passes no query middleware: its filters get the same tenant rule, and `{_id, tenantId}` by an id
  // keyed by the tenant becomes `{_id}` (FerretDB scans the whole collection for any other filter of an update).
  schema.pre('bulkWrite', function guardTenant(this: { modelName: string }, ops: Array<Record<string, any>>) {
    for (const op of ops) {
      const [kind, body] = Object.entries(op)[0] ?? [];
      if (kind === 'insertOne' || !body?.filter) continue;
      const filter = body.filter as Record<string, unknown>;
      const keyed = checkFilter(this.modelName, `bulkWrite ${kind}`, filter, options.growing) ? tenantKeyedId(filter) : undefined;
      if (!keyed) continue;
      if (body.upsert) body.update = withTenantOnInsert(body.update, filter.tenantId as string);
      body.filter = { _id: keyed };
    }
  });
  schema.pre('aggregate', function guardTenant(this: { pipeline(): Record<string, any>[]; model(): { modelName: string } }) {
    const first = this.pipeline()[0];
    if (!first?.$match || !namesTenant(first.$match)) throw new TenantScopeError(this.model().modelName, 'aggregate');
    if (options.growing && queryGuardOn() && !isBackground()) throw new QueryGuardError(this.model().modelName, 'aggregate', first.$match);
  });
}

/** Adds the context's tenant to a filter; the one way services build tenant-owned queries. */
export function scoped<T extends Record<string, unknown>>(ctx: TenantContext, filter: T = {} as T): T & { tenantId: string } {
  return { ...filter, tenantId: ctx.tenantId };
}
