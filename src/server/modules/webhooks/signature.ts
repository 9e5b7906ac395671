import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '#shared/schemas/webhooks';

function hmacHex(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The `Gearhouse-Signature` value of one delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

/**
 * Whether `header` signs `body` with `secret` at a time within `toleranceSeconds` of `now`. Any of several
 * `v1` may match, so that a receiver keeps working while a secret is being replaced.
 */
export function verifySignature(
  header: string,
  body: string,
  secret: string,
  now: Date,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): boolean {
  let timestamp: string | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') {
      if (timestamp !== null) return false;
      timestamp = value;
    } else if (key === 'v1') signatures.push(value);
  }
  if (timestamp === null || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) return false;

  const expected = Buffer.from(hmacHex(secret, timestamp, body), 'utf8');
  let matched = false;
  for (const signature of signatures) {
    const given = Buffer.from(signature, 'utf8');
    // timingSafeEqual needs equal lengths; a length difference says nothing about the secret.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  return matched;
}
