// The floors of the house (docs/architecture.md, "Floors"), as rules a tool checks on every `npm test`
// (test/architecture/boundaries.test.ts) and by hand with `npm run check:boundaries`.
// Type-only imports count: an `import type` from a higher floor couples the floors just the same.

/** The folders of the core above the ground floor (http/) and beside it (db/). */
const ABOVE_THE_FLOORS = '^src-main/core/(domain|partner|control|journal|owner|openapi|mcp)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-without-electron',
      comment:
        'The core and src-shared run under plain Node (tests, `serve`, the container): only the Electron host ' +
        'may import electron.',
      severity: 'error',
      from: { path: '^(src-main/core|src-shared)/' },
      to: { path: '^electron$|(^|/)node_modules/electron/' },
    },
    {
      name: 'http-is-the-ground-floor',
      comment:
        'http/ is wire only (body reading, envelopes, headers): it may import http/, src-shared, the leaf ' +
        'utilities at the root of the core (errors, clock, memo, load-once, events), npm packages and node ' +
        'builtins — nothing that knows the domain. What it needs from above is passed in.',
      severity: 'error',
      from: { path: '^src-main/core/http/' },
      to: {
        dependencyTypesNot: ['core'],
        pathNot: [
          '^src-main/core/http/',
          '^src-main/core/(errors|clock|memo|load-once|events)\\.ts$',
          '^src-shared/',
          '(^|/)node_modules/',
        ],
      },
    },
    {
      name: 'db-is-a-ground-floor',
      comment: 'db/ stores rows; the rules that give them meaning live above it and call it, never the reverse.',
      severity: 'error',
      from: { path: '^src-main/core/db/' },
      to: { path: ABOVE_THE_FLOORS },
    },
    {
      name: 'domain-below-the-routes',
      comment:
        'domain/ and journal/ hold the rules and the record; the routes on top (partner, control, owner, mcp) call ' +
        'them, never the reverse (domain/owner-port.ts once imported the owner routes\' token check).',
      severity: 'error',
      from: { path: '^src-main/core/(domain|journal)/' },
      to: { path: '^src-main/core/(partner|control|owner|mcp)/' },
    },
    {
      name: 'journal-through-its-entry',
      comment:
        'The journal is one module (core/journal/index.ts says what it offers): the domain and the partner pipeline ' +
        'use that entry, never its internals, so capture, masking, batching and storage can change behind it.',
      severity: 'error',
      from: { path: '^src-main/core/(domain|partner)/' },
      to: { path: '^src-main/core/journal/', pathNot: '^src-main/core/journal/index\\.ts$' },
    },
    {
      name: 'control-through-the-port',
      comment:
        'The control routes and the MCP server reach the simulator through the control port\'s named queries and ' +
        'commands (domain/control-port.ts), never a service, a repository or the database (authentication\'s ' +
        'constant-time compare aside).',
      severity: 'error',
      from: { path: '^src-main/core/(control|mcp)/' },
      to: { path: '^src-main/core/(domain|db)/', pathNot: '^src-main/core/domain/(control-port|authentication)\\.ts$' },
    },
    {
      name: 'renderer-through-shared-only',
      comment:
        'The UI talks to the simulator over the control API only (architecture principle 2): it may import ' +
        'src-renderer, src-shared and npm packages, never src-main.',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { pathNot: ['^src-renderer/', '^src-shared/', '(^|/)node_modules/'] },
    },
    {
      name: 'shared-imports-only-shared',
      comment: 'src-shared is read by both the core and the UI: importing from either would drag it into the other.',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { dependencyTypesNot: ['core'], pathNot: ['^src-shared/', '(^|/)node_modules/'] },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
