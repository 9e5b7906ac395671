import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the log on standard output', () => {
  it('writes the lines it holds when the process exits, a crash included', () => {
    const module = path.join(import.meta.dirname, 'log.ts');
    const script = `
      import pino from 'pino';
      import { standardOutput } from ${JSON.stringify(module)};
      const log = pino({ base: undefined, timestamp: false }, standardOutput());
      for (let i = 0; i < 3; i++) log.info('line ' + i);
      throw new Error('crashed in the same turn');
    `;
    let output = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: path.join(import.meta.dirname, '../..'),
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (error) {
      output = String((error as { stdout: Buffer }).stdout);
    }
    expect(
      output
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { msg: string }).msg),
    ).toEqual(['line 0', 'line 1', 'line 2']);
  });
});
