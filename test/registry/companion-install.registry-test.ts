// The registry install path for APM agents (docs/observability.md): the companion package
// (`npm run pack:express -- --registry`, name `portico-express`, an Express 4 version) is published
// to a real local registry (verdaccio, started here on an ephemeral port with its own storage and
// the public registry as uplink for every other package), a small project installs it as `express`
// with the documented dependency and `overrides`, and @opentelemetry/instrumentation-express and
// @sentry/node must then see the same spans and transactions as on express@4 (the scenarios of
// test/dropin-project, run there against the repository's express@4 as the oracle).
//
// Slow (an npm install through the registry): not part of `npm test`; `npm run test:registry`.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const oracleProject = join(root, 'test', 'dropin-project');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const SCENARIOS = ['opentelemetry.js', 'sentry.js'];

function run(command: string, args: string[], cwd: string, timeout = 300_000): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (status ${r.status}, ${r.error ?? ''})\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForRegistry(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('verdaccio exited (' + child.exitCode + '):\n' + output());
    try {
      const res = await fetch(url + '/-/ping');
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('verdaccio did not answer within 60 s:\n' + output());
}

function scenario(dir: string, name: string): Record<string, unknown> {
  const out = run(process.execPath, [join(dir, 'scenarios', name)], dir, 60_000);
  return JSON.parse(out.trim().split('\n').pop() as string) as Record<string, unknown>;
}

describe('portico-express from a registry, installed as express with overrides', { timeout: 900_000 }, () => {
  let work = '';
  let registry: ChildProcess | undefined;
  let app = '';
  let companion = { name: '', version: '' };

  before(async () => {
    if (!existsSync(join(root, 'dist', 'index.js'))) run(npm, ['run', 'build'], root);
    work = mkdtempSync(join(tmpdir(), 'portico-registry-'));
    const tarball = execFileSync(process.execPath, [join(root, 'scripts', 'pack-as-express.mjs'), '--registry', work], { encoding: 'utf8' }).trim();
    const packed = JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' })) as { name: string; version: string };
    companion = { name: packed.name, version: packed.version };

    // The registry: its own storage and users; the companion only from here, the rest proxied.
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const config = join(work, 'verdaccio.yaml');
    writeFileSync(
      config,
      [
        `storage: ${join(work, 'storage')}`,
        'auth:',
        '  htpasswd:',
        `    file: ${join(work, 'htpasswd')}`,
        '    max_users: 10',
        'uplinks:',
        '  npmjs:',
        '    url: https://registry.npmjs.org/',
        '    timeout: 60s',
        'packages:',
        `  '${companion.name}':`,
        '    access: $all',
        '    publish: $authenticated',
        "  '**':",
        '    access: $all',
        '    publish: $authenticated',
        '    proxy: npmjs',
        'log: { type: stdout, format: pretty, level: warn }',
        '',
      ].join('\n'),
    );
    let output = '';
    registry = spawn(process.execPath, [join(root, 'node_modules', 'verdaccio', 'bin', 'verdaccio'), '--config', config, '--listen', `127.0.0.1:${port}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    registry.stdout?.on('data', (c: Buffer) => (output += c));
    registry.stderr?.on('data', (c: Buffer) => (output += c));
    await waitForRegistry(url, registry, () => output);

    // A user to publish as (npm publishes only with a token).
    const res = await fetch(`${url}/-/user/org.couchdb.user:publisher`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'publisher', password: 'publisher-password' }),
    });
    const { token } = (await res.json()) as { token?: string };
    assert.ok(token, 'the registry gave a token: ' + res.status);
    const npmrc = join(work, '.npmrc');
    writeFileSync(npmrc, `registry=${url}/\n//127.0.0.1:${port}/:_authToken=${token}\n`);
    const withRegistry = (args: string[]): string[] => [...args, '--userconfig', npmrc, '--registry', `${url}/`];
    run(npm, withRegistry(['publish', tarball, '--loglevel=error']), work);

    // The project: the documented dependency and override, the agents at the oracle's versions.
    app = join(work, 'app');
    mkdirSync(join(app, 'scenarios'), { recursive: true });
    for (const name of [...SCENARIOS, 'run-requests.js']) cpSync(join(oracleProject, 'scenarios', name), join(app, 'scenarios', name));
    const oracleDeps = (JSON.parse(readFileSync(join(oracleProject, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
    const dependencies: Record<string, string> = { express: `npm:${companion.name}@^${companion.version}` };
    for (const name of Object.keys(oracleDeps)) if (name.startsWith('@opentelemetry/') || name === '@sentry/node') dependencies[name] = oracleDeps[name];
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'registry-app', private: true, dependencies, overrides: { express: '$express' } }, null, 2));
    run(npm, withRegistry(['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error']), app, 600_000);
  });

  after(() => {
    registry?.kill();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('installs the companion as node_modules/express, with an Express 4 version', () => {
    const pkg = JSON.parse(readFileSync(join(app, 'node_modules', 'express', 'package.json'), 'utf8')) as { name: string; version: string; portico: { version: string } };
    assert.equal(pkg.name, companion.name);
    assert.match(pkg.version, /^4\.\d+\.\d+$/);
    const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    assert.equal(pkg.portico.version, own.version);
  });

  let compared = 0;
  for (const name of SCENARIOS) {
    it(`${name.replace(/\.js$/, '')}: the same spans or transactions as on express@4`, () => {
      const oracle = scenario(oracleProject, name);
      const installed = scenario(app, name);
      assert.equal((oracle.identity as { name: string }).name, 'express');
      assert.equal((installed.identity as { name: string }).name, companion.name);
      delete oracle.identity;
      delete installed.identity;
      assert.deepEqual(installed, oracle);
      const observed = name === 'sentry.js' ? (oracle.transactions as unknown[]).length : (oracle.traces as unknown[][]).flat().length;
      assert.ok(observed > 0);
      compared += observed;
    });
  }

  it('the agents saw routes, not bare methods', () => {
    const otel = scenario(app, 'opentelemetry.js') as { traces: Array<Array<{ name: string; route?: string }>> };
    const spans = otel.traces.flat();
    assert.ok(spans.some((s) => s.name === 'middleware - audit'));
    assert.ok(spans.some((s) => s.name === 'request handler - /users/:id' && s.route === '/users/:id'));
    const sentry = scenario(app, 'sentry.js') as { transactions: string[] };
    assert.deepEqual(sentry.transactions, ['GET /api/orders/:order/items/:item', 'GET /api/users/:id', 'GET /plain']);
    console.log(`# registry: ${compared} spans and transactions compared with express@4 (${companion.name}@${companion.version} from a local registry)`);
  });
});
