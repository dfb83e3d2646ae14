import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import legacy from '../../src/legacy/index';
import { withServer, send, type SimpleRequest } from '../helpers/server';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function overrideApp(key?: string, withBody = true) {
  const app = legacy();
  if (withBody) app.use(legacy.bodyParser());
  app.use(legacy.methodOverride(key));
  app.use((req: any, res: any) => res.json({ method: req.method, original: req.originalMethod, body: req.body ?? null }));
  return app;
}

async function ask(app: ReturnType<typeof overrideApp>, request: SimpleRequest) {
  return withServer(app, async ({ port }) => {
    const r = await send(port, { method: 'POST', path: '/', ...request });
    return { ...JSON.parse(r.text), vary: r.headers.vary };
  });
}

describe('legacy methodOverride([key])', () => {
  it('takes the method from the body field _method, removes the field and keeps req.originalMethod', async () => {
    const r = await ask(overrideApp(), { headers: FORM, body: '_method=delete&a=1' });
    assert.deepEqual(r, { method: 'DELETE', original: 'POST', body: { a: '1' }, vary: 'X-HTTP-Method-Override' });
  });

  it('leaves the method alone for an unknown method, but still removes the field', async () => {
    const r = await ask(overrideApp(), { headers: FORM, body: '_method=bogus&a=1' });
    assert.deepEqual(r.body, { a: '1' });
    assert.equal(r.method, 'POST');
  });

  it('uses the first of repeated fields and ignores values that are not strings', async () => {
    assert.equal((await ask(overrideApp(), { headers: FORM, body: '_method[]=put&_method[]=get' })).method, 'PUT');
    const json = { 'content-type': 'application/json' };
    assert.equal((await ask(overrideApp(), { headers: json, body: '{"_method":5}' })).method, 'POST');
    assert.equal((await ask(overrideApp(), { headers: json, body: '{"_method":"patch"}' })).method, 'PATCH');
  });

  it('reads X-HTTP-Method-Override, which wins over the body, on any method', async () => {
    const both = await ask(overrideApp(), { headers: { ...FORM, 'x-http-method-override': 'patch' }, body: '_method=put' });
    assert.deepEqual([both.method, both.body], ['PATCH', {}]);
    assert.equal((await ask(overrideApp(), { method: 'GET', headers: { 'x-http-method-override': 'put' } })).method, 'PUT');
    assert.equal((await ask(overrideApp(), { headers: { 'x-http-method-override': 'PUT, DELETE' } })).method, 'PUT');
    assert.equal((await ask(overrideApp(), { headers: { 'x-http-method-override': 'm-search' } })).method, 'M-SEARCH');
  });

  it('reads another body field when given a key, and works without a body parser', async () => {
    const custom = await ask(overrideApp('_m'), { headers: FORM, body: '_m=put&_method=delete' });
    assert.deepEqual([custom.method, custom.body], ['PUT', { _method: 'delete' }]);
    const bare = await ask(overrideApp(undefined, false), { headers: { 'x-http-method-override': 'put' } });
    assert.deepEqual([bare.method, bare.original, bare.body], ['PUT', 'POST', null]);
  });

  it('routes the request by the new method and adds to an existing Vary once', async () => {
    const app = legacy();
    app.use((_req: any, res: any, next: any) => (res.setHeader('Vary', 'Accept'), next()));
    app.use(legacy.methodOverride());
    app.use(legacy.methodOverride());
    app.put('/', (req: any, res: any) => res.send('put ' + req.originalMethod));
    await withServer(app, async ({ port }) => {
      const r = await send(port, { method: 'POST', path: '/', headers: { 'x-http-method-override': 'put' } });
      assert.equal(r.text, 'put POST');
      assert.equal(r.headers.vary, 'Accept, X-HTTP-Method-Override');
    });
  });
});

describe('legacy responseTime([options]) and query()', () => {
  it('sets X-Response-Time in milliseconds with 3 digits, unless the app set it', async () => {
    const app = legacy();
    app.use(legacy.responseTime());
    app.get('/', (_req: any, res: any) => res.send('x'));
    app.get('/own', (_req: any, res: any) => res.set('X-Response-Time', 'mine').send('x'));
    await withServer(app, async ({ port }) => {
      assert.match(String((await send(port, { path: '/' })).headers['x-response-time']), /^\d+\.\d{3}ms$/);
      assert.equal((await send(port, { path: '/own' })).headers['x-response-time'], 'mine');
    });
  });

  it('honours digits, header and suffix', async () => {
    const app = legacy();
    app.use(legacy.responseTime({ digits: 0, header: 'X-Time', suffix: false }));
    app.use((_req: any, res: any) => res.end('x'));
    await withServer(app, async ({ port }) => {
      const r = await send(port, { path: '/' });
      assert.match(String(r.headers['x-time']), /^\d+$/);
      assert.equal(r.headers['x-response-time'], undefined);
    });
  });

  it('query() parses the query string with the rich syntax', async () => {
    const app = legacy();
    app.use(legacy.query());
    app.use((req: any, res: any) => res.json(req.query));
    await withServer(app, async ({ port }) => {
      assert.deepEqual(JSON.parse((await send(port, { path: '/?a[b]=1&c=2&c=3' })).text), { a: { b: '1' }, c: ['2', '3'] });
    });
  });
});
