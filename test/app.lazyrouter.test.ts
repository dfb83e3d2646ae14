import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import portico from '../src/index';
import { compareApps, type FrameworkLike } from './helpers/compare';

/*
 * Issue 28: frameworks built on Express 4 replace `app.lazyrouter` (LoopBack installs its middleware
 * phases there), and Express 4 calls `this.lazyrouter()` from `app.use`, `app.route`, `app.param`,
 * `app.all` and each method function. The counts below are measured on express@4 in the same test.
 */

type Registration = (app: ReturnType<FrameworkLike>) => void;

/** The hook as Express 4 has it (its published types leave it out). */
interface Hooked {
  lazyrouter: (this: { _router?: { use(fn: unknown): void } }, ...args: unknown[]) => unknown;
}

const noop = (_req: unknown, _res: unknown, next: () => void): void => next();

const REGISTRATIONS: Array<[string, Registration]> = [
  ['app.use(fn)', (app) => app.use(noop)],
  ['app.use twice', (app) => app.use(noop).use('/x', noop)],
  ['app.use(path, subApp)', (app) => app.use('/s', express())],
  ['app.get(path, fn)', (app) => app.get('/x', noop)],
  ["app.get('env') (a setting)", (app) => void app.get('env')],
  ['app.post(path, fn)', (app) => app.post('/x', noop)],
  ['app.all(path, fn)', (app) => app.all('/x', noop)],
  ['app.param(name, fn)', (app) => app.param('id', noop)],
  ['app.param([a, b], fn)', (app) => app.param(['id', 'b'], noop)],
  ['app.route(path)', (app) => void app.route('/x')],
  ["the issue's sequence", (app) => void app.use(noop).get('/x', noop).param('id', noop).route('/y')],
];

/** How many times `registration` calls the app's own (replaced) `lazyrouter`. */
function lazyrouterCalls(framework: FrameworkLike, registration: Registration): number {
  const app = framework();
  const hooks = app as unknown as Hooked;
  const original = hooks.lazyrouter;
  let calls = 0;
  hooks.lazyrouter = function counted(this: ThisParameterType<Hooked['lazyrouter']>, ...args: unknown[]) {
    calls++;
    return original.apply(this, args);
  };
  registration(app);
  return calls;
}

/** A framework in LoopBack's manner: its `lazyrouter` builds the router, then puts a phase layer first. */
function phasedApp(framework: FrameworkLike) {
  const app = framework();
  const hooks = app as unknown as Hooked;
  const original = hooks.lazyrouter;
  hooks.lazyrouter = function phased(this: { _router?: { use(fn: unknown): void } }) {
    if (this._router) return;
    original.call(this);
    this._router!.use(function initialPhase(_req: unknown, res: { setHeader(n: string, v: string): void }, next: () => void) {
      res.setHeader('x-phase', 'initial');
      next();
    });
  };
  app.get('/x', (req, res) => res.json({ query: req.query }));
  app.use((_req: unknown, res: { status(n: number): { send(s: string): void } }) => res.status(404).send('none'));
  return app;
}

describe('app.lazyrouter is called as Express 4 calls it', () => {
  for (const [label, registration] of REGISTRATIONS) {
    it(`${label}: as many calls as express@4`, () => {
      const expected = lazyrouterCalls(express, registration);
      assert.equal(lazyrouterCalls(portico as unknown as FrameworkLike, registration), expected);
    });
  }

  it("the issue's sequence calls it four times (app.use, app.get, app.param, app.route)", () => {
    assert.equal(lazyrouterCalls(portico as unknown as FrameworkLike, REGISTRATIONS[REGISTRATIONS.length - 1][1]), 4);
  });

  it('a replaced lazyrouter arranges the stack every request then goes through (differential)', async () => {
    const pairs = await compareApps(phasedApp, [{ path: '/x?a=1' }, { path: '/nothing' }]);
    assert.equal(pairs[0].express.headers['x-phase'], 'initial');
    for (const { portico: p, express: e } of pairs) {
      assert.equal(p.status, e.status);
      assert.equal(p.text, e.text);
      assert.equal(p.headers['x-phase'], e.headers['x-phase']);
    }
  });
});
