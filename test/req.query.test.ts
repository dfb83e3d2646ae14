import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import { readOnce } from './helpers/one-request';
import { compareApps, type FrameworkLike } from './helpers/compare';

const query = (path: string, setup?: (app: any) => void) => readOnce((req) => req.query, { path }, setup);

describe('req.query', () => {
  describe('with the default (extended) parser', () => {
    it('is {} without a query string', async () => {
      assert.deepEqual(await query('/'), {});
    });

    it('parses nested objects and arrays', async () => {
      assert.deepEqual(await query('/?a[b]=1&c[]=x&c[]=y&d=1&d=2'), { a: { b: '1' }, c: ['x', 'y'], d: ['1', '2'] });
    });

    it('keeps indices up to 999 as arrays and larger ones as keys', async () => {
      assert.deepEqual(await query('/?a[999]=x&b[1000]=y'), { a: ['x'], b: { 1000: 'y' } });
    });

    it('stops nesting at depth 5', async () => {
      assert.deepEqual(await query('/?a[b][c][d][e][f][g]=1'), { a: { b: { c: { d: { e: { f: { '[g]': '1' } } } } } } });
    });

    it('drops __proto__ keys and keeps names of Object.prototype members', async () => {
      assert.deepEqual(await query('/?__proto__[x]=1&toString=2'), { toString: '2' });
    });

    it('keeps at most 1000 parameters', async () => {
      const path = '/?' + Array.from({ length: 1200 }, (_, i) => `k${i}=1`).join('&');
      const value = (await query(path)) as Record<string, string>;
      assert.equal(Object.keys(value).length, 1000);
    });

    it('ignores a fragment', async () => {
      assert.deepEqual(await query('/?a=1#b=2'), { a: '1' });
    });

    it('parses the query of an absolute-form target', async () => {
      assert.deepEqual(await query('http://example.com/p?x=1'), { x: '1' });
    });
  });

  describe('query parser setting', () => {
    it('simple uses node:querystring', async () => {
      assert.deepEqual(await query('/?a[b]=1&a=2&a=3', (app) => app.set('query parser', 'simple')), { 'a[b]': '1', a: ['2', '3'] });
    });

    it('true is simple', async () => {
      assert.deepEqual(await query('/?a[b]=1', (app) => app.set('query parser', true)), { 'a[b]': '1' });
    });

    it('false gives {}', async () => {
      assert.deepEqual(await query('/?a=1', (app) => app.set('query parser', false)), {});
    });

    it('a function receives the raw query string, or null without one', async () => {
      const setup = (app: any) => app.set('query parser', (str: unknown) => ({ got: str }));
      assert.deepEqual(await query('/?a=1&b', setup), { got: 'a=1&b' });
      assert.deepEqual(await query('/p', setup), { got: null });
      assert.deepEqual(await query('/p?', setup), { got: '' });
    });

    it('extended can be set back explicitly', async () => {
      assert.deepEqual(await query('/?a[b]=1', (app) => app.set('query parser', 'extended')), { a: { b: '1' } });
    });

    it('an unknown value is a TypeError at app.set', () => {
      const app = portico();
      assert.throws(() => app.set('query parser', 'bogus'), { name: 'TypeError', message: 'unknown value for query parser function: bogus' });
      assert.throws(() => app.set('query parser', null), { message: 'unknown value for query parser function: null' });
    });

    it('compiled functions are exposed as query parser fn', () => {
      const app = portico();
      assert.deepEqual((app.get('query parser fn') as (s: string) => unknown)('a[b]=1'), { a: { b: '1' } });
      app.set('query parser', false);
      assert.deepEqual((app.get('query parser fn') as (s: string) => unknown)('a=1'), {});
    });
  });

  describe('lifetime', () => {
    it('is parsed once and can be assigned', async () => {
      const value = await readOnce((req) => {
        const first = req.query;
        const same = req.query === first;
        req.query = { replaced: true };
        return [same, req.query];
      }, { path: '/?a=1' });
      assert.deepEqual(value, [true, { replaced: true }]);
    });

    it('uses the URL as received even after req.url is rewritten', async () => {
      const value = await readOnce((req) => {
        req.url = '/elsewhere?b=2';
        return req.query;
      }, { path: '/?a=1' });
      assert.deepEqual(value, { a: '1' });
    });
  });

  describe('when the parser is installed (as express@4 does)', () => {
    /** The same app on Portico and express@4; each request's JSON of req.query must be equal. */
    async function sameOnBoth(setup: (app: any) => void, paths: string[]): Promise<void> {
      const build = (framework: FrameworkLike) => {
        const app: any = framework();
        setup(app);
        app.use((req: any, res: any) => res.json(req.query));
        return app;
      };
      const results = await compareApps(build, paths.map((path) => ({ path })));
      for (const [i, { portico: p, express: e }] of results.entries()) {
        assert.equal(p.status, e.status, paths[i]);
        assert.equal(p.body.toString(), e.body.toString(), paths[i]);
      }
    }
    const paths = ['/?user[name]=tj&user.name=tj', '/?a[25]=x&a[1]=y', '/?a[b]=1&c=2', '/', '/?__proto__[x]=1&hasOwnProperty=2'];

    it("parses with qs's defaults when 'query parser fn' was deleted before the first route", async () => {
      await sameOnBoth((app) => {
        delete app.settings['query parser'];
        delete app.settings['query parser fn'];
      }, paths);
    });

    it('keeps the parser of the moment the router was created: a later app.set does not change it', async () => {
      await sameOnBoth((app) => {
        app.get('/never', (_req: any, res: any) => res.end());
        app.set('query parser', 'simple');
      }, paths);
      await sameOnBoth((app) => {
        app.set('query parser', false);
        app.use((_req: any, _res: any, next: any) => next());
        app.set('query parser', 'extended');
      }, paths);
    });

    it('takes a setting changed before the first route', async () => {
      await sameOnBoth((app) => app.set('query parser', 'simple'), paths);
    });
  });
});
