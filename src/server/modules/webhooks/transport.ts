import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import * as copy from '#shared/copy';
import { WEBHOOK_SIGNATURE_HEADER } from '#shared/schemas/webhooks';
import { bareHost, isPublicAddress } from './targets';

/** How much of a receiver's answer is read before the connection is closed: it is discarded anyway. */
const MAX_ANSWER_BYTES = 64 * 1024;
const USER_AGENT = 'Gearhouse-Webhooks/1';
const said = copy.webhooks.attemptFailed;

export type WebhookAttempt = { delivered: boolean; status: number | null; durationMs: number; error: string | null };

class AddressNotAllowed extends Error {
  constructor(readonly address: string) {
    super(copy.webhooks.attemptFailed.addressNotAllowed(address));
  }
}

/**
 * Resolves as the socket would, and refuses when any answer is not public. The socket connects to one
 * of exactly these answers, so a name that resolved to a public address when the webhook was saved and
 * resolves to a private one now (DNS rebinding) is refused here.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, answers: LookupAddress[]) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const refused = answers.find((answer) => !isPublicAddress(answer.address));
    if (refused || answers.length === 0) {
      callback(new AddressNotAllowed(refused?.address ?? hostname), '', 0);
      return;
    }
    if (options.all) callback(null, answers);
    else callback(null, answers[0]!.address, answers[0]!.family);
  });
};

function seconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(1)));
}

/** A failed attempt's reason in plain words, for the delivery log. */
function describe(error: unknown, host: string): string {
  if (error instanceof AddressNotAllowed) return error.message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return said.connectionRefused;
    case 'ECONNRESET':
    case 'EPIPE':
      return said.connectionClosed;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NODATA':
      return said.hostNotFound(host);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return said.hostUnreachable(host);
    case 'ETIMEDOUT':
      return said.connectTimedOut;
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return said.certificateInvalid(code);
    default: {
      const message = error instanceof Error ? error.message : String(error);
      return said.other(message).slice(0, 300);
    }
  }
}

/**
 * POSTs one signed event to `url` and says how it went; never throws. Without `allowPrivate` only https
 * and public addresses are reached. Redirects are not followed, and the whole attempt, from connecting to
 * the end of the answer, takes at most `timeoutMs`.
 */
export async function postWebhook(input: {
  url: string;
  body: string;
  signature: string;
  eventId: string;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<WebhookAttempt> {
  const started = performance.now();
  const result = (status: number | null, error: string | null): WebhookAttempt => ({
    delivered: error === null && status !== null && status >= 200 && status < 300,
    status,
    durationMs: Math.round(performance.now() - started),
    error,
  });

  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return result(null, said.invalidAddress);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return result(null, said.invalidAddress);
  const host = bareHost(url.hostname);
  if (!input.allowPrivate) {
    if (url.protocol !== 'https:') return result(null, said.httpsOnly);
    // A literal address is connected to without a lookup, so it is checked here.
    if (isIP(host) !== 0 && !isPublicAddress(host)) return result(null, said.addressNotAllowed(host));
  }

  return new Promise<WebhookAttempt>((resolve) => {
    let settled = false;
    let status: number | null = null;
    let request: http.ClientRequest | undefined;
    const settle = (outcome: WebhookAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request?.destroy();
      resolve(outcome);
    };
    const answered = (code: number) =>
      code >= 300 && code < 400
        ? result(code, said.redirect(code))
        : code >= 200 && code < 300
          ? result(code, null)
          : result(code, said.answered(code));
    const timer = setTimeout(() => {
      // Headers already in: the receiver has answered, only its body is slow.
      settle(status !== null ? answered(status) : result(null, said.noAnswer(seconds(input.timeoutMs))));
    }, input.timeoutMs);

    try {
      request = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'POST',
        // A connection of its own for each attempt: nothing pooled outlives it or skips the lookup.
        agent: false,
        lookup: input.allowPrivate ? undefined : publicOnlyLookup,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': USER_AGENT,
          [WEBHOOK_SIGNATURE_HEADER]: input.signature,
          'Gearhouse-Event-Id': input.eventId,
        },
      });
    } catch (error) {
      settle(result(null, describe(error, host)));
      return;
    }
    request.on('error', (error) => settle(status !== null ? answered(status) : result(null, describe(error, host))));
    request.on('response', (response) => {
      status = response.statusCode ?? null;
      if (status === null) {
        settle(result(null, said.noStatus));
        return;
      }
      const code = status;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= MAX_ANSWER_BYTES) settle(answered(code));
      });
      response.on('end', () => settle(answered(code)));
      response.on('error', () => settle(answered(code)));
      response.on('close', () => settle(answered(code)));
    });
    request.end(input.body);
  });
}
