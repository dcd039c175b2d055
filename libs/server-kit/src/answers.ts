import type { RouteOptions } from 'fastify';
import { ErrorBody } from '@platform/contracts';

/** The error statuses our routes answer (errors.ts maps each failure kind to one of them). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** A route's error answers for its OpenAPI schema, each with the one error body: `response: { 200: X, ...errorAnswers(409, 422) }`. */
export function errorAnswers(...statuses: ErrorStatus[]): Record<number, { $ref: string }> {
  return Object.fromEntries(statuses.map((status) => [status, { $ref: 'ErrorBody#' }]));
}

/** A preHandler that names the statuses it answers, so every route guarded by it documents them. */
export type GuardWithAnswers = ((...args: never[]) => unknown) & { answers?: ErrorStatus[] };

/** Marks a preHandler with the statuses it answers. */
export function answering<T extends (...args: never[]) => unknown>(guard: T, ...statuses: ErrorStatus[]): T {
  return Object.assign(guard, { answers: statuses });
}

/**
 * Every /api route can answer 400 (a query operator key, input its schema refuses), 401 (a bearer token that
 * is expired, revoked or another store's) and 404 (no store at this host); its guards add theirs (401/403).
 * The statuses a route's own logic answers are listed on the route with errorAnswers.
 */
export function documentErrorAnswers(route: RouteOptions): void {
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || (route.schema as { hide?: boolean } | undefined)?.hide) return;
  const statuses = new Set<ErrorStatus>([400, 401, 404]);
  for (const guard of [route.preHandler ?? []].flat() as GuardWithAnswers[]) for (const status of guard.answers ?? []) statuses.add(status);
  const schema = (route.schema ??= {}) as { response?: Record<string | number, unknown> };
  schema.response = { ...errorAnswers(...statuses), ...schema.response };
}

export { ErrorBody };
