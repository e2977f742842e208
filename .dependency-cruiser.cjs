/**
 * The import rules of the house (docs/decisions/0084-layers-module-doors-and-lint.md), checked by `pnpm lint`.
 * Server layers, top to bottom: app.ts, server.ts and seed/ → modules/ → plugins/ → core/ → db/ → lib/.
 */

/** A server layer may import the layers below it, never those above. */
const layer = (name, from, above) => ({
  name,
  severity: 'error',
  comment: `server/src/${from} is below ${above.join(', ')}: it must not import them`,
  from: { path: `^server/src/${from}` },
  to: { path: `^server/src/(${above.join('|')})` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files import each other in one direction only.',
      from: {},
      to: { circular: true },
    },
    layer('lib-is-the-bottom', 'lib/', [
      'core/',
      'db/',
      'plugins/',
      'modules/',
      'seed/',
      'app\\.ts',
      'server\\.ts',
    ]),
    layer('db-is-below-core', 'db/', ['core/', 'plugins/', 'modules/', 'seed/', 'app\\.ts', 'server\\.ts']),
    layer('core-is-below-plugins', 'core/', ['plugins/', 'modules/', 'seed/', 'app\\.ts', 'server\\.ts']),
    layer('plugins-are-below-modules', 'plugins/', ['modules/', 'seed/', 'app\\.ts', 'server\\.ts']),
    layer('modules-are-below-the-app', 'modules/', ['seed/', 'app\\.ts', 'server\\.ts']),
    {
      name: 'module-door-from-modules',
      severity: 'error',
      comment: 'Another module is entered through its index.ts only.',
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        path: '^server/src/modules/([^/]+)/',
        pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'module-door-from-outside',
      severity: 'error',
      comment: 'Outside the modules, a module is entered through its index.ts only.',
      from: { path: '^server/src/', pathNot: '^server/src/modules/' },
      to: { path: '^server/src/modules/[^/]+/', pathNot: '^server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'queries-only-in-repositories',
      severity: 'error',
      comment:
        "A module builds queries in its repository.ts or repository/ folder only: routes and services call it. Types from drizzle-orm and db/schema may be imported anywhere ('import type').",
      from: {
        path: '^server/src/modules/',
        pathNot: '^server/src/modules/[^/]+/(repository\\.ts|repository/)',
      },
      to: {
        path: ['(^|/)node_modules/drizzle-orm/', '^server/src/db/schema'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'portal-features-stand-alone',
      severity: 'error',
      comment: "Portal features don't import each other: they share through packages or the app shell.",
      from: { path: '^portal/src/features/([^/]+)/' },
      to: { path: '^portal/src/features/', pathNot: '^portal/src/features/$1/' },
    },
    {
      name: 'apps-never-import-each-other',
      severity: 'error',
      comment: 'server, portal and site use packages and never each other.',
      from: { path: '^(server|portal|site)/' },
      to: { path: '^(server|portal|site)/', pathNot: '^$1/' },
    },
    {
      name: 'packages-know-no-app',
      severity: 'error',
      comment: 'Shared packages are used by the apps, never the other way round.',
      from: { path: '^(packages|content)/' },
      to: { path: '^(server|portal|site|tests)/' },
    },
    {
      name: 'the-product-never-imports-tests',
      severity: 'error',
      comment: 'What the build and the product run (apps, packages, tools) never imports from tests/.',
      from: { path: '^(server|portal|site|packages|content|tools)/' },
      to: { path: '^tests/' },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      severity: 'error',
      comment: 'packages/domain holds pure rules: it imports none of our other packages.',
      from: { path: '^packages/domain/' },
      to: { path: '^(packages/(?!domain/)|content/|server/|portal/|site/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '\\.gen\\.ts$', '^server/src/db/migrations/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
