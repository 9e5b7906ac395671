import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { connectTo } from './postgres-pool';

/** What PostgreSQL's binary COPY format starts with, before its flags and header extension. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** The signature, the flags (int32) and the header extension's length (int32). */
const HEADER_BYTES = SIGNATURE.length + 8;

/**
 * The values of a binary COPY of one text column, back to back, as they arrive: each tuple is a
 * field count (int16, here 1), the value's length (int32) and its UTF-8 bytes; the stream ends with a
 * field count of -1. Chunks may break anywhere, even inside a length; the part of a tuple a chunk ends
 * with waits for the next. Nothing is decoded to strings: the bytes go out as they came.
 */
export async function* binaryCopyTextValues(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let pending: Buffer = Buffer.alloc(0);
  let headerRead = false;
  let ended = false;
  for await (const chunk of chunks) {
    if (ended) throw new Error('binary COPY: data after the end of the rows');
    const data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    let at = 0;
    if (!headerRead) {
      const start = data.subarray(0, SIGNATURE.length);
      if (!start.equals(SIGNATURE.subarray(0, start.length))) throw new Error('binary COPY: not a binary COPY stream');
      if (data.length < HEADER_BYTES) {
        pending = Buffer.from(data);
        continue;
      }
      const extension = data.readInt32BE(SIGNATURE.length + 4);
      if (data.length < HEADER_BYTES + extension) {
        pending = Buffer.from(data);
        continue;
      }
      at = HEADER_BYTES + extension;
      headerRead = true;
    }
    const values: Buffer[] = [];
    while (at + 2 <= data.length) {
      const fields = data.readInt16BE(at);
      if (fields === -1) {
        ended = true;
        at += 2;
        if (at < data.length) throw new Error('binary COPY: data after the end of the rows');
        break;
      }
      if (fields !== 1) throw new Error(`binary COPY: a row of ${fields} columns where one was expected`);
      if (at + 6 > data.length) break;
      const length = data.readInt32BE(at + 2);
      if (length < 0) throw new Error('binary COPY: a null value where text was expected');
      if (at + 6 + length > data.length) break;
      values.push(data.subarray(at + 6, at + 6 + length));
      at += 6 + length;
    }
    // A copy of the unfinished tuple, so the chunk it came in is not held.
    pending = Buffer.from(data.subarray(at));
    if (values.length > 0) yield Buffer.concat(values);
  }
  if (!headerRead) throw new Error('binary COPY: the stream stopped inside its header');
  if (!ended) throw new Error('binary COPY: the stream stopped inside a row');
}

/**
 * Runs `select`, which returns one text column, as `COPY … TO STDOUT` on a connection of its own, and
 * yields the values back to back as bytes, as PostgreSQL sends them. The rows never become JavaScript
 * objects, and PostgreSQL writes only as fast as the caller reads: when the caller stops taking, the
 * socket fills and the server waits. COPY takes no parameters, so `select` carries its values as
 * literals (`pg.escapeLiteral`). A caller that stops early leaves the connection mid-copy: it is
 * closed, and the server ends the statement.
 *
 * `unboundedStatement`: the pool's connections carry a statement_timeout, which a copy lifts for its
 * own run (and puts back): it lasts as long as its reader takes, which is no sign of a database in trouble.
 */
export async function* copyOutText(
  pool: pg.Pool,
  select: string,
  { unboundedStatement = false }: { unboundedStatement?: boolean } = {},
): AsyncGenerator<Buffer> {
  const client = await connectTo(pool);
  let finished = false;
  try {
    if (unboundedStatement) await client.query('set statement_timeout = 0');
    const stream = client.query(copyTo(`copy (${select}) to stdout with (format binary)`));
    yield* binaryCopyTextValues(stream);
    if (unboundedStatement) await client.query('reset statement_timeout');
    finished = true;
  } finally {
    client.release(finished ? undefined : true);
  }
}
