// Bundles the server and its command-line scripts into dist/server (dependencies stay external),
// so production runs plain `node` with production dependencies only.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

/**
 * The server renders the public pages with the web app's own components (src/web/entry-server.tsx);
 * their style sheets belong to the browser's build, so on the server a CSS import is an empty module.
 */
const noStyleSheets = {
  name: 'no-style-sheets',
  setup(build) {
    build.onResolve({ filter: /(\.css|\/css)$/ }, (args) => ({ path: args.path, namespace: 'no-style-sheets' }));
    build.onLoad({ filter: /.*/, namespace: 'no-style-sheets' }, () => ({ contents: '', loader: 'js' }));
  },
};

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'db-migrate': 'scripts/db-migrate.ts',
    'db-seed': 'scripts/db-seed.ts',
    'create-admin': 'scripts/create-admin.ts',
    backup: 'scripts/backup.ts',
    restore: 'scripts/restore.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The web app's pages are lazy routes: split, the server loads a page's code (and its libraries, like
  // the admin overview's chart library) when it first renders it, not at start. The chunks sit beside
  // main.js, so code that finds files from import.meta.url (fonts, pictures) finds them as before.
  splitting: true,
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [noStyleSheets],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
// The demo pictures, drawn once by `npm run demo-art`, go next to the bundle, where the seed finds them
// (src/server/db/seed/demo-pictures.ts); the Docker image ships dist/ whole.
await rm('dist/server/pictures', { recursive: true, force: true });
await cp('src/server/db/seed/pictures', 'dist/server/pictures', { recursive: true });
// So do the invoice's fonts, which src/server/modules/orders/invoice-pdf.ts reads from beside itself.
await rm('dist/server/fonts', { recursive: true, force: true });
await cp('src/server/modules/orders/fonts', 'dist/server/fonts', { recursive: true });
console.log('server bundled into dist/server');
