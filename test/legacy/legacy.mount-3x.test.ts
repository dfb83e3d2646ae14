import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { EventEmitter } from 'node:events';
import legacy from '../../src/legacy/index';
import { assertSameAsExpress3, loadConnect2, type LegacyFramework } from '../helpers/legacy-oracle';

// Mounting as Connect 2.30 did it (through express@3): servers and `handle` objects, mount paths
// whatever their case, the mounted app's `route`; and `app(req, res, callback)`.

describe('legacy app.use(path, server)', () => {
  it('mounts a plain http.Server through its request listener', async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      app.use('/srv', http.createServer((req, res) => res.end('server saw ' + req.url)));
      return app;
    };
    await assertSameAsExpress3(build, [{ path: '/srv/a?x=1' }, { path: '/SRV/a' }, { path: '/srv' }, { path: '/srvx' }, { path: '/other' }]);
  });

  it('mounts any object with handle(req, res, next), and gives it the mount path as route', async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      const handler: { route?: string; handle: (req: any, res: any, next: any) => void } = {
        handle(req, res, next) {
          if (req.url === '/skip') return next();
          res.end(`handle saw ${req.url} at ${handler.route}`);
        },
      };
      app.use('/Obj', handler);
      app.use((_req: any, res: any) => res.end('after'));
      return app;
    };
    await assertSameAsExpress3(build, [{ path: '/obj/b' }, { path: '/Obj/b' }, { path: '/OBJ.json' }, { path: '/obj/skip' }]);
  });

  it('sets a mounted Connect app\'s route', async () => {
    const connect = loadConnect2();
    const build = (fw: LegacyFramework) => {
      const app = fw();
      const sub = connect();
      sub.use((req: any, res: any) => res.end(`connect saw ${req.url} at ${sub.route}`));
      app.use('/conn', sub);
      return app;
    };
    await assertSameAsExpress3(build, [{ path: '/conn/d' }, { path: '/CONN/d' }, { path: '/conn.json' }]);
  });

  it('matches middleware mount paths whatever their case', async () => {
    const build = (fw: LegacyFramework) => {
      const app = fw();
      app.enable('case sensitive routing');
      app.use('/Admin', (req: any, res: any) => res.end('admin ' + req.url));
      app.get('/Page', (_req: any, res: any) => res.end('page'));
      return app;
    };
    await assertSameAsExpress3(build, [{ path: '/admin/x' }, { path: '/ADMIN' }, { path: '/Admin/y' }, { path: '/page' }, { path: '/Page' }]);
  });

  it('refuses an object that is neither middleware, server nor handle object when it is mounted', () => {
    assert.throws(() => legacy().use('/ee', new EventEmitter() as never), TypeError);
  });
});

describe('legacy app(req, res, callback)', () => {
  const wrap = (fw: LegacyFramework, setup: (app: any) => void) => {
    const app = fw();
    setup(app);
    return (req: http.IncomingMessage, res: http.ServerResponse) =>
      app(req, res, (err?: Error) => {
        if (!res.headersSent) res.setHeader('X-Callback', 'yes');
        res.end('callback ' + (err ? err.message : 'without error'));
      });
  };

  it('calls the callback when nothing handled the request', async () => {
    await assertSameAsExpress3((fw) => wrap(fw, (app) => app.get('/here', (_req: any, res: any) => res.send('here'))), [
      { path: '/here' },
      { path: '/nothing' },
    ]);
  });

  it('calls the callback with the error a middleware passed', async () => {
    await assertSameAsExpress3((fw) => wrap(fw, (app) => app.use((_req: any, _res: any, next: any) => next(new Error('boom')))), [{ path: '/' }]);
  });

  it('calls the callback after headers were already written', async () => {
    const setup = (app: any) =>
      app.use((_req: any, res: any, next: any) => {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('started; ');
        next();
      });
    await assertSameAsExpress3((fw) => wrap(fw, setup), [{ path: '/' }]);
  });
});
