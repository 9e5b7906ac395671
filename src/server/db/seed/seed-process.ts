import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Drawing and encoding the demo pictures takes about 150 MB of native memory that the allocator
 * keeps afterwards. The serving process should not carry that for its whole life, so the first
 * start seeds in a short-lived child process running the same `db-seed` entry as `npm run db:seed`.
 */
function seedEntry(): string {
  const here = import.meta.url;
  // From the sources (tsx) this file is src/server/db/seed/*.ts; bundled, it is inside dist/server/main.js.
  return fileURLToPath(here.endsWith('.ts') ? new URL('../../../../scripts/db-seed.ts', here) : new URL('./db-seed.js', here));
}

export function seedInChildProcess(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, seedEntry(), '--first-start'], {
      stdio: 'inherit',
      env: process.env,
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`demo data seeding failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}
