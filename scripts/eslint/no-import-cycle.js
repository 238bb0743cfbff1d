// A runtime import cycle between our own files fails lint. Equivalent to import-x/no-cycle
// (type-only imports and dynamic import() do not count), but the files this file does not lint
// itself are read with TypeScript's parser, about 10 times faster than the ESLint parser that
// import-x/no-cycle runs on every file a second time (that rule added ~30% to `npx eslint .`).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;

/**
 * Import edges per file read from disk, re-read when the file's mtime changes. An editor's ESLint
 * server lives long, so a file's mtime is checked again, but at most once a second (one lint run
 * walks the same files for every file it lints).
 */
const diskEdges = new Map();
const RECHECK_MS = 1000;

function isOwnSource(file) {
  return Boolean(file) && SOURCE.test(file) && !file.split(path.sep).includes('node_modules');
}

function resolveFrom(resolvers, specifier, fromFile) {
  // Packages are not ours, except the workspaces (@school/*), which resolve into the repo.
  if (!specifier.startsWith('.') && !specifier.startsWith('@school/')) return null;
  for (const resolver of resolvers) {
    const r = resolver.resolve(specifier, fromFile);
    if (r.found) return isOwnSource(r.path) ? r.path : null;
  }
  return null;
}

/** Runtime imports of a file on disk: `import x`, `import {a}`, `export … from` (not `import type`). */
function specifiersOnDisk(file) {
  const options = {
    languageVersion: ts.ScriptTarget.Latest,
    jsDocParsingMode: ts.JSDocParsingMode.ParseNone,
  };
  const kind = /x$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), options, false, kind);
  const out = [];
  for (const st of source.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const clause = st.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) out.push(st.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(st) &&
      st.moduleSpecifier &&
      ts.isStringLiteral(st.moduleSpecifier) &&
      !st.isTypeOnly
    ) {
      const named = st.exportClause;
      const onlyTypes =
        named &&
        ts.isNamedExports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) out.push(st.moduleSpecifier.text);
    }
  }
  return out;
}

function edgesOnDisk(resolvers, file) {
  const now = Date.now();
  const cached = diskEdges.get(file);
  if (cached && now - cached.checkedAt < RECHECK_MS) return cached.edges;
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    diskEdges.delete(file);
    return [];
  }
  if (cached && cached.mtime === mtime) {
    cached.checkedAt = now;
    return cached.edges;
  }
  const edges = [
    ...new Set(
      specifiersOnDisk(file)
        .map((s) => resolveFrom(resolvers, s, file))
        .filter(Boolean),
    ),
  ];
  diskEdges.set(file, { mtime, checkedAt: now, edges });
  return edges;
}

/** The shortest import path from `start` back to `target`, or null (breadth-first). */
function pathBack(resolvers, start, target) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of edgesOnDisk(resolvers, file)) {
      if (next === target) {
        const route = [file];
        for (let f = cameFrom.get(file); f; f = cameFrom.get(f)) route.unshift(f);
        return route;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  if (node.type === 'ImportDeclaration') {
    return (
      specifiers.length > 0 &&
      specifiers.every((s) => s.type === 'ImportSpecifier' && s.importKind === 'type')
    );
  }
  return specifiers.length > 0 && specifiers.every((s) => s.exportKind === 'type');
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid runtime import cycles between the repository’s own files.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}. Move what both sides need into a lower module.' },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (!path.isAbsolute(filename)) return {};
    const resolvers = [context.settings['import-x/resolver-next'] ?? []].flat();
    const root = context.cwd;
    const show = (file) => path.relative(root, file);
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string' || isTypeOnly(node)) return;
      const target = resolveFrom(resolvers, node.source.value, filename);
      if (!target || target === filename) return;
      const route = pathBack(resolvers, target, filename);
      if (route)
        context.report({
          node: node.source,
          messageId: 'cycle',
          data: { route: [filename, ...route, filename].map(show).join(' -> ') },
        });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
