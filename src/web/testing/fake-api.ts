import { vi } from 'vitest';
import { type ErrorCode, type Problem, errorStatus, errorTitles } from '#shared/errors';

/**
 * The network as a component test sees it: `fetch` replaced by a table of answers, so the web client
 * (api-client.ts) runs unchanged and turns problem+json into ApiError as it does in the browser.
 */

export interface Answer {
  status: number;
  body?: unknown;
  contentType?: string;
}

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters (`?view=open&page=1`). */
  query: Record<string, string>;
  /** The parsed JSON body, or the FormData of an upload. */
  body: unknown;
  headers: Record<string, string>;
}

/** A 2xx answer with a JSON body. */
export function ok(body: unknown = {}, status = 200): Answer {
  return { status, body, contentType: 'application/json' };
}

/** A refusal as the server words it: problem+json with the status its code maps to (src/shared/errors.ts). */
export function problem(code: ErrorCode, detail?: string, errors?: Record<string, string>): Answer {
  const body: Problem = {
    type: `https://gearhouse.example/problems/${code.replaceAll('_', '-')}`,
    title: errorTitles[code],
    status: errorStatus[code],
    code,
    ...(detail ? { detail } : {}),
    ...(errors ? { errors } : {}),
  };
  return { status: body.status, body, contentType: 'application/problem+json; charset=utf-8' };
}

/** The detail the server gives a request whose fields broke the schema (src/server/http/errors.ts). */
export const VALIDATION_DETAIL = 'Please correct the highlighted body fields.';

/** A 400 naming the fields, as the server answers a body that broke the shared schema. */
export function fieldProblem(errors: Record<string, string>): Answer {
  return problem('validation_failed', VALIDATION_DETAIL, errors);
}

function toResponse({ status, body, contentType = 'application/json' }: Answer): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });
}

function readBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

type Route = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} ${string}`;

let unexpected: string[] = [];

/** After each test (testing/setup.ts): a call the test gave no answer for fails it. */
export function failOnUnexpectedCalls(): void {
  const missed = unexpected;
  unexpected = [];
  if (missed.length > 0) throw new Error(`The form called the API where the test gave no answer:\n${missed.join('\n')}`);
}

/**
 * Replaces `fetch` for one test. `on('POST /api/contact', a, b)` answers the first such call with a,
 * every later one with b; a call to a route without answers fails the test.
 */
export function fakeApi() {
  const answers = new Map<string, Answer[]>();
  const calls: RecordedCall[] = [];

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://shop.test');
      const method = (init.method ?? 'GET').toUpperCase();
      calls.push({
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: readBody(init.body),
        headers: { ...(init.headers as Record<string, string> | undefined) },
      });
      const queue = answers.get(`${method} ${url.pathname}`);
      const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      if (!answer) {
        unexpected.push(`${method} ${url.pathname}`);
        throw new TypeError('Failed to fetch');
      }
      return toResponse(answer);
    }),
  );

  return {
    calls,
    on(route: Route, ...queued: [Answer, ...Answer[]]) {
      answers.set(route, queued);
      return this;
    },
    /** The calls made to one route, in order. */
    callsTo(route: Route): RecordedCall[] {
      return calls.filter((call) => `${call.method} ${call.path}` === route);
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
