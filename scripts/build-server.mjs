// Bundles the server and its command-line scripts into dist/server (dependencies stay external),
// so production runs plain `node` with production dependencies only.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'db-migrate': 'scripts/db-migrate.ts',
    'db-seed': 'scripts/db-seed.ts',
    'create-admin': 'scripts/create-admin.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log('server bundled into dist/server');
