import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import { withServer, send } from './helpers/server';

type App = ReturnType<typeof portico>;

/** A parent with `setup` applied, and a child mounted on /child after `childSetup`. */
function mounted(setup: (parent: App) => void, childSetup: (child: App) => void = () => undefined): { parent: App; child: App } {
  const parent = portico();
  setup(parent);
  const child = portico();
  childSetup(child);
  parent.use('/child', child);
  return { parent, child };
}

function withNodeEnv<T>(value: string, fn: () => T): T {
  const saved = process.env.NODE_ENV;
  process.env.NODE_ENV = value;
  try {
    return fn();
  } finally {
    process.env.NODE_ENV = saved;
  }
}

describe('settings of a mounted app', () => {
  describe('settings with a default are not inherited', () => {
    const values: Array<[string, unknown]> = [
      ['env', 'staging'],
      ['etag', 'strong'],
      ['jsonp callback name', 'cb'],
      ['query parser', 'simple'],
      ['subdomain offset', 3],
      ['views', '/elsewhere'],
      ['x-powered-by', false],
    ];
    for (const [name, value] of values) {
      it(`${name}: the child keeps its own default`, () => {
        const { child } = mounted((p) => p.set(name, value));
        assert.equal(child.get(name), portico().get(name));
      });
    }

    it('the compiled functions stay the child’s own', () => {
      const { parent, child } = mounted((p) => {
        p.set('etag', 'strong');
        p.set('query parser', 'simple');
      });
      assert.notEqual(child.get('etag fn'), parent.get('etag fn'));
      assert.notEqual(child.get('query parser fn'), parent.get('query parser fn'));
    });
  });

  describe('settings without a default are inherited', () => {
    const values: Array<[string, unknown]> = [
      ['case sensitive routing', true],
      ['json escape', true],
      ['json replacer', ['a']],
      ['json spaces', 2],
      ['strict routing', true],
      ['view engine', 'pug'],
      ['my own setting', 'mine'],
    ];
    for (const [name, value] of values) {
      it(`${name}: the child reads the parent's value until it sets its own`, () => {
        const { child } = mounted((p) => p.set(name, value));
        assert.deepEqual(child.get(name), value);
        child.set(name, 'own');
        assert.equal(child.get(name), 'own');
      });
    }

    it('a later change in the parent shows through in the child', () => {
      const { parent, child } = mounted(() => undefined);
      parent.set('json spaces', 4);
      assert.equal(child.get('json spaces'), 4);
    });

    it('inheritance goes through several levels', () => {
      const top = portico();
      const middle = portico();
      const bottom = portico();
      top.set('view engine', 'ejs');
      middle.use('/b', bottom);
      top.use('/m', middle);
      assert.equal(bottom.get('view engine'), 'ejs');
    });

    it("the child's own settings object holds only its defaults", () => {
      const { child } = mounted((p) => p.set('json spaces', 2));
      assert.equal(Object.prototype.hasOwnProperty.call(child.settings, 'json spaces'), false);
    });
  });

  describe('trust proxy', () => {
    it("is inherited when the child left it at its default", () => {
      const { child } = mounted((p) => p.set('trust proxy', 'loopback'));
      assert.equal(child.get('trust proxy'), 'loopback');
      assert.equal(child.get('trust proxy fn')('127.0.0.1', 0), true);
    });

    it('is not inherited when the child set it', () => {
      const { child } = mounted(
        (p) => p.set('trust proxy', true),
        (c) => c.set('trust proxy', false),
      );
      assert.equal(child.get('trust proxy'), false);
    });

    it('decides req.ip inside the child over HTTP', async () => {
      const { parent, child } = mounted((p) => p.set('trust proxy', true));
      child.get('/ip', (req, res) => res.end(req.ip));
      await withServer(parent, async (srv) => {
        const res = await send(srv.port, { path: '/child/ip', headers: { 'X-Forwarded-For': '198.51.100.7' } });
        assert.equal(res.text, '198.51.100.7');
      });
    });
  });

  describe('view cache', () => {
    it('is inherited outside production', () => {
      const { child } = mounted((p) => p.enable('view cache'));
      assert.equal(child.get('view cache'), true);
    });

    it('is never inherited in production: the child has its own', () => {
      const { child } = withNodeEnv('production', () => mounted((p) => p.disable('view cache')));
      assert.equal(child.get('view cache'), true);
    });
  });

  it('engines are inherited', () => {
    const parent = portico();
    const engine = (_path: string, _options: object, cb: (err: Error | null, html?: string) => void): void => cb(null, 'x');
    parent.engine('tpl', engine);
    const child = portico();
    parent.use(child);
    assert.equal(child.engines['.tpl'], engine);
  });

  it('request and response extensions of the parent reach the child', async () => {
    const parent = portico();
    const child = portico();
    (parent.request as unknown as Record<string, unknown>).fromParent = 'req ext';
    (parent.response as unknown as Record<string, unknown>).fromParentRes = 'res ext';
    child.get('/x', (req, res) => {
      const r = req as unknown as Record<string, unknown>;
      const s = res as unknown as Record<string, unknown>;
      res.end(String(r.fromParent) + ' / ' + String(s.fromParentRes));
    });
    parent.use('/c', child);
    await withServer(parent, async (srv) => {
      assert.equal((await send(srv.port, { path: '/c/x' })).text, 'req ext / res ext');
    });
  });

  it("the child's sub-app routing follows the child's strict routing", async () => {
    const { parent, child } = mounted((p) => p.enable('strict routing'));
    child.get('/x', (_req, res) => res.end('x'));
    await withServer(parent, async (srv) => {
      assert.equal((await send(srv.port, { path: '/child/x/' })).status, 404);
      assert.equal((await send(srv.port, { path: '/child/x' })).text, 'x');
    });
  });
});
