import type { Schema } from 'mongoose';

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

/**
 * Mongoose plugin for tenant-owned collections: adds a required, indexed tenantId and refuses
 * any query, update, delete or aggregate that does not name one tenant.
 */
export function tenantOwned(schema: Schema, options: { onePerTenant?: boolean } = {}): void {
  schema.add({ tenantId: { type: String, required: true, index: options.onePerTenant ? { unique: true } : true } });
  for (const operation of FILTERED_OPERATIONS) {
    schema.pre(operation, function guardTenant(this: { getFilter(): Record<string, unknown>; model: { modelName: string } }) {
      if (!namesTenant(this.getFilter())) throw new TenantScopeError(this.model.modelName, operation);
    });
  }
  schema.pre('aggregate', function guardTenant(this: { pipeline(): Record<string, any>[]; model(): { modelName: string } }) {
    const first = this.pipeline()[0];
    if (!first?.$match || !namesTenant(first.$match)) throw new TenantScopeError(this.model().modelName, 'aggregate');
  });
}

/** Adds the context's tenant to a filter; the one way services build tenant-owned queries. */
export function scoped<T extends Record<string, unknown>>(ctx: TenantContext, filter: T = {} as T): T & { tenantId: string } {
  return { ...filter, tenantId: ctx.tenantId };
}
