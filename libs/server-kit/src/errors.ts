import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { TenantScopeError } from '@platform/db';

/** The closed set of expected failure kinds, each mapped to one HTTP status here and nowhere else. */
const STATUS_BY_TYPE = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  /** An upload over its size limit. */
  too_large: 413,
  /** An upload of a kind the route does not take (not an image, not multipart). */
  unsupported: 415,
  too_many: 429,
  /** An outside provider (a carrier, a payment gateway) did not answer; the caller may try again. */
  unavailable: 503,
} as const;
export type AppErrorType = keyof typeof STATUS_BY_TYPE;

/** A failure the caller can act on; its message is shown to the user as is. */
export class AppError extends Error {
  constructor(readonly type: AppErrorType, message: string, readonly errors?: Record<string, string[]>) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number { return STATUS_BY_TYPE[this.type]; }
}

/** Throws a 422 naming each field's problem (the first one as the message); does nothing when there are none. */
export function rejectFieldProblems(problems: Record<string, string>): void {
  const entries = Object.entries(problems);
  if (entries.length) throw new AppError('unprocessable', entries[0][1], Object.fromEntries(entries.map(([field, message]) => [field, [message]])));
}

/** A 429 saying when the caller may try again (rate limits). */
export function tooManyAttempts(msBeforeNext: number): AppError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new AppError('too_many', `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

interface ValidationIssue { instancePath?: string; message?: string; params?: Record<string, unknown> }

/** Turns Ajv issues into {field: [messages]}, naming the field even for missing properties. */
export function fieldErrors(issues: ValidationIssue[], context: string | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const pathField = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = issue.params?.missingProperty ?? issue.params?.additionalProperty;
    const field = [pathField, missing].filter(Boolean).join('.') || context || 'request';
    const message = issue.params?.additionalProperty ? `${field} is not allowed` : `${field} ${issue.message ?? 'is invalid'}`;
    (errors[field] ??= []).push(message);
  }
  return errors;
}

/** The single error handler: every 4xx/5xx leaves as {status, message, errors?}; 5xx bodies stay generic. */
export function errorHandler(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.status(error.status).send({ status: error.status, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const errors = fieldErrors(fastifyError.validation as ValidationIssue[], fastifyError.validationContext);
    return reply.status(400).send({ status: 400, message: 'The given data was invalid.', errors });
  }
  const status = fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500 ? fastifyError.statusCode : 500;
  if (status < 500) return reply.status(status).send({ status, message: fastifyError.message });
  if (error instanceof TenantScopeError) request.log.error({ err: error }, 'tenant scope violation');
  else request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ status: 500, message: 'Something went wrong. Please try again later.' });
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ status: 404, message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
}
