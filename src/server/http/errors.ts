import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import * as copy from '#shared/copy';
import { type ErrorCode, type Problem, errorStatus, errorTitles, isErrorCode } from '#shared/errors';
import { AppError } from '../app-error';
import { isDatabaseUnavailable, transactionConflictOf } from '../db/errors';
import { isStorageFull } from '../storage-full';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** API field → form field, so validation errors land next to the input the user typed in. */
    fieldNames?: Record<string, string>;
  }
}

export function problem(code: ErrorCode, detail?: string, errors?: Record<string, string>): Problem {
  return {
    type: `https://gearhouse.example/problems/${code.replaceAll('_', '-')}`,
    title: errorTitles[code],
    status: errorStatus[code],
    code,
    ...(detail ? { detail } : {}),
    ...(errors && Object.keys(errors).length > 0 ? { errors } : {}),
  };
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply
    .code(body.status)
    .type('application/problem+json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send({ ...body, requestId: reply.request.id });
}

function validationProblem(error: FastifyError, request: FastifyRequest): Problem {
  const rename = request.routeOptions.config.fieldNames ?? {};
  const errors: Record<string, string> = {};
  const general: string[] = [];
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = issue.message ?? 'Invalid value';
      // A member a strict body does not take is named as a field of its own, so the caller sees which.
      const unknown = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: unknown }).keys : undefined;
      if (Array.isArray(unknown)) {
        for (const key of unknown) errors[field ? `${field}.${String(key)}` : String(key)] ??= copy.validation.unknownField;
        continue;
      }
      if (!field) {
        general.push(message);
        continue;
      }
      const name = rename[field] ?? field;
      errors[name] ??= message;
    }
  } else {
    general.push(error.message);
  }
  const where = error.validationContext ?? 'request';
  const detail =
    general.length > 0 ? `Invalid ${where}: ${general.join('; ')}` : `Please correct the highlighted ${where} fields.`;
  return problem('validation_failed', detail, errors);
}

/** What a 503 for a database outage asks the caller to wait before trying again. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own errors (bad JSON, body too large, wrong content type) keep their 4xx meaning. */
function codeForFastifyStatus(status: number): ErrorCode {
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status === 404) return 'not_found';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  return 'bad_request';
}

/**
 * Every error as problem+json. Also Fastify's `frameworkErrors`: the router answers a path it cannot
 * decode (`/api/parts/%zz`) or a path parameter longer than `maxParamLength` before any route or
 * error handler runs, with its own JSON unless told otherwise.
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) {
    return sendProblem(reply, { ...error.extensions, ...problem(error.code, error.detail, error.fieldErrors) });
  }
  if (error.validation) {
    return sendProblem(reply, validationProblem(error, request));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500 && !isResponseSerializationError(error as never)) {
    const code = isErrorCode(error.code) ? error.code : codeForFastifyStatus(status);
    const given = (error as { detail?: unknown }).detail;
    const body = problem(code, typeof given === 'string' ? given : error.message);
    if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
    return sendProblem(reply, { ...body, status });
  }
  // A full (or read-only) disk under the data folder or the database: nothing more can be written
  // until an operator makes room, so the answer says so rather than "try again", and the log says error.
  if (isStorageFull(error)) {
    request.log.error({ err: error }, 'request failed: no room left to store what it writes');
    return sendProblem(reply, problem('insufficient_storage', copy.common.storageFull));
  }
  // The database down, unreachable or too slow: a failure of the moment, which the caller may retry.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'request failed: the database is unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return sendProblem(reply, problem('unavailable', copy.common.databaseUnavailable));
  }
  // Still deadlocked after the transaction was run again (docs/decisions/0029-one-lock-order.md):
  // nothing was written, and the same request a moment later is expected to go through.
  const conflict = transactionConflictOf(error);
  if (conflict) {
    request.log.warn({ err: error, sqlstate: conflict }, 'request failed: its transaction kept conflicting with others');
    reply.header('retry-after', '1');
    return sendProblem(reply, problem('unavailable', copy.common.databaseBusy));
  }
  // 5xx: logged with the request id, never leaked.
  request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, problem(status === 503 ? 'unavailable' : 'internal', 'Something went wrong. Please try again.'));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

export function notFoundProblem(request: FastifyRequest): Problem {
  return problem('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`);
}
