import { inBackground } from '@platform/db';

/**
 * For tests: a direct look at the database (by e-mail, slug, customer ...) is development work, not a request, so it
 * runs as background work (docs/DATA-ACCESS.md rule 5); requests made by the test stay under the query guard.
 */
export const bg = <T>(work: () => PromiseLike<T>): Promise<T> => inBackground('test: check the database', work);
