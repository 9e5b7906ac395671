import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `route-preloads.json`: for each page module in `app/routes/`, the JavaScript files its chunk
 * needs beyond what index.html already loads. The server puts them into the page's HTML as
 * `<link rel="modulepreload">`, so a page's code downloads alongside the entry instead of after it
 * has run (docs/decisions/0005-web-loading.md).
 */
function routePreloads(): Plugin {
  return {
    name: 'gearhouse-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])),
      );
      const closure = (fileName: string, seen = new Set<string>()) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      const loadedByEntry = entry ? closure(entry.fileName) : new Set<string>();
      const routesDir = `${path.sep}app${path.sep}routes${path.sep}`;
      const preloads: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        const moduleId = chunk.facadeModuleId;
        if (!chunk.isDynamicEntry || !moduleId?.includes(routesDir)) continue;
        const files = [...closure(chunk.fileName)].filter((file) => !loadedByEntry.has(file));
        preloads[path.basename(moduleId).replace(/\.tsx?$/, '')] = files.map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), routePreloads()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    // A browser without modulepreload (Safari before 17) only loses the early download; the polyfill
    // cost every page 0.5 KB gzipped in its entry.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
});
