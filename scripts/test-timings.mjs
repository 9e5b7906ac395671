// What `npm test` prints at its end besides the counts: the time of each step and the slowest tests,
// read from Vitest's and Playwright's JSON reports, so a slow-down shows the day it lands.

/** How many of the slowest tests and files are listed. */
export const SLOWEST = 10;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Every test of a Vitest JSON report: `{name, file, ms}`; and each file's own wall time. */
export function vitestTimings(report, root = process.cwd()) {
  const tests = [];
  const files = [];
  for (const file of report?.testResults ?? []) {
    const name = relative(file.name, root);
    if (typeof file.startTime === 'number' && typeof file.endTime === 'number') {
      files.push({ name, ms: file.endTime - file.startTime });
    }
    for (const test of file.assertionResults ?? []) {
      tests.push({ name: test.fullName ?? test.title, file: name, ms: test.duration ?? 0 });
    }
  }
  return { tests, files };
}

/** Every test of a Playwright JSON report: `{name, file, ms}`, its slowest try when it ran more than once. */
export function playwrightTimings(report) {
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = Math.max(0, ...(test.results ?? []).map((result) => result.duration ?? 0));
        tests.push({ name: [...titles, spec.title].join(' › '), file: spec.file ?? suite.file ?? '', ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top-level suites are the spec files; the titles start with their describes.
  for (const file of report?.suites ?? []) walk(file, []);
  return tests;
}

function relative(file, root) {
  return typeof file === 'string' && file.startsWith(`${root}/`) ? file.slice(root.length + 1) : String(file);
}

function slowest(items, count = SLOWEST) {
  return [...items].sort((a, b) => b.ms - a.ms).slice(0, count);
}

/**
 * The closing summary's lines: each step's time and the total, then the slowest test files (Vitest),
 * unit and API tests, and end-to-end tests.
 */
export function timingLines({ steps, vitest, playwright, root = process.cwd() }) {
  const lines = ['', 'Time of each step:'];
  const width = Math.max(...steps.map((step) => step.name.length), 'total'.length);
  for (const step of steps)
    lines.push(`  ${step.name.padEnd(width)}  ${seconds(step.ms).padStart(8)}${step.ok ? '' : '  (failed)'}`);
  lines.push(`  ${'total'.padEnd(width)}  ${seconds(steps.reduce((sum, step) => sum + step.ms, 0)).padStart(8)}`);

  const unit = vitestTimings(vitest, root);
  const e2e = playwrightTimings(playwright);
  const list = (title, items, label) => {
    if (items.length === 0) return;
    lines.push('', title);
    for (const item of slowest(items)) lines.push(`  ${seconds(item.ms).padStart(8)}  ${label(item)}`);
  };
  list(`Slowest ${SLOWEST} test files (unit and API):`, unit.files, (file) => file.name);
  list(`Slowest ${SLOWEST} unit and API tests:`, unit.tests, (test) => `${test.file} › ${test.name}`);
  list(`Slowest ${SLOWEST} end-to-end tests:`, e2e, (test) => `${test.file} › ${test.name}`);
  return lines;
}
