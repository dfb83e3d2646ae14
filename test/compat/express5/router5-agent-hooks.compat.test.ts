import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express5 from 'express5';
import portico5 from '../../../src/express5/index';
import { send, startServer, type Listener } from '../../helpers/server';

// What APM agents for Express 5 (OpenTelemetry's instrumentation-express ≥ 0.49, Sentry's
// Express 5 integration) rely on, on portico/5 and on express@5.3: they wrap `route` and `use` on
// `express.Router.prototype` to reach every router (the application's included), then wrap the
// `handle` of each new layer and name a route handler's span by whether `layer.path` is set when it
// runs. Here the same wrapping is done on both, and what the wrappers saw is compared.

type Fn = (...args: unknown[]) => unknown;
type Handle = (req: { url?: string }, res: unknown, next: unknown) => unknown;
interface AgentLayer {
  name: string;
  handle: Handle;
  path?: unknown;
  route?: unknown;
}
interface RouterLike {
  stack: AgentLayer[];
}
type Framework = typeof express5;

const frameworks: Array<[string, Framework]> = [
  ['express@5.3', express5],
  ['portico/5', portico5 as unknown as Framework],
];

function routerPrototype(express: Framework): Record<string, Fn> {
  return (express.Router as unknown as { prototype: Record<string, Fn> }).prototype;
}

/** Wraps Router.prototype.route/use as the agents do; returns what the layer wrappers saw and an undo. */
function instrument(express: Framework): { seen: string[]; registered: string[]; undo: () => void } {
  const proto = routerPrototype(express);
  const seen: string[] = [];
  const registered: string[] = [];
  const originals = { route: proto.route, use: proto.use };
  const wrapLast = (router: RouterLike, how: string): void => {
    const layer = router.stack[router.stack.length - 1];
    registered.push(`${how} ${layer.name}`);
    const original = layer.handle;
    layer.handle = function (this: unknown, req, res, next) {
      seen.push(`${layer.name} path=${JSON.stringify(layer.path) ?? 'undefined'} route=${layer.route !== undefined} url=${req.url}`);
      return original.call(this, req, res, next);
    };
  };
  proto.route = function (this: RouterLike, ...args: unknown[]) {
    const result = originals.route.apply(this, args);
    wrapLast(this, 'route');
    return result;
  };
  proto.use = function (this: RouterLike, ...args: unknown[]) {
    const result = originals.use.apply(this, args);
    wrapLast(this, 'use');
    return result;
  };
  return {
    seen,
    registered,
    undo: () => {
      proto.route = originals.route;
      proto.use = originals.use;
    },
  };
}

function buildApp(express: Framework): Listener {
  const app = express();
  app.use(function audit(_req, _res, next) {
    next();
  });
  const users = express.Router();
  users.get('/:id', (req, res) => {
    res.send('user ' + req.params.id);
  });
  app.use('/users', users);
  app.get('/health', (_req, res) => {
    res.send('ok');
  });
  return app as unknown as Listener;
}

async function observe(express: Framework): Promise<{ seen: string[]; registered: string[]; bodies: string[] }> {
  const agent = instrument(express);
  try {
    const server = await startServer(buildApp(express));
    try {
      const bodies: string[] = [];
      for (const path of ['/health', '/users/42', '/missing']) {
        const r = await send(server.port, { path });
        bodies.push(`${path} ${r.status} ${r.status === 404 ? '' : r.text}`);
      }
      return { seen: agent.seen, registered: agent.registered, bodies };
    } finally {
      await server.close();
    }
  } finally {
    agent.undo();
  }
}

describe('portico/5 against express@5.3 as APM agents for Express 5 hook it', () => {
  for (const [label, express] of frameworks) {
    it(`${label}: Router.prototype holds route and use, and every router inherits from it`, () => {
      const proto = routerPrototype(express);
      assert.equal(typeof proto.route, 'function');
      assert.equal(typeof proto.use, 'function');
      const router = express.Router();
      assert.ok(router instanceof (express.Router as unknown as new () => unknown));
      assert.equal(router.route, proto.route);
      const app = express() as unknown as { router: { use: unknown } };
      assert.equal(app.router.use, proto.use);
    });
  }

  it('the wrappers on Router.prototype see the same layers, paths and requests', async () => {
    const [theirs, ours] = await Promise.all(frameworks.map(([, express]) => observe(express)));
    assert.deepEqual(ours, theirs);
    // What the agents build their spans from, as express@5.3 shows it: the app's own `use` and
    // `get` go through Router.prototype, and a route's layer has no matched path when it runs.
    assert.deepEqual(theirs.registered, ['use audit', 'route handle', 'use router', 'route handle']);
    assert.ok(theirs.seen.includes('handle path=undefined route=true url=/health'));
    assert.ok(theirs.seen.includes('router path=undefined route=false url=/42'));
    assert.deepEqual(theirs.bodies, ['/health 200 ok', '/users/42 200 user 42', '/missing 404 ']);
  });
});
