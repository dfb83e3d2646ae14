import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/*
 * The recipe of docs/observability.md (examples/opentelemetry/router-spans.js): OpenTelemetry spans
 * from the express.router.request channel, on a plain Portico (no patching, no version games).
 * The same app runs on express@4 under @opentelemetry/instrumentation-express, the usual setup,
 * and the spans are compared: the recipe must give every middleware and router span that the
 * instrumentation gives (less Express 4's own `query` and `expressInit`; spans that start in the
 * same microsecond have no reliable order, so they are compared as sets), a span per route
 * handler, and the server span named after the full route.
 */

interface Layer {
  name: string;
  type?: string;
  expressName?: string;
  parentIsServer: boolean;
  error: boolean;
}
interface Trace {
  server?: { name: string; route: string | null };
  layers: Layer[];
}
interface Run {
  responses: string[];
  traces: Trace[];
}

const fixture = join(__dirname, 'fixtures', 'otel-app.cjs');

function run(args: string[]): Run {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fixture, ...args], { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`otel-app ${args.join(' ')} failed (${r.status})\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop() as string) as Run;
}

describe('OpenTelemetry spans from the express.router.request channel (the documented recipe)', () => {
  const portico = run(['channel', join(__dirname, '..', '..', 'src', 'index.ts')]);
  const express4 = run(['express4']);

  it('answers as express@4 does', () => {
    assert.deepEqual(portico.responses, express4.responses);
    assert.equal(portico.traces.length, 4);
  });

  it('names the server span after the full route, and sets http.route', () => {
    assert.deepEqual(
      portico.traces.map((t) => t.server),
      [
        { name: 'GET /api/users/:id', route: '/api/users/:id' },
        { name: 'GET /health', route: '/health' },
        { name: 'GET /api/fail', route: '/api/fail' },
        // A 404 has no route: the span keeps the method alone, as with the instrumentation.
        { name: 'GET', route: null },
      ],
    );
    // instrumentation-express 0.47 leaves the mount path of a router out of the name, and names
    // a 404 after the last middleware's path.
    assert.deepEqual(
      express4.traces.map((t) => t.server?.name),
      ['GET /users/:id', 'GET /health', 'GET /fail', 'GET /'],
    );
  });

  it('gives each middleware and router the span the instrumentation gives it', () => {
    let compared = 0;
    portico.traces.forEach((trace, i) => {
      // The error handler gets a span of its own from the channel; the instrumentation gives none.
      const ours = trace.layers
        .filter((l) => (l.type === 'middleware' || l.type === 'router') && l.name !== 'middleware - onError')
        .map((l) => l.name)
        .sort();
      const theirs = express4.traces[i].layers
        .filter((l) => (l.type === 'middleware' || l.type === 'router') && l.expressName !== 'query' && l.expressName !== 'expressInit')
        .map((l) => l.name)
        .sort();
      assert.deepEqual(ours, theirs, 'request ' + i);
      compared += theirs.length;
    });
    assert.equal(compared, 8);
    assert.ok(portico.traces[2].layers.some((l) => l.name === 'middleware - onError'));
    console.log('# otel-router-spans: ' + compared + ' middleware and router spans compared with instrumentation-express on express@4, 4 server spans checked');
  });

  it('gives each route handler a span named after its route, and marks the one that threw', () => {
    const handlers = portico.traces.map((t) => t.layers.filter((l) => l.type === 'request_handler').map((l) => l.name + (l.error ? ' (error)' : '')));
    assert.deepEqual(handlers, [
      ['request handler - /api/users/:id', 'request handler - /api/users/:id'],
      ['request handler - /health'],
      ['request handler - /api/fail (error)'],
      [],
    ]);
    for (const trace of portico.traces) for (const layer of trace.layers) assert.equal(layer.parentIsServer, true, layer.name);
  });
});
