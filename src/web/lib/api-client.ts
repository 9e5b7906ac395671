import type { ErrorCode, Problem } from '#shared/errors';

/** Any non-2xx answer from the API, carrying its problem+json fields. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | 'network';
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, code: ErrorCode | 'network', detail: string, fieldErrors: Record<string, string> = {}) {
    super(detail);
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  /** Server unreachable or failing: the page says "Something went wrong" and keeps what was typed. */
  get isServerFault(): boolean {
    return this.code === 'network' || this.status >= 500;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (path, init) => fetch(path, init);

/**
 * Where requests go. The browser's fetch by default; the server, rendering a page for a visitor
 * (entry-server.tsx), answers them in-process, through the same routes and checks.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** The one way the web app talks to the API: JSON in, JSON out, problem+json turned into ApiError. */
export async function apiRequest<T>(path: string, { method = 'GET', body, signal, headers }: RequestOptions = {}): Promise<T> {
  // A FormData body (an upload) goes as multipart, with the boundary the browser writes into its content type.
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await transport(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network', 'The shop could not be reached.');
  }
  if (response.status === 204) return undefined as T;
  const isJson = /json/.test(response.headers.get('content-type') ?? '');
  const payload: unknown = isJson ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    const problem = (payload ?? {}) as Partial<Problem>;
    throw new ApiError(
      response.status,
      problem.code ?? (response.status >= 500 ? 'internal' : 'bad_request'),
      problem.detail ?? problem.title ?? response.statusText,
      problem.errors ?? {},
    );
  }
  return payload as T;
}

/** Builds "?q=a&page=2", leaving out empty values. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
