import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_SECRET_PREFIX } from '#shared/schemas/api-keys';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 characters of base62 carry 256 bits. */
const RANDOM_LENGTH = 43;
const CHECKSUM_LENGTH = 6;
const SHAPE = new RegExp(`^${API_KEY_SECRET_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);
/** What the list shows of a secret: the prefix and four random characters, 24 bits of 256. */
const SHOWN_LENGTH = API_KEY_SECRET_PREFIX.length + 4;

function randomBase62(length: number): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length)) {
      // 248 = 4 × 62: bytes above it are dropped so that every character is equally likely.
      if (byte < 248 && text.length < length) text += BASE62[byte % 62];
    }
  }
  return text;
}

function checksumOf(random: string): string {
  let value = crc32(random);
  let text = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i += 1) {
    text = BASE62[value % 62] + text;
    value = Math.floor(value / 62);
  }
  return text;
}

/** A new secret: the prefix, 256 random bits in base62, and a CRC32 of them so a scanner can tell a real one. */
export function newSecret(): string {
  const random = randomBase62(RANDOM_LENGTH);
  return `${API_KEY_SECRET_PREFIX}${random}${checksumOf(random)}`;
}

/** Whether `secret` has a key's shape and checksum: anything else is refused without asking the database. */
export function looksLikeSecret(secret: string): boolean {
  if (!SHAPE.test(secret)) return false;
  const body = secret.slice(API_KEY_SECRET_PREFIX.length);
  return checksumOf(body.slice(0, RANDOM_LENGTH)) === body.slice(RANDOM_LENGTH);
}

/** SHA-256, hex: the secret is 256 random bits, so no slow hash is needed (docs/decisions/0048-api-keys.md). */
export function hashOfSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function shownPartOf(secret: string): string {
  return secret.slice(0, SHOWN_LENGTH);
}
