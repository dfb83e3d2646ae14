// What a bundler reads of the built package: every runtime file of dist/ (the entries, their
// bundles and the ES module wrappers) must be followable by static analysis, and a Node process
// that both `require`s and `import`s Portico must get one copy of it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { makeProject, root } from './bundled-app';

const dist = join(root, 'dist');
/** The command-line tools keep tsc's per-file output; they are not part of what an app bundles. */
const TOOLS = /^(cli\.js|doctor\/|starter\/)/;

/** Every runtime JavaScript file of dist/, relative to it. */
function runtimeFiles(dir = dist): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return runtimeFiles(path);
    const rel = relative(dist, path).split('\\').join('/');
    return /\.m?js$/.test(entry.name) && !TOOLS.test(rel) ? [rel] : [];
  });
}

describe('the built package, as bundlers read it', () => {
  it('has no createRequire, import.meta, eval or Function constructor, and requires only literal names', () => {
    assert.ok(existsSync(join(dist, 'esm', 'index.mjs')), 'run `npm run build` first');
    const files = runtimeFiles();
    assert.ok(files.length > 30, `found ${files.length} files`);
    const computed: string[] = [];
    for (const rel of files) {
      const code = readFileSync(join(dist, rel), 'utf8');
      assert.doesNotMatch(code, /createRequire|import\.meta/, rel);
      assert.doesNotMatch(code, /(?<![\w$.])eval\s*\(|(?<![\w$.])Function\s*\(/, rel);
      for (const m of code.matchAll(/(?<![\w$.])require\s*\(\s*([^)]*)\)/g)) {
        if (!/^(["'])[^"']+\1$/.test(m[1].trim())) computed.push(`${rel}: require(${m[1]})`);
      }
    }
    // The one exception: `app.render` loads a view engine by the name of the view's extension, as Express does.
    assert.deepEqual(computed, ['bundle/core.js: require(moduleName)']);
  });

  it('ES module wrappers import the CommonJS build statically', () => {
    for (const name of ['index', '5', 'legacy', 'graceful', 'http2']) {
      const code = readFileSync(join(dist, 'esm', `${name}.mjs`), 'utf8');
      assert.match(code, /^import mod from (['"])\.\.\/[\w/]+\.js\1;$/m, name);
    }
  });

  it('gives a process that requires and imports Portico one copy of it (functions and prototypes)', () => {
    const project = makeProject();
    try {
      const script = join(project.dir, 'dual.mjs');
      writeFileSync(
        script,
        `import { createRequire } from 'node:module';
import portico, { Router, application, request, response, json } from 'portico';
import portico5 from 'portico/5';
import legacy from 'portico/legacy';
import { graceful } from 'portico/graceful';
import { createServer } from 'portico/http2';
const require = createRequire(import.meta.url);
const cjs = require('portico');
const app = portico();
const same = {
  default: portico === cjs,
  Router: Router === cjs.Router,
  application: application === cjs.application,
  request: request === cjs.request && Object.getPrototypeOf(request) === Object.getPrototypeOf(cjs.request),
  response: response === cjs.response,
  json: json === cjs.json,
  appPrototype: Object.getPrototypeOf(app) === Object.getPrototypeOf(cjs()),
  express5: portico5 === require('portico/5'),
  legacy: legacy === require('portico/legacy'),
  graceful: graceful === require('portico/graceful').graceful,
  http2: createServer === require('portico/http2').createServer,
};
console.log(JSON.stringify(same));
`,
      );
      const r = spawnSync(process.execPath, [script], { cwd: project.dir, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const same = JSON.parse(r.stdout) as Record<string, boolean>;
      assert.deepEqual(Object.entries(same).filter(([, v]) => v !== true), []);
      assert.equal(Object.keys(same).length, 11);
    } finally {
      project.remove();
    }
  });
});
