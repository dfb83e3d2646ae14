import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareRouters, echo, type Handler, type Next, type Req, type Res } from '../../helpers/router5-compare';

// The Express 5 router (createRouter5) against router@2.3 over HTTP: paths, params, mount paths,
// the dispatch signals and the automatic HEAD and OPTIONS answers.

describe('createRouter5 routes as router@2.3 does', () => {
  it('matches path-to-regexp 8 syntax: params, optional groups, wildcards', async () => {
    const answers = await compareRouters(
      (Router) => {
        const r = Router();
        r.get('/users/:id', echo('user'));
        r.get('/files/*path', echo('splat'));
        r.get('/opt{/:maybe}', echo('optional'));
        r.get('/ext/:file{.:ext}', echo('ext'));
        r.get('/all{/*rest}', echo('optional splat'));
        r.get('/q/:"quoted name"', echo('quoted'));
        r.get('/lit\\(x\\)', echo('escaped'));
        r.get('/pair/:a-:b', echo('pair'));
        return r;
      },
      [
        '/users/42', '/users/4%202', '/users/', '/users/1/2', '/files/a/b%2Fc/d', '/files/', '/files',
        '/opt', '/opt/1', '/opt/1/2', '/ext/a.tar.gz', '/ext/a', '/all', '/all/x/y', '/q/v', '/lit(x)', '/USERS/7', '/users/7/',
        '/users/%E0%A4%A', '/files/x/%ZZ', '/ext/a..', '/pair/1--', '/pair/1-2-3', '/pair/--',
      ],
    );
    // A wildcard's value is the array of its decoded segments.
    assert.deepEqual(JSON.parse(answers[4].text).params, { path: ['a', 'b/c', 'd'] });
  });

  it('takes RegExp routes and arrays of paths, numbering unnamed groups', async () => {
    await compareRouters(
      (Router) => {
        const r = Router();
        r.get(/^\/re\/(\d+)(?:-(\w+))?$/, echo('regexp'));
        r.get(/^\/named\/(?<year>\d{4})\/(\d+)$/, echo('named'));
        r.get(['/a/:x', '/b/:y', /^\/c\/(.*)$/], echo('array'));
        return r;
      },
      ['/re/12', '/re/12-ab', '/re/x', '/named/2024/05', '/a/1', '/b/2', '/c/z/w', '/d/1'],
    );
  });

  it('strict and caseSensitive, on routes and on mount paths', async () => {
    for (const options of [{}, { strict: true }, { caseSensitive: true }, { strict: true, caseSensitive: true }]) {
      await compareRouters(
        (Router) => {
          const r = Router(options);
          r.get('/Foo', echo('Foo'));
          r.get('/bar/', echo('bar/'));
          r.get('/p/:x', echo('param'));
          r.use('/Mount', echo('mount'));
          return r;
        },
        ['/Foo', '/foo', '/Foo/', '/foo//', '/bar', '/bar/', '/BAR/', '/p/x/', '/P/x', '/Mount', '/mount/a', '/Mount/', '/Mount//a', '/Mount.json'],
      );
    }
  });

  it('strips mount paths: req.url, req.baseUrl, req.originalUrl, nested routers, params in mount paths', async () => {
    await compareRouters(
      (Router) => {
        const r = Router();
        const inner = Router({ mergeParams: true });
        inner.get('/', echo('inner root'));
        inner.get('/:id', echo('inner id'));
        inner.use(echo('inner use'));
        const plain = Router();
        plain.get('/:id', echo('plain id'));
        r.use('/m/:org', inner);
        r.use('/p/:org', plain);
        r.use('/deep', Router().use('/er', echo('deeper')));
        r.use('/x', (req: Req, _res: Res, next: Next) => {
          req.url = req.url.slice(1) || '/';
          next();
        });
        r.use(echo('fallback'));
        return r;
      },
      ['/m/acme', '/m/acme/', '/m/acme/7', '/m/acme/7/8', '/p/acme/7', '/deep/er/x?q=1', '/deep/er', '/x/abc', '/x', '/m/ac%20me/1', '/m/%ZZ/1', '/m/acme/7?x=/y'],
    );
  });

  it('leaves a rewritten URL as Express 5 does after a mount path', async () => {
    await compareRouters(
      (Router) => {
        const r = Router();
        r.use('/a', (req: Req, _res: Res, next: Next) => {
          req.url = req.url === '/' ? '/rewritten' : req.url;
          next();
        });
        r.use('/b/', (req: Req, _res: Res, next: Next) => {
          req.url = '/?q';
          next();
        });
        r.use(echo('after'));
        return r;
      },
      ['/a', '/a/', '/a/x', '/b', '/b/', '/b/x'],
    );
  });

  it("next('route'), next('router'), next(err) and error handlers", async () => {
    await compareRouters(
      (Router) => {
        const r = Router();
        const skip: Handler = (req, _res, next) => next(req.url.includes('route') ? 'route' : req.url.includes('router') ? 'router' : undefined);
        r.get('/s/:w', skip, echo('same route'));
        r.get('/s/:w', echo('next route'));
        r.get('/one/:w', (req: Req, _res: Res, next: Next) => next(req.params.w === 'route' ? 'route' : 'router'));
        r.get('/one/:w', echo('after one'));
        r.get('/err', (_req: Req, _res: Res, next: Next) => next(new Error('boom')));
        r.get('/throw', () => {
          throw new TypeError('thrown');
        });
        r.get('/reject', async () => {
          throw new RangeError('rejected');
        });
        r.get('/reject-falsy', () => Promise.reject(0));
        r.get('/resolve', async (_req: Req, _res: Res, next: Next) => next());
        r.use('/err', (err: Error, _req: Req, res: Res, _next: Next) => res.end('handled ' + err.message));
        return r;
      },
      ['/s/x', '/s/route', '/s/router', '/one/route', '/one/router', '/err', '/throw', '/reject', '/reject-falsy', '/resolve'],
    );
  });

  it('answers HEAD with GET routes and OPTIONS with the allowed methods', async () => {
    await compareRouters(
      (Router) => {
        const r = Router();
        r.get('/x', echo('get'));
        r.post('/x', echo('post'));
        r.put('/x', echo('put'));
        r.route('/y').all(echo('all'));
        r.get('/z', echo('get z'));
        r.head('/z', (_req: Req, res: Res) => res.end());
        r.options('/o', echo('own options'));
        r.get('/o', echo('get o'));
        r.delete('/:any', echo('delete any'));
        return r;
      },
      [
        { method: 'OPTIONS', path: '/x' }, { method: 'OPTIONS', path: '/y' }, { method: 'OPTIONS', path: '/z' }, { method: 'OPTIONS', path: '/o' },
        { method: 'OPTIONS', path: '/none' }, { method: 'HEAD', path: '/x' }, { method: 'HEAD', path: '/z' }, { method: 'PATCH', path: '/x' },
        { method: 'DELETE', path: '/x' },
      ],
    );
  });

  it('runs param callbacks once per value, with their errors and next("route")', async () => {
    await compareRouters(
      (Router) => {
        const r = Router();
        r.param('id', (req: Req, _res: Res, next: Next, value: unknown, name: string) => {
          if (value === 'bad') return next(new Error('bad ' + name));
          if (value === 'skip') return next('route');
          req.params.id = 'loaded:' + String(value);
          next();
        });
        r.param('path', (req: Req, _res: Res, next: Next, value: unknown) => {
          req.params.seen = JSON.stringify(value);
          next();
        });
        r.param(':id', (_req: Req, res: Res, next: Next) => {
          res.setHeader('x-colon', 'called');
          next();
        });
        r.get('/i/:id', (req: Req, res: Res, next: Next) => {
          res.setHeader('x-first', String(req.params.id));
          next();
        });
        r.get('/i/:id', echo('id'));
        r.get('/w/*path', echo('splat'));
        r.get('/i/:id', echo('after skip'));
        return r;
      },
      ['/i/1', '/i/bad', '/i/skip', '/w/a/b'],
    );
  });

  it('forwards a malformed escape as a 400 to the next error handler', async () => {
    await compareRouters(
      (Router) => {
        const r = Router();
        r.get('/d/:v', echo('d'));
        r.use('/u/:v', echo('u'));
        return r;
      },
      ['/d/%', '/d/%E0', '/u/%/x', '/d/%41'],
    );
  });
});
