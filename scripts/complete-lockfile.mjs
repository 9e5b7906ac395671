// The npm registry reachable here does not serve the platform builds of @tailwindcss/oxide for
// other systems (macOS, Windows, Android, FreeBSD, 32-bit ARM, WASM), so `npm install` leaves them
// out of package-lock.json, and `npm ci` then refuses the lock as out of sync. npm never downloads
// an optional package built for another platform, so listing them with their os/cpu is enough.
// Run after `npm install` changes the lock: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const platforms = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  if (!key.endsWith('node_modules/@tailwindcss/oxide')) continue;
  for (const dependency of Object.keys(entry.optionalDependencies ?? {})) {
    const target = `${key.slice(0, -'@tailwindcss/oxide'.length)}${dependency}`;
    const platform = platforms[dependency.replace('@tailwindcss/oxide-', '')];
    if (lock.packages[target] || !platform) continue;
    lock.packages[target] = {
      version: entry.version,
      ...platform,
      dev: entry.dev,
      license: 'MIT',
      optional: true,
      engines: entry.engines,
    };
    added += 1;
  }
}
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(added > 0 ? `added ${added} platform entries to package-lock.json` : 'package-lock.json already complete');
