import { describe, expect, it } from 'vitest';
import { playwrightTimings, SLOWEST, timingLines, vitestTimings } from './test-timings.mjs';

const root = '/repo';

/** A Vitest JSON report of two files, as `vitest run --reporter=json` writes it. */
const vitest = {
  testResults: [
    {
      name: '/repo/src/a.test.ts',
      startTime: 1_000,
      endTime: 4_500,
      assertionResults: [
        { fullName: 'a › is quick', title: 'is quick', duration: 12 },
        { fullName: 'a › is slow', title: 'is slow', duration: 3_100 },
      ],
    },
    {
      name: '/repo/src/b.test.ts',
      startTime: 2_000,
      endTime: 2_900,
      assertionResults: [{ fullName: 'b › waits', title: 'waits', duration: 800 }],
    },
  ],
};

/** A Playwright JSON report: a file suite holding a describe and a top-level test, one test retried. */
const playwright = {
  suites: [
    {
      title: 'cart.spec.ts',
      file: 'cart.spec.ts',
      specs: [{ title: 'opens', file: 'cart.spec.ts', tests: [{ results: [{ duration: 2_000 }] }] }],
      suites: [
        {
          title: 'the cart',
          file: 'cart.spec.ts',
          specs: [
            {
              title: 'checks out',
              file: 'cart.spec.ts',
              tests: [{ results: [{ duration: 9_000 }, { duration: 11_000 }] }],
            },
          ],
        },
      ],
    },
  ],
};

describe('the timings npm test prints', () => {
  it("reads each Vitest test and each file's wall time, with paths from the repository", () => {
    const { tests, files } = vitestTimings(vitest, root);
    expect(files).toEqual([
      { name: 'src/a.test.ts', ms: 3_500 },
      { name: 'src/b.test.ts', ms: 900 },
    ]);
    expect(tests).toContainEqual({ name: 'a › is slow', file: 'src/a.test.ts', ms: 3_100 });
    expect(tests).toHaveLength(3);
  });

  it('reads each Playwright test with its describe titles, at its slowest try', () => {
    expect(playwrightTimings(playwright)).toEqual([
      { name: 'opens', file: 'cart.spec.ts', ms: 2_000 },
      { name: 'the cart › checks out', file: 'cart.spec.ts', ms: 11_000 },
    ]);
  });

  it('lists each step with the total, then the slowest first', () => {
    const lines = timingLines({
      steps: [
        { name: 'typecheck', ms: 15_000, ok: true },
        { name: 'end-to-end tests', ms: 600_000, ok: false },
      ],
      vitest,
      playwright,
      root,
    });
    const text = lines.join('\n');
    expect(text).toContain(`  typecheck${' '.repeat(11)}15.0 s\n`);
    expect(text).toContain('  end-to-end tests   600.0 s  (failed)\n');
    expect(text).toContain(`  total${' '.repeat(14)}615.0 s\n`);
    const unitTests = lines.slice(lines.indexOf(`Slowest ${SLOWEST} unit and API tests:`) + 1);
    expect(unitTests[0]).toBe('     3.1 s  src/a.test.ts › a › is slow');
    expect(unitTests[1]).toBe('     0.8 s  src/b.test.ts › b › waits');
    const e2e = lines.slice(lines.indexOf(`Slowest ${SLOWEST} end-to-end tests:`) + 1);
    expect(e2e[0]).toBe('    11.0 s  cart.spec.ts › the cart › checks out');
  });

  it('keeps only the slowest ten, and leaves out a list without tests (a run stopped before them)', () => {
    const many = {
      testResults: [
        {
          name: '/repo/src/many.test.ts',
          assertionResults: Array.from({ length: 25 }, (_, i) => ({ fullName: `t${i}`, duration: i })),
        },
      ],
    };
    const lines = timingLines({ steps: [{ name: 'lint', ms: 1_000, ok: true }], vitest: many, playwright: undefined, root });
    const start = lines.indexOf(`Slowest ${SLOWEST} unit and API tests:`);
    expect(lines.slice(start + 1)).toHaveLength(SLOWEST);
    expect(lines[start + 1]).toContain('t24');
    expect(lines.some((line) => line.includes('end-to-end tests:'))).toBe(false);
    expect(lines.some((line) => line.includes('test files'))).toBe(false);
  });
});
