import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import util from 'node:util';
import type { AddressInfo } from 'node:net';
import express from 'express';
import portico from '../src/index';
import legacy from '../src/legacy/index';
import { compareApps, type FrameworkLike } from './helpers/compare';
import { compareLegacyApps, type LegacyFramework } from './helpers/legacy-oracle';
import { send, type SimpleResponse } from './helpers/server';

/*
 * Issue 28: the prototypes behind every request are shared by the whole process, and debuggers,
 * util.inspect and assertion libraries read their accessors with the prototype itself as `this`.
 * Every accessor Portico defines there (found by walking the prototype chains, so that a new one is
 * covered without touching this file) is read on every such prototype; none may throw, warn or add
 * anything to any object of the chain, and requests served afterwards answer as express@4's do.
 */

/** Where Portico's part of a chain ends: node's own classes, whose accessors are node's (and Express's). */
const NODE_PROTOTYPES = new Set<object>([http.IncomingMessage.prototype, http.ServerResponse.prototype, Object.prototype]);

/** The objects of `root`'s prototype chain that Portico built, `root` first. */
function porticoChain(root: object): object[] {
  const chain: object[] = [];
  for (let o: object | null = root; o !== null && !NODE_PROTOTYPES.has(o); o = Object.getPrototypeOf(o) as object | null) chain.push(o);
  return chain;
}

/** Every accessor (name or Symbol) with a getter defined along `root`'s Portico chain. */
function accessorsOf(root: object): PropertyKey[] {
  const names = new Set<PropertyKey>();
  for (const o of porticoChain(root)) {
    for (const key of Reflect.ownKeys(o)) if (Object.getOwnPropertyDescriptor(o, key)?.get !== undefined) names.add(key);
  }
  return [...names];
}

/** The prototypes requests and responses inherit from, in 4.x and in the legacy layer, by label. */
function sharedPrototypes(): Array<[string, object]> {
  const app = portico();
  const sub = portico();
  app.use('/sub', sub);
  const legacyApp = legacy();
  return [
    ['portico.request', portico.request],
    ['portico.response', portico.response],
    ['app.request', app.request],
    ['app.response', app.response],
    ['mounted app.request', sub.request],
    ['mounted app.response', sub.response],
    ['legacy.request', legacy.request as object],
    ['legacy.response', legacy.response as object],
    ['legacy app.request', legacyApp.request as object],
    ['legacy app.response', legacyApp.response as object],
  ];
}

/** Own keys of every object of the chain, so that a value stored anywhere on it shows. */
function snapshot(root: object): string[] {
  return porticoChain(root).flatMap((o, depth) => Reflect.ownKeys(o).map((k) => `${depth}:${String(k)}`));
}

/** Reads every accessor of every shared prototype; returns what went wrong (empty when nothing). */
async function readEveryAccessor(): Promise<{ problems: string[]; read: string[] }> {
  const problems: string[] = [];
  const read: string[] = [];
  const warnings: string[] = [];
  const onWarning = (w: Error): void => void warnings.push(`${w.name}: ${w.message}`);
  process.on('warning', onWarning);
  try {
    for (const [label, proto] of sharedPrototypes()) {
      for (const key of accessorsOf(proto)) {
        const before = snapshot(proto);
        try {
          void (proto as Record<PropertyKey, unknown>)[key];
        } catch (err) {
          problems.push(`${label}.${String(key)} throws ${(err as Error).message}`);
        }
        const after = snapshot(proto);
        if (after.join() !== before.join()) problems.push(`${label}.${String(key)} added ${after.filter((k) => !before.includes(k)).join(', ')}`);
        read.push(`${label}.${String(key)}`);
      }
    }
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  for (const w of warnings) problems.push(`warning ${w}`);
  return { problems, read };
}

/** The 4.x app the requests go to: the query, the host-derived getters and a mounted app. */
function infoApp(framework: FrameworkLike) {
  const app = framework();
  app.get('/q', (req, res) => res.json(req.query));
  app.get('/info', (req, res) => {
    res.json({ query: req.query, path: req.path, hostname: req.hostname, protocol: req.protocol, secure: req.secure, subdomains: req.subdomains, xhr: req.xhr, ip: req.ip, ips: req.ips, fresh: req.fresh, stale: req.stale });
  });
  const sub = framework();
  sub.get('/q', (req, res) => res.json(req.query));
  app.use('/sub', sub);
  return app;
}

const REQUESTS = [
  { path: '/q?a=1' },
  { path: '/q?b=2&c[d]=3' },
  { path: '/q' },
  { path: '/info?x=y', headers: { host: 'a.b.example.com', 'x-requested-with': 'XMLHttpRequest' } },
  { path: '/sub/q?s=1' },
];

/** GET on an app served by Portico's own server (`app.listen`), whose requests are born with Portico's prototype. */
async function throughOwnServer(path: string): Promise<SimpleResponse> {
  const app = infoApp(portico as unknown as FrameworkLike);
  const server = app.listen(0, '127.0.0.1') as http.Server;
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await send((server.address() as AddressInfo).port, { path });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('accessors read on the shared request and response prototypes', () => {
  it('finds the accessors to read by walking the chains (host, auth and locals among them)', () => {
    const keys = accessorsOf(portico.request).map(String);
    for (const name of ['host', 'hostname', 'path', 'protocol', 'subdomains', 'ip', 'fresh']) assert.ok(keys.includes(name), name);
    assert.ok(accessorsOf(legacy.request as object).map(String).includes('auth'));
    assert.ok(accessorsOf(legacy.response as object).map(String).includes('locals'));
  });

  it('express.request.query is undefined, as on express@4 (req.query is an own property set as a request enters an app)', () => {
    assert.equal((express.request as { query?: unknown }).query, undefined);
    assert.equal(portico.request.query, undefined);
    assert.equal(portico().request.query, undefined);
  });

  it('reading each one neither throws, nor warns, nor stores anything on a prototype', async () => {
    const { problems, read } = await readEveryAccessor();
    assert.ok(read.length > 50, `only ${read.length} accessors read`);
    assert.deepEqual(problems, []);
  });

  it('requests served after those reads answer as express@4 (GET /q?a=1 -> {"a":"1"}), on a foreign server and on app.listen', async () => {
    await readEveryAccessor();
    const pairs = await compareApps(infoApp, REQUESTS);
    assert.equal(pairs[0].express.text, '{"a":"1"}');
    for (const { portico: p, express: e } of pairs) {
      assert.equal(p.status, e.status);
      assert.equal(p.text, e.text);
    }
    for (let i = 0; i < REQUESTS.length; i++) {
      if (REQUESTS[i].headers) continue;
      const own = await throughOwnServer(REQUESTS[i].path);
      assert.equal(own.text, pairs[i].express.text, REQUESTS[i].path);
    }
  });

  it('util.inspect of every prototype leaves later requests unchanged', async () => {
    for (const [, proto] of sharedPrototypes()) util.inspect(proto, { getters: true, showHidden: true, depth: 4 });
    util.inspect(express.request, { getters: true, depth: 1 });
    const pairs = await compareApps(infoApp, REQUESTS);
    for (const { portico: p, express: e } of pairs) assert.equal(p.text, e.text);
    assert.equal((await throughOwnServer('/q?a=1')).text, '{"a":"1"}');
  });

  it('legacy requests served after those reads answer as express@3', async () => {
    await readEveryAccessor();
    const build = (framework: LegacyFramework) => {
      const app = framework();
      app.get('/q', (req: { query: unknown }, res: { json(v: unknown): void }) => res.json(req.query));
      app.get('/accepted', (req: { accepted: Array<{ value: string }> }, res: { json(v: unknown): void }) => res.json(req.accepted.map((a) => a.value)));
      app.get('/locals', (_req: unknown, res: { locals: ((v: object) => void) & Record<string, unknown>; json(v: unknown): void }) => {
        res.locals({ a: 1 });
        res.json({ a: res.locals.a });
      });
      return app;
    };
    const pairs = await compareLegacyApps(build, [{ path: '/q?a=1' }, { path: '/accepted', headers: { accept: 'text/html' } }, { path: '/locals' }, { path: '/locals' }]);
    assert.equal(pairs[0].express3.text, '{"a":"1"}');
    for (const { portico: p, express3: e } of pairs) {
      assert.equal(p.status, e.status);
      assert.equal(p.text, e.text);
    }
  });
});
