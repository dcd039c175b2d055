import type { Model } from 'mongoose';
import { scoped, type TenantContext } from './tenant-scope';

/**
 * The tenant's documents with these ids, in the order given, missing ones left out. One `_id` lookup each:
 * FerretDB reads the whole collection for `_id: {$in: [...]}` (1.7 s over 60,000 documents) but answers
 * each `{_id}` from an index in about a millisecond.
 */
export async function findByIds<T>(model: Model<any>, ctx: TenantContext, ids: readonly unknown[], projection?: Record<string, 0 | 1>): Promise<T[]> {
  const docs = await Promise.all(ids.map((id) => model.findOne(scoped(ctx, { _id: id }), projection).lean()));
  return docs.filter((d): d is NonNullable<typeof d> => d !== null) as T[];
}
