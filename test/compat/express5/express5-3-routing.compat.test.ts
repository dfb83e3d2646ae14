import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express5 from 'express5';
import portico5 from '../../../src/express5/index';
import { startServer } from '../../helpers/server';
import { sendRaw, type RawResponse } from '../../helpers/raw-http';

/*
 * Routing of portico/5 against express@5.3 where they once differed: the prototype of
 * `req.params`, path-to-regexp 8.4's bounds on wildcards and on parameters before them, the URL a
 * parameterised mount hands on when the legacy URL parser escaped the path, and a parameter
 * named twice. Each app reports what it saw as JSON; the raw responses must be the same bytes.
 */
type Framework = typeof express5;
interface Req {
  params: unknown;
  url: string;
  path: string;
  baseUrl: string;
  originalUrl: string;
}

/** What a handler reports: the params as JSON, with their prototype and own-property checks. */
function describeParams(req: Req): unknown {
  const params = req.params as Record<string, unknown>;
  let hasOwnProperty: string;
  try {
    // Called as applications call it: on the object itself.
    const own = (params as { hasOwnProperty: (k: string) => boolean }).hasOwnProperty;
    hasOwnProperty = String(own.call(params, 'id'));
  } catch (err) {
    hasOwnProperty = (err as Error).name;
  }
  return { params, nullPrototype: Object.getPrototypeOf(params) === null, hasOwnProperty };
}

async function exchange(build: (framework: Framework) => ReturnType<Framework>, target: string): Promise<[RawResponse, RawResponse]> {
  const ours = await startServer(build(portico5 as unknown as Framework));
  const theirs = await startServer(build(express5));
  try {
    const request = `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;
    return [await sendRaw(ours.port, request), await sendRaw(theirs.port, request)];
  } finally {
    await ours.close();
    await theirs.close();
  }
}

/** Both frameworks answer `target` with the same status, headers (but Date) and body. */
async function assertSame(build: (framework: Framework) => ReturnType<Framework>, target: string): Promise<RawResponse> {
  const [p, e] = await exchange(build, target);
  const stable = (r: RawResponse): unknown => ({ status: r.status, headers: r.headerLines.filter(([n]) => n.toLowerCase() !== 'date' && n.toLowerCase() !== 'x-powered-by'), body: r.body });
  assert.deepEqual(stable(p), stable(e), `${target}`);
  return e;
}

describe('portico/5 routing against express@5.3 (5.3 differences)', () => {
  describe('req.params prototype', () => {
    const app = (framework: Framework) => {
      const a = framework();
      const log: unknown[] = [];
      const probe = (tag: string) => (req: Req, _res: unknown, next: () => void) => {
        log.push([tag, describeParams(req)]);
        next();
      };
      a.use(probe('use()'));
      a.use('/lit', probe('use(/lit)'));
      a.use('/:u', probe('use(/:u)'));
      const merged = framework.Router({ mergeParams: true });
      merged.use(probe('merged use()'));
      merged.get('/:b', probe('merged /:b'));
      a.use('/m/:a', merged);
      const plain = framework.Router();
      plain.get('/:id', probe('sub /:id'));
      a.use('/p/:a', plain);
      a.get('/lit', probe('get /lit'));
      a.get('/u/:id', probe('get /u/:id'));
      a.get(['/arr/:id', /^\/arr-re\/(\d+)$/], probe('get array'));
      a.get(/^\/re\/(\d+)$/, probe('get regexp'));
      a.use((_req: Req, res: { json(v: unknown): void }) => res.json(log.splice(0)));
      return a;
    };
    for (const target of ['/u/1', '/lit', '/m/1/2', '/p/1/2', '/arr/7', '/arr-re/7', '/re/5', '/nothing']) {
      it(`has the prototype and own properties of Express 5.3's on ${target}`, async () => {
        const e = await assertSame(app, target);
        assert.ok(e.body.length > 2);
      });
    }

    it('leaves out the prototype for a string path: hasOwnProperty is not there', async () => {
      const e = await assertSame(app, '/u/1');
      assert.match(e.body, /"get \/u\/:id",\{"params":\{"id":"1"\},"nullPrototype":true,"hasOwnProperty":"TypeError"\}/);
    });
  });

  describe("path-to-regexp 8.4's wildcard rules", () => {
    const cases: Array<[string, string, 'route' | 'use']> = [
      ['*a{/*b}', '/x/y/', 'route'],
      ['*a{/*b}', '/x/y/z', 'route'],
      ['*a.:t{/*x}', '/x.b/y/a.b', 'use'],
      ['*a.:t{/*x}', '/x.b/y/a.b', 'route'],
      ['/*a/*b', '/x/y/z', 'route'],
      ['/*a-*b', '/x-y-z/w-v', 'route'],
      ['/:a-*b', '/q-r-s', 'route'],
      ['/*a-:b', '/q-r-s', 'route'],
      ['/:a-:b-*c', '/a-b-c-d', 'route'],
      ['/:a{-:b}-*c', '/a-b-c-d', 'route'],
      ['/*a.:t/*x', '/a.b/c.d/e.f/g', 'route'],
      ['/*a/:t-*x', '/a/b-c/d-e', 'route'],
      ['/*a-x-*b', '/1-x-2-x-3', 'route'],
    ];
    for (const [pattern, target, kind] of cases) {
      it(`${kind} ${pattern} on ${target} matches and splits as Express 5.3 does`, async () => {
        await assertSame((framework) => {
          const a = framework();
          const report = (req: Req, res: { json(v: unknown): void }) => res.json({ params: req.params, url: req.url, baseUrl: req.baseUrl });
          if (kind === 'use') a.use(pattern, report);
          else a.get(pattern, report);
          return a;
        }, target);
      });
    }
  });

  describe('a parameterised mount over a path the legacy URL parser escaped', () => {
    for (const target of ['/^/D?a=1#f', '/a^b/D#x', '/^^/Dxyz#', '/{/D?#', '/x/^/D#f', '/ab/D#']) {
      it(`hands the mounted app the URL Express 5.3 does for ${target}`, async () => {
        await assertSame((framework) => {
          const a = framework();
          const sub = framework();
          sub.use((req: Req, _res: unknown, next: () => void) => {
            (req as unknown as { seen: unknown }).seen = { url: req.url, path: req.path, baseUrl: req.baseUrl };
            next();
          });
          a.use('/:u', sub);
          a.use((req: Req, res: { json(v: unknown): void }) => res.json({ seen: (req as unknown as { seen: unknown }).seen, url: req.url, originalUrl: req.originalUrl }));
          return a;
        }, target);
      });
    }
  });

  describe('a parameter named twice, with a callback that rewrites it', () => {
    for (const [pattern, target] of [['/:id/:id', '/a/b'], ['/o/:b/:id/:b', '/o/1/2/3'], ['/g/:id{/:id}', '/g/x/y']]) {
      it(`runs the callback as often as Express 5.3 does: ${pattern} on ${target}`, async () => {
        const e = await assertSame((framework) => {
          const a = framework();
          const log: string[] = [];
          a.param('id', (req: Req, _res: unknown, next: () => void, value: unknown) => {
            log.push('id:' + String(value));
            (req.params as Record<string, string>).id = 'set-' + String(value);
            next();
          });
          a.param('b', (_req: Req, _res: unknown, next: () => void, value: unknown) => {
            log.push('b:' + String(value));
            next();
          });
          a.get(pattern, (req: Req, res: { json(v: unknown): void }) => res.json({ params: req.params, log: log.splice(0) }));
          return a;
        }, target);
        if (pattern === '/:id/:id') assert.equal(e.body, '{"params":{"id":"set-b"},"log":["id:b"]}');
      });
    }
  });
});
