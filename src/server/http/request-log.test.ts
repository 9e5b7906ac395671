import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LinesPerTurn } from './request-log';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('lines gathered per turn of the event loop', () => {
  it('hands the lines of one turn on as one write, in the order they came', async () => {
    const writes: string[] = [];
    const lines = new LinesPerTurn({ write: (chunk: string) => writes.push(chunk) });
    lines.write('one\n');
    lines.write('two\n');
    lines.write('three\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['one\ntwo\nthree\n']);
    lines.write('four\n');
    await nextTurn();
    expect(writes).toEqual(['one\ntwo\nthree\n', 'four\n']);
  });

  it('hands on what it holds when the process exits, a crash included, before the stream is flushed', () => {
    const module = path.join(import.meta.dirname, 'request-log.ts');
    const script = `
      import pino from 'pino';
      import { LinesPerTurn } from ${JSON.stringify(module)};
      const lines = new LinesPerTurn(pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }));
      for (let i = 0; i < 3; i++) lines.write('line ' + i + '\\n');
      throw new Error('crashed in the same turn');
    `;
    let output = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: path.join(import.meta.dirname, '../../..'),
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (error) {
      output = String((error as { stdout: Buffer }).stdout);
    }
    expect(output).toBe('line 0\nline 1\nline 2\n');
  });
});
