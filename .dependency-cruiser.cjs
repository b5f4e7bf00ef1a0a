/**
 * The layers of the platform (docs/architecture.md), enforced by `npm run lint`.
 * Packages: schema <- engine <- flow; schema, engine <- renderer <- designer (designer may use flow).
 * Apps: the server uses schema, engine, flow; the host uses everything; packages never import apps.
 * Inside the server: routes files never import routes files; lower layers never import domains.
 */
const pkg = (name) => `^packages/${name}/`;
/** A route module: a thin Fastify plugin of one domain. */
const ROUTE_MODULE = '^apps/server/src/domains/[^/]+/routes/[^/]+\\.ts$';
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: split the shared part into a module both sides import.',
      from: { path: '^(packages|apps|examples)/' },
      to: { circular: true, viaOnly: { pathNot: '\\.d\\.ts$' } },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'schema-is-the-bottom',
      severity: 'error',
      from: { path: pkg('schema') },
      to: { path: '^packages/(engine|flow|renderer|designer)/' },
    },
    {
      name: 'engine-uses-schema-only',
      severity: 'error',
      from: { path: pkg('engine') },
      to: { path: '^packages/(flow|renderer|designer)/' },
    },
    {
      name: 'flow-uses-schema-and-engine-only',
      severity: 'error',
      from: { path: pkg('flow') },
      to: { path: '^packages/(renderer|designer)/' },
    },
    {
      name: 'renderer-never-imports-designer-or-flow',
      severity: 'error',
      from: { path: pkg('renderer') },
      to: { path: '^packages/(designer|flow)/' },
    },
    {
      name: 'pure-packages-stay-pure',
      severity: 'error',
      comment:
        'schema, engine and flow run in the browser and the server alike: no React, no Node built-ins.',
      from: { path: '^packages/(schema|engine|flow)/src/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(react|react-dom|antd)($|/)|^node:', dependencyTypes: ['npm', 'core', 'npm-peer'] },
    },
    {
      name: 'server-never-imports-host-or-react-packages',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/host/|^packages/(renderer|designer)/' },
    },
    {
      name: 'host-never-imports-server',
      severity: 'error',
      from: { path: '^apps/host/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'routes-never-import-routes',
      severity: 'error',
      comment:
        'Route modules (domains/<d>/routes/*.ts) are imported only by their own domain index (which registers them) and by tests: a route module or a service that needs shared code imports a service.',
      from: {
        path: '^apps/server/src/',
        pathNot: '^apps/server/src/domains/[^/]+/index\\.ts$|\\.test\\.ts$|\\.suite\\.ts$',
      },
      to: { path: ROUTE_MODULE },
    },
    {
      name: 'a-domain-registers-only-its-own-routes',
      severity: 'error',
      from: { path: '^apps/server/src/domains/([^/]+)/index\\.ts$' },
      to: { path: ROUTE_MODULE, pathNot: '^apps/server/src/domains/$1/routes/' },
    },
    {
      name: 'lower-server-layers-never-import-domains',
      severity: 'error',
      comment: 'db, bus, http, files and ws sit below the domains.',
      from: {
        path: '^apps/server/src/(db|bus|http|ws)/',
        pathNot: '\\.test\\.ts$|^apps/server/src/db/(types|tables/)',
      },
      to: { path: '^apps/server/src/(domains|routes)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|bench-results|e2e-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['kp-source', 'import', 'types', 'default'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
