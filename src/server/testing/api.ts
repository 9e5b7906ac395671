import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { TEST_ORIGIN } from './accounts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const UNSAFE = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A JSON body of any shape, as `app.inject`'s own `res.json()` answers; a test names the shape
 * where it reads it (`api.as(admin).get<{ total: number }>(…)`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJson = any;

export interface ApiResponse<T = AnyJson> {
  status: number;
  /** The body parsed as JSON; reading it throws when the body is not JSON. */
  readonly json: T;
  /** The body as text, for failure messages and non-JSON answers. */
  body: string;
  headers: LightMyRequestResponse['headers'];
  cookies: LightMyRequestResponse['cookies'];
}

export interface RequestOptions {
  /** Added to (and overriding) the client's own; `undefined` leaves a header out (`{ origin: undefined }`). */
  headers?: Record<string, string | undefined>;
}

type Payload = InjectOptions['payload'];

export interface ApiClient {
  get<T = AnyJson>(url: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = AnyJson>(url: string, payload?: Payload, options?: RequestOptions): Promise<ApiResponse<T>>;
  put<T = AnyJson>(url: string, payload?: Payload, options?: RequestOptions): Promise<ApiResponse<T>>;
  patch<T = AnyJson>(url: string, payload?: Payload, options?: RequestOptions): Promise<ApiResponse<T>>;
  delete<T = AnyJson>(url: string, payload?: Payload, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** For tests that go through several methods (`it.each` over routes). */
  request<T = AnyJson>(method: Method, url: string, payload?: Payload, options?: RequestOptions): Promise<ApiResponse<T>>;
}

export interface TestApi {
  /** Requests carrying this account's session cookie (a `TestAccount`, or a Cookie header). */
  as(who: { cookie: string } | string): ApiClient;
  /** Requests without a session. */
  anonymous: ApiClient;
}

/**
 * The shop's API as the web app calls it, through `app.inject`: a session cookie when signed in, and
 * on state-changing requests the shop's Origin, as a browser sends it and the cross-site check wants
 * it (docs/decisions/0010-cross-site-requests.md). `origin: null` sends none, as curl would.
 *
 * Takes an app, or a test's context (whose app is read at each request, so the client may be made at
 * describe time, before `beforeAll` has built the app):
 *
 *   const api = testApi(ctx);
 *   const res = await api.as(customer).post('/api/orders', bookingBody(part));
 *   expect(res.status, res.body).toBe(201);
 */
export function testApi(
  target: FastifyInstance | { app: FastifyInstance },
  { origin = TEST_ORIGIN }: { origin?: string | null } = {},
): TestApi {
  const appOf = (): FastifyInstance =>
    typeof (target as Partial<FastifyInstance>).inject === 'function'
      ? (target as FastifyInstance)
      : (target as { app: FastifyInstance }).app;
  const client = (cookie: string | undefined): ApiClient => {
    const request = async <T>(method: Method, url: string, payload?: Payload, options: RequestOptions = {}) => {
      const headers: Record<string, string> = {};
      const given: Record<string, string | undefined> = {
        ...(origin !== null && UNSAFE.has(method) ? { origin } : {}),
        ...(cookie ? { cookie } : {}),
        ...options.headers,
      };
      for (const [name, value] of Object.entries(given)) if (value !== undefined) headers[name] = value;
      const res = await appOf().inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
      return {
        status: res.statusCode,
        get json(): T {
          return res.json<T>();
        },
        body: res.body,
        headers: res.headers,
        cookies: res.cookies,
      } satisfies ApiResponse<T>;
    };
    return {
      get: (url, options) => request('GET', url, undefined, options),
      post: (url, payload, options) => request('POST', url, payload, options),
      put: (url, payload, options) => request('PUT', url, payload, options),
      patch: (url, payload, options) => request('PATCH', url, payload, options),
      delete: (url, payload, options) => request('DELETE', url, payload, options),
      request,
    };
  };
  return {
    as: (who) => client(typeof who === 'string' ? who : who.cookie),
    anonymous: client(undefined),
  };
}
