import type { ErrorCode, Problem } from '#shared/errors';

/** Any non-2xx answer from the API, carrying its problem+json fields. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode | 'network';
  readonly fieldErrors: Record<string, string>;
  /** The problem+json answer as sent, with any members of its own (a missing part's `replacedBy`). */
  readonly problem: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    code: ErrorCode | 'network',
    detail: string,
    fieldErrors: Record<string, string> = {},
    problem: Record<string, unknown> = {},
  ) {
    super(detail);
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.problem = problem;
  }

  /** Server unreachable or failing: the page says "Something went wrong" and keeps what was typed. */
  get isServerFault(): boolean {
    return this.code === 'network' || this.status >= 500;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, as multipart when it is a FormData, or as it is when a Blob (a file; give its content-type). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Where the request goes; the browser's fetch by default. */
  transport?: ApiTransport;
}

/** Sends one request to the API: the browser's fetch, or the server's own routes while it renders a page. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

const browserFetch: ApiTransport = (path, init) => fetch(path, init);

/** How one call reaches the API: its abort signal, and the transport when it is not the browser's fetch. */
export interface ApiCall {
  signal?: AbortSignal;
  transport?: ApiTransport;
}

/**
 * The transport of each query client that does not use the browser's fetch. The server renders every
 * page with a query client of its own (entry-server.tsx), so a query function asks through the
 * transport of the client that runs it: two renders at once never share one.
 */
const transports = new WeakMap<object, ApiTransport>();

/** Makes every query that `client` runs ask through `transport` (query-client.ts). */
export function bindApiTransport(client: object, transport: ApiTransport): void {
  transports.set(client, transport);
}

/** The call of a query function: its signal, and the transport of the query client running it. */
export function apiCall({ client, signal }: { client: object; signal: AbortSignal }): ApiCall {
  const transport = transports.get(client);
  return transport ? { signal, transport } : { signal };
}

/** The one way the web app talks to the API: JSON in, JSON out, problem+json turned into ApiError. */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, headers, transport = browserFetch }: RequestOptions = {},
): Promise<T> {
  // A FormData body (an upload) goes as multipart, with the boundary the browser writes into its content type.
  const isForm = body instanceof FormData;
  // A file (a CSV to import) goes as its bytes, with the content type the caller names in `headers`.
  const isFile = typeof Blob !== 'undefined' && body instanceof Blob;
  let response: Response;
  try {
    response = await transport(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined || isForm || isFile ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : isForm || isFile ? body : JSON.stringify(body),
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
      problem as Record<string, unknown>,
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
