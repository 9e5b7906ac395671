// A lint rule that keeps the code's shape: which folders may import which. Each zone names the files it
// applies to (`from`), what they must not import (`forbid`: resolved paths inside the repository, or
// package names), and the message that says what to do instead. Specifiers are resolved the way the
// code resolves them: relative paths, and the `#shared/*` import alias of package.json.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const ALIASES = { '#shared/': 'src/shared/' };

/** The import as a path from the repository root ("src/server/modules/parts/index"), or its package name. */
function resolveSpecifier(specifier, importer) {
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return { file: folder + specifier.slice(alias.length) };
  }
  if (specifier.startsWith('.')) {
    const absolute = path.resolve(path.dirname(importer), specifier);
    return {
      file: path
        .relative(root, absolute)
        .split(path.sep)
        .join('/')
        .replace(/\.(m?[jt]sx?)$/, ''),
    };
  }
  return { pack: specifier };
}

/** The plugin, with its one rule `zones` checking these zones (functions cannot travel in a rule's options). */
export default function importZones(zoneList) {
  return {
    rules: {
      zones: {
        meta: {
          type: 'problem',
          docs: { description: 'Forbids imports across the boundaries the codebase keeps' },
          schema: [],
        },
        create(context) {
          const file = path.relative(root, context.filename).split(path.sep).join('/');
          const zones = zoneList.filter((zone) => zone.from.test(file));
          if (zones.length === 0) return {};
          function check(node, source) {
            if (typeof source?.value !== 'string') return;
            const target = resolveSpecifier(source.value, context.filename);
            for (const zone of zones) {
              const refusal = zone.forbid(target, file);
              if (refusal)
                context.report({ node, message: `${zone.message}${typeof refusal === 'string' ? ` (${refusal})` : ''}` });
            }
          }
          return {
            ImportDeclaration: (node) => check(node, node.source),
            ExportNamedDeclaration: (node) => check(node, node.source),
            ExportAllDeclaration: (node) => check(node, node.source),
            ImportExpression: (node) => check(node, node.source),
          };
        },
      },
    },
  };
}
