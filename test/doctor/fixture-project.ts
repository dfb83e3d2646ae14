// Builds a small Express 4 project for the doctor's tests, in a temporary folder: an app, a
// node:test suite that talks HTTP to it, express installed from this repository's own copy (with
// its dependencies, so no network is needed), and a dependency that reads Express internals.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runtimeDependencyDirs } from '../../src/doctor/portico-package';

const repoRoot = join(__dirname, '..', '..');

/** Installs this repository's express@4 (or the `express3` alias) as `dir/node_modules/express`. */
export function installExpress(dir: string, from: 'express' | 'express3' = 'express'): void {
  const source = join(repoRoot, 'node_modules', from);
  cpSync(source, join(dir, 'node_modules', 'express'), { recursive: true });
  for (const [name, depDir] of runtimeDependencyDirs(source)) {
    cpSync(depDir, join(dir, 'node_modules', name), { recursive: true, force: false, errorOnExist: false });
  }
}

const APP = `const express = require('express');
const Layer = require('express/lib/router/layer');
const listRoutes = require('route-lister');
const app = express();
app.get('/', (req, res) => res.json({ ok: true, layerIsFunction: typeof Layer === 'function' }));
app.get('/routes', (req, res) => res.json(listRoutes(app)));
module.exports = app;
`;

const TESTS = `const { describe, it } = require('node:test');
const assert = require('node:assert');
const app = require('../app');

async function get(path) {
  const server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  try {
    const res = await fetch('http://127.0.0.1:' + server.address().port + path);
    return { status: res.status, headers: res.headers, body: await res.text() };
  } finally {
    server.close();
  }
}

describe('the app', () => {
  it('answers JSON on /', async () => {
    const res = await get('/');
    assert.strictEqual(res.status, 200);
    assert.deepStrictEqual(JSON.parse(res.body), { ok: true, layerIsFunction: true });
  });
  it('lists its routes', async () => {
    const res = await get('/routes');
    assert.deepStrictEqual(JSON.parse(res.body), ['/', '/routes']);
  });
  it('points at connect for the removed bodyParser', () => {
    assert.throws(() => require('express').bodyParser, (err) => err.message.includes('senchalabs/connect#middleware'));
  });
  it('fails on any framework', () => {
    assert.strictEqual(1, 2);
  });
  it('is skipped', { skip: true }, () => {});
});
`;

const ROUTE_LISTER = `module.exports = function listRoutes(app) {
  return app._router.stack.filter((layer) => layer.route).map((layer) => layer.route.path);
};
module.exports.rawPath = function rawPath(req) {
  return req._parsedUrl && req._parsedUrl.pathname;
};
`;

/** Creates the project and answers its folder (the caller removes it). */
export function createFixtureProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portico-doctor-fixture-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({
    name: 'fixture-app', version: '1.0.0', private: true,
    scripts: { test: 'node --test test/' },
    dependencies: { express: '^4.21.0', 'route-lister': '1.0.0' },
  }, null, 2));
  writeFileSync(join(dir, 'app.js'), APP);
  mkdirSync(join(dir, 'test'));
  writeFileSync(join(dir, 'test', 'app.test.js'), TESTS);
  installExpress(dir);
  const lister = join(dir, 'node_modules', 'route-lister');
  mkdirSync(lister);
  writeFileSync(join(lister, 'package.json'), JSON.stringify({ name: 'route-lister', version: '1.0.0', main: 'index.js', peerDependencies: { express: '4.x' } }));
  writeFileSync(join(lister, 'index.js'), ROUTE_LISTER);
  return dir;
}
