/**
 * The import rules of ARCHITECTURE §1, checked by `npm run lint` (dependency-cruiser).
 * Server: modules form no cycle (neither file by file nor folded into module folders), a
 * module is imported only through its index.ts, infra and core know no module, lib knows
 * nothing of the server. Web: a feature never imports another feature, shared code and the
 * widget never import a feature. Tests may reach inside a module (they are not cruised).
 */
const SERVER = '^apps/server/src/';
const MODULE = `${SERVER}modules/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'A file that imports itself through others: split the shared part out, or invert the dependency.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment:
        'Server modules folded into their folders form a cycle: one of them must stop importing the other ' +
        '(move the shared part to core/, or publish an event on the bus).',
      scope: 'folder',
      from: { path: `${MODULE}[^/]+$` },
      to: { path: `${MODULE}[^/]+$`, circular: true },
    },
    {
      name: 'module-through-index',
      severity: 'error',
      comment: 'Another module is imported only through its index.ts (its public face), never a file inside it.',
      from: { path: `${MODULE}([^/]+)/` },
      to: { path: `${MODULE}[^/]+/`, pathNot: [`${MODULE}$1/`, `${MODULE}[^/]+/index\\.ts$`] },
    },
    {
      name: 'app-through-index',
      severity: 'error',
      comment: 'app.ts wires modules through their index.ts.',
      from: { path: `${SERVER}[^/]+\\.ts$` },
      to: { path: `${MODULE}[^/]+/`, pathNot: `${MODULE}[^/]+/index\\.ts$` },
    },
    {
      name: 'infra-knows-no-module',
      severity: 'error',
      comment: 'Infrastructure (db, bus, queue, mail, storage, llm) is below every module and core.',
      from: { path: `${SERVER}infra/` },
      to: { path: `${SERVER}(modules|core)/` },
    },
    {
      name: 'core-knows-no-module',
      severity: 'error',
      comment: 'core/ (errors, context, auth, ownership, multipart, events) serves every module and imports none.',
      from: { path: `${SERVER}core/` },
      to: { path: MODULE },
    },
    {
      name: 'lib-is-pure',
      severity: 'error',
      comment: 'lib/ holds pure helpers: nothing of modules, core or infra.',
      from: { path: `${SERVER}lib/` },
      to: { path: `${SERVER}(modules|core|infra)/` },
    },
    {
      name: 'web-feature-isolation',
      severity: 'error',
      comment: 'A web feature never imports another feature: move what both need to shared/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-knows-no-feature',
      severity: 'error',
      comment: 'shared/ code serves features and never imports one, nor app/.',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'widget-stays-alone',
      severity: 'error',
      comment: 'The widget is embedded on customers’ sites: no web app or server code in it.',
      from: { path: '^apps/widget/src/' },
      to: { path: '^apps/(web|server)/' },
    },
    {
      name: 'contract-stays-alone',
      severity: 'error',
      comment: 'packages/contract is shared by every app and imports none.',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '/test/', 'test-utils', 'test-visitor-server', '/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    metrics: true,
  },
};
