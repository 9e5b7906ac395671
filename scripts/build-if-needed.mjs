// Builds the app unless dist/ is newer than every source file (used by the benchmark).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const built = ['dist/server/main.js', 'dist/web/index.html'];
const fresh = built.every((file) => existsSync(file) && statSync(file).mtimeMs > newest('src'));
if (!fresh) execSync('npm run build', { stdio: 'inherit' });
