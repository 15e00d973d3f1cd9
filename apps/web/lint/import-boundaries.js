import path from 'node:path';

/**
 * The web app's import directions (docs/architecture.md, "The web app"), as one ESLint rule. It resolves each
 * relative import against the importing file, so a rule holds at any folder depth:
 *
 * - `app/` composes the pages: `features/`, `components/` and `lib/` do not import it (test support may use
 *   its query client);
 * - `lib/` and `components/` are shared layers below the features: they import no `features/…`; nor does the
 *   guest page, `ride/`, which must stay small;
 * - a feature imports another feature only through its public file, `features/<name>/index.ts` (written
 *   `../<name>`); a heavy part that others load on demand is declared in `features/<name>/lazy.ts` and
 *   reached only by `import()`, so it keeps its own chunk; test support, `features/<name>/testing/…`, is
 *   for tests and other test support;
 * - nothing reaches into `packages/domain/src`: the package's exports (`@fairway/domain`, or a subpath such
 *   as `@fairway/domain/rides`) are its surface.
 *
 * `no-restricted-imports` matches the import text only, which differs with each file's depth; resolving the
 * path needs a rule of our own, and ESLint's flat config takes one as a local plugin, without a package.
 */
const SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
const DOMAIN_SRC = /(^|[\\/])packages[\\/]domain[\\/]src([\\/]|$)/;
const TEST_FILE = /\.test\.tsx?$/;

/** The path of `file` below apps/web/src as segments, or null outside it. */
function srcSegments(file) {
  const at = file.lastIndexOf(SRC);
  return at === -1 ? null : file.slice(at + SRC.length).split(path.sep);
}

/**
 * Why importing `target` from `from` (both below apps/web/src) breaks the layering, or null. `onDemand`: an
 * `import()`; `fromTest`: a test file.
 */
function layerViolation(from, target, { onDemand, fromTest }) {
  const testSupport = fromTest || from.includes('testing');
  if (target[0] === 'app' && ['features', 'components', 'lib'].includes(from[0]) && !testSupport)
    return `\`app/\` composes the pages from the layers below it; \`${from[0]}/\` does not import it.`;
  if (target[0] !== 'features') return null;
  if (from[0] === 'ride')
    return `The guest page (\`ride/\`) stays small and imports no operator feature (here: features/${target[1]}).`;
  if (from[0] === 'lib' || from[0] === 'components')
    return `\`${from[0]}/\` is shared below the features and imports no feature (here: features/${target[1]}).`;
  if (from[0] !== 'features' || from[1] === target[1]) return null;
  const inside = target.slice(2);
  if (inside.length === 0 || (inside.length === 1 && /^index(\.tsx?)?$/.test(inside[0]))) return null;
  if (onDemand && inside.length === 1 && /^lazy(\.tsx?)?$/.test(inside[0])) return null;
  if (inside[0] === 'testing' && testSupport) return null;
  return `Import features/${target[1]} through its public file (\`features/${target[1]}/index.ts\`, or \`lazy.ts\` by \`import()\`), not its \`${inside.join('/')}\`.`;
}

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the web app’s layers and feature boundaries (docs/architecture.md).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = srcSegments(file);
    const fromTest = TEST_FILE.test(file);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      if (/^@fairway\/domain\/src(\/|$)/.test(spec)) {
        context.report({
          node: source,
          message: 'Import `@fairway/domain` or one of its subpath exports, not its `src`.',
        });
        return;
      }
      if (!spec.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), spec);
      if (DOMAIN_SRC.test(resolved)) {
        context.report({
          node: source,
          message:
            'Import `@fairway/domain` or one of its subpath exports instead of a path into packages/domain/src.',
        });
        return;
      }
      const target = srcSegments(resolved + path.sep);
      if (!from || !target) return;
      const message = layerViolation(from, target.filter(Boolean), {
        onDemand: node.type === 'ImportExpression',
        fromTest,
      });
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
