// The registry install path for APM agents (docs/observability.md): the companion package
// `portico-express` is published to a real local registry (verdaccio, started here on an ephemeral
// port with its own storage and the public registry as uplink for every other package) in both of
// its lines: 4.(1000·(M+1)+m).p, Portico as Express 4 (`--registry`), and 5.(1000·(M+1)+m).p,
// portico/5 as Express 5 (`--registry --express5`). Two projects install it as `express` with the
// documented dependency and `overrides`, `^4…` and `^5…`, and the agents must then see the same as
// on the Express they replace:
// - Express 4: @opentelemetry/instrumentation-express 0.47 and @sentry/node 7, the scenarios of
//   test/dropin-project, run there against the repository's express@4 as the oracle;
// - Express 5: instrumentation-express 0.49 (the first with `>=4.0.0 <6`) and @sentry/node 9 (7
//   names Express 5 transactions by URL), test/registry/express5-project, installed a second time
//   beside express@5.3 (the repository's `express5` version) as the oracle.
//
// Slow (npm installs through the registry): not part of `npm test`; `npm run test:registry`.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const oracleProject = join(root, 'test', 'dropin-project');
const express5Project = join(root, 'test', 'registry', 'express5-project');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const SCENARIOS = ['opentelemetry.js', 'sentry.js'];

interface Installed {
  name: string;
  version: string;
  portico?: { version: string };
}

function installedExpress(dir: string): Installed {
  return JSON.parse(readFileSync(join(dir, 'node_modules', 'express', 'package.json'), 'utf8')) as Installed;
}

/** The scenario files of `dir/scenarios`, or else test/dropin-project's (the same code on both lines). */
function scenarioSource(dir: string, name: string): string {
  const own = join(dir, 'scenarios', name);
  return existsSync(own) ? own : join(oracleProject, 'scenarios', name);
}

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

/**
 * Runs scenario `name` in the oracle's project and in the installed one: the same output but for
 * the name of `express`. Returns how many spans and transactions (with their spans) were compared.
 */
function compareScenario(oracleDir: string, appDir: string, companionName: string, name: string): number {
  const oracle = scenario(oracleDir, name);
  const installed = scenario(appDir, name);
  assert.equal((oracle.identity as { name: string }).name, 'express');
  assert.equal((installed.identity as { name: string }).name, companionName);
  delete oracle.identity;
  delete installed.identity;
  assert.deepEqual(installed, oracle);
  const transactions = (oracle.transactions ?? []) as Array<string | { spans: unknown[] }>;
  const observed =
    name === 'sentry.js'
      ? transactions.reduce((n, t) => n + 1 + (typeof t === 'string' ? 0 : t.spans.length), 0)
      : (oracle.traces as unknown[][]).flat().length;
  assert.ok(observed > 0);
  return observed;
}

describe('portico-express from a registry, both lines, installed as express with overrides', { timeout: 1_500_000 }, () => {
  let work = '';
  let registry: ChildProcess | undefined;
  let app = '';
  let app5 = '';
  let oracle5 = '';
  let companion = { name: '', version: '' };
  let companion5 = { name: '', version: '' };
  let distTags: Record<string, string> = {};
  let published: string[] = [];

  before(async () => {
    if (!existsSync(join(root, 'dist', 'index.js'))) run(npm, ['run', 'build'], root);
    work = mkdtempSync(join(tmpdir(), 'portico-registry-'));
    const pack = (...flags: string[]): { tarball: string; name: string; version: string } => {
      const tarball = execFileSync(process.execPath, [join(root, 'scripts', 'pack-as-express.mjs'), ...flags, work], { encoding: 'utf8' }).trim();
      const packed = JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' })) as { name: string; version: string };
      return { tarball, ...packed };
    };
    const line4 = pack('--registry');
    const line5 = pack('--registry', '--express5');
    companion = { name: line4.name, version: line4.version };
    companion5 = { name: line5.name, version: line5.version };
    assert.equal(companion5.name, companion.name, 'both lines are one package');

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
    // The Express 4 line stays `latest`; the Express 5 line has a tag of its own.
    run(npm, withRegistry(['publish', line4.tarball, '--loglevel=error']), work);
    run(npm, withRegistry(['publish', line5.tarball, '--tag', 'express5', '--loglevel=error']), work);
    const view = JSON.parse(run(npm, withRegistry(['view', companion.name, 'dist-tags', 'versions', '--json']), work)) as { 'dist-tags': Record<string, string>; versions: string[] };
    distTags = view['dist-tags'];
    published = [...view.versions].sort();

    // A project: `express` as given, the override the docs give, the agents of `from`, its scenarios.
    const project = (name: string, from: string, express: string, overrides: boolean): string => {
      const dir = join(work, name);
      mkdirSync(join(dir, 'scenarios'), { recursive: true });
      for (const file of [...SCENARIOS, 'run-requests.js']) cpSync(scenarioSource(from, file), join(dir, 'scenarios', file));
      const fromDeps = (JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
      const dependencies: Record<string, string> = { express };
      for (const dep of Object.keys(fromDeps)) if (dep.startsWith('@opentelemetry/') || dep === '@sentry/node') dependencies[dep] = fromDeps[dep];
      const manifest = { name, private: true, dependencies, ...(overrides ? { overrides: { express: '$express' } } : {}) };
      writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
      run(npm, withRegistry(['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error']), dir, 600_000);
      return dir;
    };
    // The documented ranges: `^4.1001.0` and `^5.1001.0` for Portico 0.1.x.
    app = project('registry-app', oracleProject, `npm:${companion.name}@^${companion.version}`, true);
    app5 = project('registry-app-5', express5Project, `npm:${companion5.name}@^${companion5.version}`, true);
    const express5Version = (JSON.parse(readFileSync(join(root, 'node_modules', 'express5', 'package.json'), 'utf8')) as { version: string }).version;
    oracle5 = project('express5-oracle', express5Project, express5Version, false);
  });

  after(() => {
    registry?.kill();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('publishes both lines of the companion, the Express 4 one as latest', () => {
    const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    const [major, minor, patch] = own.version.split('.').map(Number);
    const scheme = `${1000 * (major + 1) + minor}.${patch}`;
    assert.equal(companion.version, `4.${scheme}`);
    assert.equal(companion5.version, `5.${scheme}`);
    assert.deepEqual(published, [companion.version, companion5.version]);
    assert.deepEqual(distTags, { latest: companion.version, express5: companion5.version });
  });

  it('installs the companion as node_modules/express, the Express 4 line for ^4', () => {
    const pkg = installedExpress(app);
    assert.equal(pkg.name, companion.name);
    assert.equal(pkg.version, companion.version);
    const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    assert.equal(pkg.portico?.version, own.version);
    assert.equal(typeof (pkg as unknown as { portico: { expressApiVersion: string } }).portico.expressApiVersion, 'string');
  });

  it('installs the companion as node_modules/express, the Express 5 line for ^5, and express@5.3 for the oracle', () => {
    const pkg = installedExpress(app5);
    assert.equal(pkg.name, companion5.name);
    assert.equal(pkg.version, companion5.version);
    const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    assert.equal(pkg.portico?.version, own.version);
    const oracle = installedExpress(oracle5);
    assert.deepEqual([oracle.name, oracle.version], ['express', (JSON.parse(readFileSync(join(root, 'node_modules', 'express5', 'package.json'), 'utf8')) as { version: string }).version]);
  });

  let compared = 0;
  for (const name of SCENARIOS) {
    it(`${name.replace(/\.js$/, '')}: the same spans or transactions as on express@4`, () => {
      compared += compareScenario(oracleProject, app, companion.name, name);
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

  let compared5 = 0;
  for (const name of SCENARIOS) {
    it(`Express 5 line, ${name.replace(/\.js$/, '')}: the same spans or transactions as on express@5.3`, () => {
      compared5 += compareScenario(oracle5, app5, companion5.name, name);
    });
  }

  it('Express 5 line: the agents saw routes, as they do on express@5.3', () => {
    type Span = { name: string; type?: string; expressName?: string; route?: string };
    const otel = scenario(app5, 'opentelemetry.js') as { traces: Span[][] };
    const [, user] = otel.traces;
    // Router 2.3 keeps no matched path on a layer, so instrumentation-express names a route's
    // handler `request handler` on Express 5, and puts the route in its attributes.
    assert.deepEqual(
      user.filter((s) => s.type !== undefined).map((s) => [s.name, s.type, s.expressName, s.route]),
      [
        ['middleware - audit', 'middleware', 'audit', '/'],
        ['middleware - jsonParser', 'middleware', 'jsonParser', '/'],
        ['request handler', 'request_handler', '/users/:id', '/users/:id'],
        ['router - /:id', 'router', '/:id', '/users'],
      ],
    );
    assert.ok(user.some((s) => s.name === 'GET /users/:id' && s.route === '/users/:id'));
    const sentry = scenario(app5, 'sentry.js') as {
      transactions: Array<{ name: string; source: string; spans: Array<{ op: string; description: string }> }>;
      errors: Array<{ message: string; mechanism: string; transaction: string }>;
    };
    assert.deepEqual(
      sentry.transactions.map((t) => [t.name, t.source]),
      [
        ['GET /api/orders/:order/items/:item', 'route'],
        ['GET /api/users/:id', 'route'],
        ['GET /boom', 'route'],
        ['GET /plain', 'route'],
      ],
    );
    assert.ok(sentry.transactions[1].spans.some((s) => s.op === 'request_handler.express' && s.description === '/api/users/:id'));
    assert.deepEqual(sentry.errors, [{ message: 'boom', mechanism: 'middleware', transaction: 'GET /boom' }]);
    console.log(`# registry: ${compared5} spans and transactions compared with express@5.3 (${companion5.name}@${companion5.version} from a local registry)`);
  });
});
