import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import diagnostics from 'node:diagnostics_channel';
import { send } from '../../helpers/server';
import { startPair, type Next, type Req, type Res, type Pair } from '../../helpers/router5-compare';

// The `express.router.request` tracing channel of an Express 5 router: the events published for a
// request on router@2.3 and on createRouter5, in order, by kind, route, handler name, param and
// error message.

type Ctx = { route?: unknown; handler?: { name?: string }; param?: unknown; error?: unknown; incomingError?: unknown; errorHandler?: unknown };

const channel = diagnostics.tracingChannel<Ctx>('express.router.request');
let events: string[] = [];

function show(value: unknown): string {
  if (value instanceof Error) return 'Error(' + value.message + ')';
  if (value instanceof RegExp) return String(value);
  return JSON.stringify(value) ?? 'undefined';
}

const record = (kind: string) => (ctx: Ctx) => {
  events.push([kind, 'route=' + show(ctx.route), 'handler=' + (ctx.handler?.name ?? '?'), 'param=' + show(ctx.param), 'error=' + show(ctx.error), 'incoming=' + show(ctx.incomingError), 'errorHandler=' + show(ctx.errorHandler)].join(' '));
};
const subscribers = { start: record('start'), end: record('end'), asyncStart: record('asyncStart'), asyncEnd: record('asyncEnd'), error: record('error') };

describe('createRouter5 on the express.router.request tracing channel as router@2.3', () => {
  let pair: Pair;
  before(async () => {
    channel.subscribe(subscribers);
    pair = await startPair((Router) => {
      const r = Router();
      r.param('id', function loadId(_req: Req, _res: Res, next: Next) {
        next();
      });
      r.use('/m', function mounted(_req: Req, _res: Res, next: Next) {
        next();
      });
      r.get(['/a/:id', '/b/*rest'], function first(_req: Req, _res: Res, next: Next) {
        next();
      }, function last(req: Req, res: Res) {
        res.end(JSON.stringify(req.params));
      });
      r.get('/fail/:id', async function failing() {
        throw new Error('failed');
      });
      r.use(function handled(err: Error, _req: Req, res: Res, _next: Next) {
        res.statusCode = 500;
        res.end(err.message);
      });
      return r;
    });
  });
  after(async () => {
    channel.unsubscribe(subscribers);
    await pair.close();
  });

  for (const path of ['/a/1', '/b/x/y', '/m/a/2', '/fail/3', '/none']) {
    it(`publishes the same events for ${path}`, async () => {
      events = [];
      const expected = await send(pair.oracle.port, { path });
      const expectedEvents = events;
      events = [];
      const actual = await send(pair.portico.port, { path });
      assert.equal(actual.text, expected.text);
      assert.deepEqual(events, expectedEvents);
      assert.ok(expectedEvents.length > 0 || path === '/none');
    });
  }
});
