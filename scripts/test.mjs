// npm test — every check and every test, in the order that fails fastest:
// types, lint, formatting, unit + API tests (SQLite and PostgreSQL), production build, end-to-end in Chromium.
// Prints the time of each step and the slowest tests (scripts/test-timings.mjs), then one closing
// line "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { timingLines } from './test-timings.mjs';

const reports = mkdtempSync(path.join(os.tmpdir(), 'gearhouse-reports-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

const steps = [
  ['typecheck', 'node_modules/.bin/tsc', ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'node_modules/.bin/eslint', ['.']],
  ['formatting', 'node_modules/.bin/prettier', ['--check', '--log-level=warn', '.']],
  [
    'unit and API tests',
    'node_modules/.bin/vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  ],
  ['build', 'npm', ['run', 'build', '--silent']],
  ['end-to-end tests', 'node_modules/.bin/playwright', ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport }],
];

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

let failedStep;
const stepTimes = [];
for (const [name, command, args, env = {}] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ms = Date.now() - started;
  stepTimes.push({ name, ms, ok: result.status === 0 });
  console.log(`${result.status === 0 ? '✔' : '✘'} ${name} (${(ms / 1000).toFixed(1)} s)`);
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

const vitest = readJson(vitestReport);
const playwright = readJson(playwrightReport);
for (const line of timingLines({ steps: stepTimes, vitest, playwright })) console.log(line);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
rmSync(reports, { recursive: true, force: true });

if (failedStep) console.log(`\nFailed at: ${failedStep}`);
console.log(
  `Tests: ${passed} passed, ${failed + (failedStep && failed === 0 ? 1 : 0)} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(failedStep ? 1 : 0);
