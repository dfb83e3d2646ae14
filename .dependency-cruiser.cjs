// The layers of src/ as rules (docs/architecture.md draws them). `npm run lint` runs
// `depcruise src`, so a change that breaks one fails `npm test`.
//
// Only value imports count: with tsPreCompilationDeps off, dependency-cruiser reads what the
// TypeScript compiler emits, where `import type` (and any import used only as a type) is gone.
// Types may point anywhere; what runs may only point down.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment: 'Folders of src/ form layers: a folder never imports (for a value) one that imports it back, directly or around a loop.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src' },
      to: { path: '^src', circular: true },
    },
    {
      name: 'core-not-on-compat-layers',
      comment: 'legacy/ (the 3.x layer), express5/ (the 5.x layer) and lib/ (the express/lib/* paths) sit on top of the core and adapt it; the core never imports them.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(legacy|express5|lib)/' },
      to: { path: '^src/(legacy|express5|lib)/' },
    },
    {
      name: 'transport-only-from-application',
      comment: 'transport/ adapts node:http2 objects to the HTTP/1 prototypes in one place: application/ (and legacy/ on top) import it; request/response code reads the public API both offer.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(application|legacy|transport)/' },
      to: { path: '^src/transport/' },
    },
    {
      name: 'leaves-not-on-application',
      comment: 'body/, files/ and views/ are used by the application, never the other way: pass them a setting instead of importing application/.',
      severity: 'error',
      from: { path: '^src/(body|files|views)/' },
      to: { path: '^src/application/' },
    },
    {
      name: 'bottom-imports-nothing-of-ours',
      comment: 'errors/, http/ and transport/ are the bottom layer: they import node and npm packages only.',
      severity: 'error',
      from: { path: '^src/(errors|http|transport)/' },
      to: { path: '^src/', pathNot: '^src/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: false,
  },
};
