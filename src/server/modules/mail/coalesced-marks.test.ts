import { describe, expect, it } from 'vitest';
import { coalesced } from './mail-outbox';

/** A write that finishes when the test says so, recording the ids of each statement. */
function controlledWrites() {
  const statements: string[][] = [];
  const finishers: Array<(error?: Error) => void> = [];
  const write = (ids: string[]) =>
    new Promise<void>((resolve, reject) => {
      statements.push([...ids]);
      finishers.push((error) => (error ? reject(error) : resolve()));
    });
  return { write, statements, finish: (index: number, error?: Error) => finishers[index]!(error) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesced marks', () => {
  it('writes the first id at once and the ids that come meanwhile together in the next statement', async () => {
    const { write, statements, finish } = controlledWrites();
    const mark = coalesced(write);
    const first = mark('a');
    await tick();
    const second = mark('b');
    const third = mark('c');
    await tick();
    expect(statements).toEqual([['a']]);

    let secondDone = false;
    void second.then(() => (secondDone = true));
    finish(0);
    await first;
    await tick();
    expect(statements).toEqual([['a'], ['b', 'c']]);
    expect(secondDone).toBe(false);

    finish(1);
    await Promise.all([second, third]);
    expect(secondDone).toBe(true);
  });

  it('rejects only the ids of a statement that failed, and goes on with the next', async () => {
    const { write, statements, finish } = controlledWrites();
    const mark = coalesced(write);
    const first = mark('a');
    await tick();
    const second = mark('b');
    finish(0, new Error('disk full'));
    await expect(first).rejects.toThrow('disk full');
    await tick();
    expect(statements).toEqual([['a'], ['b']]);
    finish(1);
    await expect(second).resolves.toBeUndefined();
  });
});
