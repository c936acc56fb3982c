// The layering of docs/ARCHITECTURE.md as one ESLint rule, so that every way
// of naming a module is checked the same: `import`, `export … from` and a
// dynamic `import('…')` with a literal; a relative path (normalised first, so
// `../lookup/../mcp/x.js` counts as `../mcp/x.js`) or the package.json imports
// map (`#server/*`, `#shared/*`, `#dev/*`). The specifier is resolved to the
// file it names, then checked against SERVER_LAYERS and PARTS
// (scripts/layers.mjs), the same table `npm run deps` checks.
import { posix } from 'node:path';
import { folderOf, forbiddenFor, layerOf, PARTS } from './layers.mjs';

const IMPORTS_MAP = { '#server/': 'server/src/', '#shared/': 'shared/src/', '#dev/': 'dev/' };
const DEVELOPMENT_PARTS = ['dev', 'test', 'bench'];

const partOf = (path) =>
  /^(server\/src|shared\/src|excel-addin\/src|sheets-addon\/src|dev|test|bench)\//.exec(path)?.[1];

/** The repository path a specifier names from `file`; undefined for a package. */
function targetOf(file, specifier) {
  for (const [prefix, folder] of Object.entries(IMPORTS_MAP)) {
    if (specifier.startsWith(prefix)) return folder + specifier.slice(prefix.length);
  }
  if (!specifier.startsWith('.')) return undefined;
  return posix.normalize(posix.join(posix.dirname(file), specifier));
}

function serverRefusal(file, target) {
  const [from, to] = [folderOf(file), folderOf(target)];
  if (from === to) return undefined;
  if (layerOf(from) === undefined) {
    return `server/src/${from} is missing from the layering (scripts/layers.mjs, docs/ARCHITECTURE.md).`;
  }
  const forbidden = forbiddenFor(from);
  if (!forbidden.includes(to)) return undefined;
  return `${from} may not import ${forbidden.join(', ')} (docs/ARCHITECTURE.md, scripts/layers.mjs).`;
}

/** Why `file` may not import `target` (repository paths), or undefined when it may. */
export function importRefusal(file, target) {
  const from = partOf(file);
  if (from === undefined) return undefined;
  const to = partOf(target);
  if (to === undefined) {
    return target.startsWith('../') ? 'Imports stay inside the project.' : undefined;
  }
  if (from === 'server/src' && to === 'server/src') return serverRefusal(file, target);
  if (from === to) return undefined;
  if (from === 'server/src') {
    if (to === 'shared/src') return undefined;
    return DEVELOPMENT_PARTS.includes(to)
      ? 'server/src is the product: dev/, test/ and bench/ stay out of it.'
      : 'server/src may import shared/src only.';
  }
  const allowed = PARTS[from];
  if (allowed.includes(to)) return undefined;
  return allowed.length > 0
    ? `${from} may import ${allowed.join(', ')} only.`
    : `${from} imports nothing outside itself.`;
}

/** The string a module source node holds: a literal, or a template without expressions. */
function specifierOf(source) {
  if (source?.type === 'Literal' && typeof source.value === 'string') return source.value;
  if (source?.type === 'TemplateLiteral' && source.expressions.length === 0) {
    return source.quasis[0]?.value.cooked ?? undefined;
  }
  return undefined;
}

export const layeringPlugin = {
  rules: {
    imports: {
      meta: {
        type: 'problem',
        docs: {
          description: 'The layering and parts of docs/ARCHITECTURE.md, for every import form.',
        },
        schema: [],
      },
      create(context) {
        const file = posix.relative(
          context.cwd.replaceAll('\\', '/'),
          context.filename.replaceAll('\\', '/'),
        );
        const check = (node) => {
          const specifier = specifierOf(node.source);
          if (specifier === undefined) return;
          const target = targetOf(file, specifier);
          const message = target === undefined ? undefined : importRefusal(file, target);
          if (message) context.report({ node: node.source, message });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
