// House rules of Arcadia that no published plugin expresses (docs/ARCHITECTURE.md, "Boundaries").
// Paths are matched on the linted file's absolute path and on the resolved target of each relative
// import, so the rules need no resolver.
import path from 'node:path';

const SERVER_SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;

/** The server-relative path ("modules/wallet/wallet.service.ts") of a file, or null outside it. */
function serverPath(file) {
  const at = file.lastIndexOf(SERVER_SRC);
  return at < 0
    ? null
    : file
        .slice(at + SERVER_SRC.length)
        .split(path.sep)
        .join('/');
}

/** The server-relative target of a relative import, with a `.js` specifier read as its `.ts` source. */
function importTarget(fromFile, specifier) {
  if (typeof specifier !== 'string' || !specifier.startsWith('.')) return null;
  const target = serverPath(path.resolve(path.dirname(fromFile), specifier));
  return target === null ? null : target.replace(/\.js$/, '.ts');
}

/** Every module specifier a file names: imports, re-exports, dynamic imports and `vi.mock(...)`. */
function onImport(report) {
  const literal = (node, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') report(node, source.value);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    TSImportType: (node) =>
      literal(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    CallExpression(node) {
      const callee = node.callee;
      if (
        callee.type === 'MemberExpression' &&
        callee.object.type === 'Identifier' &&
        callee.object.name === 'vi' &&
        callee.property.type === 'Identifier' &&
        ['mock', 'doMock', 'importActual'].includes(callee.property.name)
      ) {
        literal(node, node.arguments[0]);
      }
    },
  };
}

const moduleOf = (p) => /^modules\/([^/]+)\//.exec(p)?.[1] ?? null;
const isTestSupport = (p) => /(\.test-support|\/test-helpers)\.ts$/.test(p);
const isFace = (p) => /^modules\/[^/]+\/(index|[^/]+\.service)\.ts$/.test(p);

/** lib/, plugins/ and db/ are below the modules: they never import one. */
const serverLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'lib/, plugins/ and db/ of the server never import modules/' },
    messages: {
      layer: '{{layer}}/ never imports modules/ ({{target}}): pass what it needs in, or move the code up.',
    },
    schema: [],
  },
  create(context) {
    const self = serverPath(context.filename);
    const layer = self && /^(lib|plugins|db)\//.exec(self)?.[1];
    if (!layer) return {};
    return onImport((node, specifier) => {
      const target = importTarget(context.filename, specifier);
      if (target && moduleOf(target)) context.report({ node, messageId: 'layer', data: { layer, target } });
    });
  },
};

/** A module reaches another only through its face: index.ts or a *.service.ts. */
const moduleFace = {
  meta: {
    type: 'problem',
    docs: { description: "a server module imports another module's index.ts or *.service.ts only" },
    messages: {
      face: "modules/{{from}} reaches into modules/{{to}} ({{target}}): import the module's index.ts or a *.service.ts.",
    },
    schema: [],
  },
  create(context) {
    const self = serverPath(context.filename);
    const from = self && moduleOf(self);
    if (!from) return {};
    return onImport((node, specifier) => {
      const target = importTarget(context.filename, specifier);
      const to = target && moduleOf(target);
      if (to && to !== from && !isFace(target) && !isTestSupport(target)) {
        context.report({ node, messageId: 'face', data: { from, to, target } });
      }
    });
  },
};

/** A module's test support is its own; shared fixtures live in apps/server/src/test/factories/. */
const noForeignTestSupport = {
  meta: {
    type: 'problem',
    docs: { description: "nothing outside a server module imports that module's test support" },
    messages: {
      support:
        '{{target}} is the test support of modules/{{to}}: use apps/server/src/test/factories/ instead.',
    },
    schema: [],
  },
  create(context) {
    const self = serverPath(context.filename);
    if (!self) return {};
    const from = moduleOf(self);
    return onImport((node, specifier) => {
      const target = importTarget(context.filename, specifier);
      const to = target && moduleOf(target);
      if (to && to !== from && isTestSupport(target)) {
        context.report({ node, messageId: 'support', data: { to, target } });
      }
    });
  },
};

const QUERY_METHODS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
]);
const CTE_METHODS = new Set(['with', 'withRecursive', 'withMaterialized', 'withNotMaterialized']);

/** Kysely query building and the `sql` tag belong in repositories (files named *repository.ts). */
const sqlInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'Kysely queries and the sql tag only in *repository.ts files' },
    messages: {
      query: '.{{method}}(…) builds SQL: move the query into a *.repository.ts file.',
      tag: 'The sql tag ({{what}}) writes SQL: move it into a *.repository.ts file.',
    },
    schema: [],
  },
  create(context) {
    const sqlNames = new Set();
    return {
      ImportDeclaration(node) {
        if (node.source.value !== 'kysely') return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier' && spec.importKind !== 'type' && spec.imported.name === 'sql') {
            sqlNames.add(spec.local.name);
          }
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier')
          return;
        const method = callee.property.name;
        // A CTE is `.with('name', …)` or `.with((cte) => cte('name')…, …)`; Array#with takes an index.
        const [first] = node.arguments;
        const isCte =
          CTE_METHODS.has(method) &&
          node.arguments.length === 2 &&
          ((first.type === 'Literal' && typeof first.value === 'string') ||
            first.type === 'TemplateLiteral' ||
            first.type === 'ArrowFunctionExpression' ||
            first.type === 'FunctionExpression');
        if (QUERY_METHODS.has(method) || isCte)
          context.report({ node: callee.property, messageId: 'query', data: { method } });
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type === 'Identifier' && sqlNames.has(node.tag.name)) {
          context.report({ node: node.tag, messageId: 'tag', data: { what: 'sql`…`' } });
        }
      },
      MemberExpression(node) {
        if (
          node.object.type === 'Identifier' &&
          sqlNames.has(node.object.name) &&
          node.property.type === 'Identifier'
        ) {
          context.report({ node, messageId: 'tag', data: { what: `sql.${node.property.name}` } });
        }
      },
    };
  },
};

export default {
  meta: { name: 'arcadia' },
  rules: {
    'server-layers': serverLayers,
    'module-face': moduleFace,
    'no-foreign-test-support': noForeignTestSupport,
    'sql-in-repositories': sqlInRepositories,
  },
};
