// Server features meet through their public face: a file of one feature folder (and the
// composition root) imports another feature only through that feature's `index.ts`, never one of
// its files (VS Code's code-no-deep-import-of-internal, for our folders). A type counts too: a
// type a repository needs from another feature's routes file is that feature's public type.
import path from 'node:path';

const INDEX = /^index(\.(js|ts))?$/;

/** `features/<feature>/<rest>` of an absolute path, or null when it is not inside a feature folder. */
function featurePart(featuresDir, file) {
  const rel = path.relative(featuresDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [feature, ...rest] = rel.split(path.sep);
  return rest.length === 0 ? null : { feature, rest: rest.join('/') };
}

export const noDeepFeatureImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another server feature only through its index.ts (its public face).' },
    schema: [
      {
        type: 'object',
        properties: {
          featuresDir: { type: 'string' },
          /** Workspace package prefix that names the server root, e.g. `@school/server/`. */
          packagePrefix: { type: 'string' },
          packageRoot: { type: 'string' },
        },
        required: ['featuresDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      deep:
        "'{{spec}}' reaches into features/{{feature}}/{{rest}}: import it from '{{face}}' " +
        '(features/{{feature}}/index.ts exports what other features may use; add it there if it is public).',
    },
  },
  create(context) {
    const { featuresDir, packagePrefix, packageRoot } = context.options[0];
    const filename = context.physicalFilename;
    const own = featurePart(featuresDir, filename)?.feature;
    const dir = path.dirname(filename);

    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      let target;
      if (spec.startsWith('.')) target = path.resolve(dir, spec);
      else if (packagePrefix && packageRoot && spec.startsWith(packagePrefix)) {
        target = path.join(packageRoot, spec.slice(packagePrefix.length));
      } else return;
      const part = featurePart(featuresDir, target);
      if (!part || part.feature === own || INDEX.test(part.rest) || part.rest === '') return;
      const index = path.join(featuresDir, part.feature, 'index.js');
      let face = path.relative(dir, index).split(path.sep).join('/');
      if (!face.startsWith('.')) face = `./${face}`;
      const data = { spec, feature: part.feature, rest: part.rest, face };
      context.report({ node, messageId: 'deep', data });
    };

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};
