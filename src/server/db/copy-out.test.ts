import { describe, expect, it } from 'vitest';
import { binaryCopyTextValues } from './copy-out';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

function int16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeInt16BE(value);
  return buffer;
}

function int32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
}

/** What PostgreSQL sends for `copy (select …) to stdout with (format binary)` of one text column. */
function binaryCopy(values: readonly string[], extension = Buffer.alloc(0)): Buffer {
  const tuples = values.map((value) => {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([int16(1), int32(bytes.length), bytes]);
  });
  return Buffer.concat([SIGNATURE, int32(0), int32(extension.length), extension, ...tuples, int16(-1)]);
}

/** The stream cut at the given offsets, as a socket may deliver it. */
async function* cut(bytes: Buffer, at: readonly number[]): AsyncGenerator<Buffer> {
  let from = 0;
  for (const to of [...at, bytes.length]) {
    yield bytes.subarray(from, to);
    from = to;
  }
}

async function collect(chunks: AsyncIterable<Buffer>): Promise<string> {
  const taken: Buffer[] = [];
  for await (const chunk of binaryCopyTextValues(chunks)) taken.push(chunk);
  return Buffer.concat(taken).toString('utf8');
}

describe('reading a binary COPY of one text column', () => {
  const values = ['o1,2026-01-01,"Zoë, ""the"" buyer"\r\n', '', 'o2,x\r\n', 'ü'.repeat(300) + '\r\n'];
  const bytes = binaryCopy(values);

  it('gives the values back to back, however the stream is cut, even inside a length or a character', async () => {
    expect(await collect(cut(bytes, []))).toBe(values.join(''));
    for (let at = 1; at < bytes.length; at++) {
      expect(await collect(cut(bytes, [at]))).toBe(values.join(''));
    }
    const everyByte = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
    expect(await collect(cut(bytes, everyByte))).toBe(values.join(''));
  });

  it('skips a header extension', async () => {
    expect(await collect(cut(binaryCopy(['a', 'b'], Buffer.from('future')), [20]))).toBe('ab');
  });

  it('gives nothing for no rows', async () => {
    expect(await collect(cut(binaryCopy([]), []))).toBe('');
  });

  it.each([
    ['a stream that is not binary COPY', Buffer.from('id,name\r\n1,x\r\n'), /not a binary COPY/],
    ['a stream cut short inside its header', bytes.subarray(0, 15), /inside its header/],
    ['a stream cut short inside a row', bytes.subarray(0, bytes.length - 5), /stopped inside a row/],
    ['a stream without its end', bytes.subarray(0, bytes.length - 2), /stopped inside a row/],
    ['data after the end', Buffer.concat([bytes, Buffer.from('x')]), /after the end/],
    [
      'a row of two columns',
      Buffer.concat([SIGNATURE, int32(0), int32(0), int16(2), int32(1), Buffer.from('a'), int32(1), Buffer.from('b'), int16(-1)]),
      /2 columns/,
    ],
    ['a null', Buffer.concat([SIGNATURE, int32(0), int32(0), int16(1), int32(-1), int16(-1)]), /null/],
  ])('refuses %s', async (_case, stream, message) => {
    // Whole, and cut in two, so the check does not depend on where a chunk ends.
    await expect(collect(cut(stream, []))).rejects.toThrow(message);
    await expect(collect(cut(stream, [Math.floor(stream.length / 2)]))).rejects.toThrow(message);
  });
});
