import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assertSameAsExpress3, type LegacyFramework } from '../helpers/legacy-oracle';

// The 3.x request and response members, each compared with express@3 over HTTP.

const basic = (credentials: string) => ({ authorization: 'Basic ' + Buffer.from(credentials).toString('base64') });

describe('legacy req.acceptedEncodings', () => {
  it('lists the entries of Accept-Encoding as the header has them', async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      app.get('/', (req: any, res: any) => res.json({ list: req.acceptedEncodings }));
      return app;
    };
    await assertSameAsExpress3(build, [
      { headers: { 'accept-encoding': 'gzip, deflate' } },
      { headers: { 'accept-encoding': 'gzip;q=0.2, deflate, br;q=0.5' } },
      { headers: { 'accept-encoding': 'identity;q=0, gzip' } },
      { headers: { 'accept-encoding': ' gzip ,deflate ' } },
      { headers: { 'accept-encoding': 'gzip,,deflate' } },
      { headers: { 'accept-encoding': 'a , b ;q=1' } },
      { headers: { 'accept-encoding': '' } },
      {},
    ]);
  });
});

describe('legacy req.auth', () => {
  it('is { username, password } from a Basic Authorization header, the password may contain ":"', async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      app.get('/', (req: any, res: any) => res.json({ auth: req.auth ?? null }));
      return app;
    };
    await assertSameAsExpress3(build, [
      { headers: basic('tobi:ferret') },
      { headers: basic('tobi:fer:ret:') },
      { headers: basic('tobi:') },
      { headers: basic('tobi') },
      { headers: { authorization: 'Bearer abc' } },
      { headers: { authorization: 'Basic' } },
      {},
    ]);
  });
});

describe('legacy res.json(obj, status) and res.jsonp(obj, status)', () => {
  it('take the status second as well as first', async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      app.get('/json', (_req: any, res: any) => res.json({ error: 'nope' }, 404));
      app.get('/json-first', (_req: any, res: any) => res.json(201, { ok: true }));
      app.get('/jsonp', (_req: any, res: any) => res.jsonp({ error: 'nope' }, 500));
      app.get('/jsonp-first', (_req: any, res: any) => res.jsonp(202, [1, 2]));
      return app;
    };
    await assertSameAsExpress3(build, [
      { path: '/json' },
      { path: '/json-first' },
      { path: '/jsonp' },
      { path: '/jsonp?callback=cb' },
      { path: '/jsonp-first?callback=cb' },
    ]);
  });
});

describe('legacy json spaces default', () => {
  for (const env of ['development', 'production', 'test']) {
    it(`indents as 3.x does when NODE_ENV is ${env}`, async () => {
      const saved = process.env.NODE_ENV;
      process.env.NODE_ENV = env;
      try {
        const build = (fw: LegacyFramework) => {
          const app = fw();
          const spaces = app.get('json spaces');
          app.get('/', (_req: any, res: any) => res.json({ a: [1, { b: 2 }], spaces: spaces ?? 'unset', has: 'json spaces' in app.settings }));
          return app;
        };
        await assertSameAsExpress3(build, [{ path: '/' }]);
      } finally {
        process.env.NODE_ENV = saved;
      }
    });
  }
});

describe('legacy etag setting as a function', () => {
  it('tags bodies with what the function returns, and answers 304 to it', async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      app.set('etag', (body: Buffer | string, encoding?: string) => '"custom-' + Buffer.byteLength(body, encoding as BufferEncoding) + '"');
      app.get('/', (_req: any, res: any) => res.send('hello world'));
      app.get('/json', (_req: any, res: any) => res.json({ a: 1 }));
      return app;
    };
    const pairs = await assertSameAsExpress3(build, [
      { path: '/' },
      { path: '/json' },
      { path: '/', headers: { 'if-none-match': '"custom-11"' } },
    ]);
    assert.equal(pairs[0].portico.headers.etag, '"custom-11"');
    assert.equal(pairs[2].portico.status, 304);
  });
});
