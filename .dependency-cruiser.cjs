/**
 * The import graph's rules, checked by `npm run lint` (dependency-cruiser): no circles, type
 * imports included, and no arrow pointing up. Each half is a stack of layers, lowest first; a
 * module may import from its own layer and those below it, never from one above. An area folder
 * (server/areas/<area>, src/resources/<area>) is one layer shared by every area.
 */

/**
 * Browser and shared declarations, lowest first (a path prefix each). The pages split in two: the
 * home page is a screen the admin shell loads, so it sits below the shell; the public pages are the
 * entry's own (main.tsx renders them, the admin is a lazy chunk), and they are the ones that start
 * the admin: the login form starts the opened screen's first request (src/admin/earlyStart.ts, in
 * the entry chunk) and the admin's download (src/pages/public/adminChunk.ts), so they sit above it.
 */
const BROWSER_LAYERS = [
  // The declaration language: knows no area.
  'src/schema/engine/',
  // Limits every area may use.
  'src/schema/(rules|auth-rules)\\.ts$',
  // The areas' declarations, one folder each.
  'src/schema/(?!engine/|home/summary\\.ts$)[^/]+/',
  // The registries and tables derived from every area (entities, messages, routes, resources, api),
  // and the home page's summary, which names every area's routes and entities.
  'src/schema/((?!rules\\.ts$|auth-rules\\.ts$)[^/]+\\.ts|home/summary\\.ts)$',
  'src/i18n/',
  'src/theme/',
  'src/providers/',
  'src/ui/',
  'src/engine/',
  'src/layout/',
  'src/resources/',
  'src/pages/home/',
  'src/admin/',
  'src/pages/public/',
  'src/main.tsx',
];

/** The server, lowest first; everything of src/ it may use sits below all of it. */
const SERVER_LAYERS = [
  'server/config.ts',
  'server/db/(?!migrations/)',
  'server/http/',
  'server/crud/',
  'server/db/migrations/',
  'server/auth/',
  'server/jobs/',
  'server/openapi/',
  'server/areas/area.ts',
  'server/areas/[^/]+/',
  'server/areas/index.ts',
  // Every migration, the areas' included.
  'server/migrate.ts',
  'server/seed/',
  'server/app.ts',
  'server/main.ts',
];

/** A layer is a path prefix, written as a regular expression (a dot before a letter is literal). */
const escape = (prefix) => prefix.replace(/(?<!\\)\.(?=[a-z])/g, '\\.');
const upwardRules = (layers, half) => layers.slice(0, -1).map((layer, i) => ({
  name: `${half}-no-upward`,
  severity: 'error',
  comment: `${layer} sits below ${layers.slice(i + 1).join(', ')}: it may not import them`,
  from: { path: `^${escape(layer)}` },
  to: { path: layers.slice(i + 1).map((above) => `^${escape(above)}`) },
}));

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'an import circle: split the shared part into a leaf module', from: {}, to: { circular: true } },
    { name: 'browser-no-server', severity: 'error', comment: 'the browser never imports the server', from: { path: '^src/' }, to: { path: '^server/' } },
    { name: 'server-only-shared-src', severity: 'error', comment: 'the server shares only the declarations of src/schema', from: { path: '^server/' }, to: { path: '^src/', pathNot: '^src/schema/' } },
    {
      name: 'browser-area-apart',
      severity: 'error',
      comment: 'an area of the admin imports no other area: what two share is generic and goes down (src/engine, src/ui)',
      from: { path: '^src/resources/([^/]+)/' },
      to: { path: '^src/resources/[^/]+/', pathNot: '^src/resources/$1/' },
    },
    ...upwardRules(BROWSER_LAYERS, 'browser'),
    ...upwardRules(SERVER_LAYERS, 'server'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
