// Types of test-timings.mjs, which plain `node` runs from scripts/test.mjs.
export interface Timed {
  name: string;
  file: string;
  ms: number;
}

export interface StepTime {
  name: string;
  ms: number;
  ok: boolean;
}

export const SLOWEST: number;
export function vitestTimings(report: unknown, root?: string): { tests: Timed[]; files: { name: string; ms: number }[] };
export function playwrightTimings(report: unknown): Timed[];
export function timingLines(options: { steps: StepTime[]; vitest: unknown; playwright: unknown; root?: string }): string[];
