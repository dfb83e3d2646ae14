import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import type { PorticoRequest } from '../src/request/request';
import type { PorticoResponse } from '../src/response/response';
import type { NextFunction } from '../src/router/types';
import type { EngineCallback } from '../src/views/types';
import { tplEngine, viewsDir } from './fixtures/views/tpl-engine';
import { fetchFrom, reportError } from './fixtures/views/harness';

type Handler = (req: PorticoRequest, res: PorticoResponse, next: NextFunction) => void;

/** An app on the `main` fixture views with the hand-written engine as the default, one route on `/`. */
function appWith(handler: Handler) {
  const app = portico();
  app.set('views', viewsDir('main'));
  app.set('view engine', 'tpl');
  app.engine('tpl', tplEngine);
  app.get('/', handler);
  app.use(reportError);
  return app;
}

/** An app whose engine calls back "first" then "second"; `errors` collects the codes next(err) received. */
function doubleCallbackApp(secondLater: boolean) {
  const errors: unknown[] = [];
  const app = portico();
  app.set('views', viewsDir('main'));
  app.engine('tpl', (_path: string, _options: Record<string, unknown>, cb: EngineCallback) => {
    cb(null, 'first');
    if (secondLater) setImmediate(() => cb(null, 'second'));
    else cb(null, 'second');
  });
  app.get('/', (_req: PorticoRequest, res: PorticoResponse) => res.render('hello.tpl'));
  app.use((err: { code?: string }, req: PorticoRequest, res: PorticoResponse, next: NextFunction) => {
    errors.push(err.code);
    reportError(err, req, res, next);
  });
  return { app, errors };
}

describe('res.render(view)', () => {
  it('sends the rendered HTML as text/html; charset=utf-8 with a length and an ETag', async () => {
    const res = await fetchFrom(appWith((_req, res) => res.render('hello', { name: 'Ada' })), '/');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.text, '<p>Hello Ada</p>\n');
    assert.equal(res.headers['content-length'], String(Buffer.byteLength(res.text)));
    assert.match(String(res.headers.etag), /^W\/"/);
  });

  it('keeps a status set before rendering', async () => {
    const res = await fetchFrom(appWith((_req, res) => {
      res.statusCode = 201;
      res.render('hello', { name: 'x' });
    }), '/');
    assert.equal(res.status, 201);
    assert.equal(res.text, '<p>Hello x</p>\n');
  });

  it('keeps a Content-Type set before rendering', async () => {
    const res = await fetchFrom(appWith((_req, res) => {
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.render('hello', { name: 'x' });
    }), '/');
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetchFrom(appWith((_req, res) => res.render('hello', { name: 'Ada' })), '/', 'HEAD');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.headers['content-length'], String(Buffer.byteLength('<p>Hello Ada</p>\n')));
    assert.equal(res.text, '');
  });

  it('passes a missing view to next(err) with the lookup message and the view attached', async () => {
    const res = await fetchFrom(appWith((_req, res) => res.render('absent')), '/');
    assert.equal(res.status, 500);
    assert.equal(res.text, `error: Failed to lookup view "absent" in views directory "${viewsDir('main')}" (view attached)`);
  });

  it("passes an engine's error callback to next(err)", async () => {
    const app = appWith((_req, res) => res.render('hello'));
    app.engine('tpl', (_path: string, _options: Record<string, unknown>, cb: EngineCallback) => cb(new Error('engine failed')));
    const res = await fetchFrom(app, '/');
    assert.equal(res.status, 500);
    assert.equal(res.text, 'error: engine failed');
  });

  it('passes an engine that throws synchronously to next(err)', async () => {
    const app = appWith((_req, res) => res.render('hello'));
    app.engine('tpl', () => {
      throw new Error('engine threw');
    });
    const res = await fetchFrom(app, '/');
    assert.equal(res.status, 500);
    assert.equal(res.text, 'error: engine threw');
  });

  it('passes the failed second send to next(err) when a synchronous engine calls back twice', async () => {
    const { app, errors } = doubleCallbackApp(false);
    const res = await fetchFrom(app, '/');
    assert.equal(res.status, 200);
    assert.equal(res.text, 'first');
    assert.deepEqual(errors, ['ERR_HTTP_HEADERS_SENT']);
  });

  it('passes the failed second send to next(err) when the engine calls back again later', async () => {
    const { app, errors } = doubleCallbackApp(true);
    const res = await fetchFrom(app, '/');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(res.status, 200);
    assert.equal(res.text, 'first');
    assert.deepEqual(errors, ['ERR_HTTP_HEADERS_SENT']);
  });

  it('reaches the error handler when no extension and no default engine are given', async () => {
    const app = portico();
    app.set('views', viewsDir('main'));
    app.get('/', (_req: PorticoRequest, res: PorticoResponse) => res.render('hello'));
    app.use(reportError);
    const res = await fetchFrom(app, '/');
    assert.equal(res.status, 500);
    assert.equal(res.text, 'error: No default engine was specified and no extension was provided.');
  });

  it('passes an error thrown by res.send to next(err) rather than swallowing it', async () => {
    const app = appWith((_req, res) => {
      res.send = () => {
        throw new Error('send failed');
      };
      res.render('hello');
    });
    app.engine('tpl', (_path: string, _options: Record<string, unknown>, cb: EngineCallback) => cb(null, 'sync html'));
    const res = await fetchFrom(app, '/');
    assert.equal(res.status, 500);
    assert.equal(res.text, 'error: send failed');
  });
});

describe('res.render(view, locals)', () => {
  it('merges app.locals, then res.locals, then the locals given', async () => {
    const app = appWith((_req, res) => {
      res.locals.fromRes = 'res';
      res.locals.shared = 'res';
      res.render('locals', { fromCall: 'call', shared: 'call' });
    });
    app.locals.fromApp = 'app';
    app.locals.fromRes = 'app';
    app.locals.shared = 'app';
    const res = await fetchFrom(app, '/');
    assert.equal(res.text, 'app=app res=res call=call shared=call cache=false\n');
  });

  it('lets res.locals override app.locals when the call does not', async () => {
    const app = appWith((_req, res) => {
      res.locals.shared = 'res';
      res.render('locals');
    });
    app.locals.shared = 'app';
    const res = await fetchFrom(app, '/');
    assert.equal(res.text, 'app= res= call= shared=res cache=false\n');
  });

  it('gives the engine res.locals as _locals, replacing a _locals the caller passed', async () => {
    let seen: unknown;
    const app = appWith((_req, res) => {
      res.locals.user = 'ada';
      res.render('hello', { _locals: { user: 'mallory' } });
    });
    app.engine('tpl', (_path: string, options: Record<string, unknown>, cb: EngineCallback) => {
      seen = options._locals;
      cb(null, String(options.user));
    });
    const res = await fetchFrom(app, '/');
    assert.equal(res.text, 'ada');
    assert.deepEqual({ ...(seen as object) }, { user: 'ada' });
  });

  it('does not carry res.locals over to the next request', async () => {
    let count = 0;
    const app = appWith((_req, res) => {
      if (count++ === 0) res.locals.fromRes = 'first';
      res.render('locals');
    });
    const bodies = await fetchFrom(app, '/').then(async (first) => [first.text, (await fetchFrom(app, '/')).text]);
    assert.equal(bodies[0], 'app= res=first call= shared= cache=false\n');
    assert.equal(bodies[1], 'app= res= call= shared= cache=false\n');
  });

  it('treats null locals as none', async () => {
    const res = await fetchFrom(appWith((_req, res) => res.render('hello', null)), '/');
    assert.equal(res.text, '<p>Hello </p>\n');
  });

  it("treats any falsy locals ('', 0, false) as none", async () => {
    for (const locals of ['', 0, false]) {
      const res = await fetchFrom(appWith((_req, res) => res.render('hello', locals as unknown as Record<string, unknown>)), '/');
      assert.equal(res.status, 200);
      assert.equal(res.text, '<p>Hello </p>\n');
    }
  });
});

describe('res.render(view, callback)', () => {
  it('hands the HTML to the callback and sends nothing itself', async () => {
    const res = await fetchFrom(appWith((_req, res) => {
      res.locals.name = 'from res.locals';
      res.render('hello', (err, html) => {
        assert.equal(err, null);
        assert.equal(res.headersSent, false);
        assert.equal(res.getHeader('Content-Type'), undefined);
        res.setHeader('Content-Type', 'text/plain');
        res.end(`callback got ${html}`);
      });
    }), '/');
    assert.equal(res.headers['content-type'], 'text/plain');
    assert.equal(res.text, 'callback got <p>Hello from res.locals</p>\n');
  });

  it('hands a lookup error to the callback instead of next(err)', async () => {
    const res = await fetchFrom(appWith((_req, res) => {
      res.render('absent', (err) => {
        res.statusCode = 404;
        res.end(`callback got: ${err?.message}`);
      });
    }), '/');
    assert.equal(res.status, 404);
    assert.equal(res.text, `callback got: Failed to lookup view "absent" in views directory "${viewsDir('main')}"`);
  });
});

describe('res.render(view, locals, callback)', () => {
  it('renders with the locals and hands the HTML to the callback', async () => {
    const res = await fetchFrom(appWith((_req, res) => {
      res.render('hello', { name: 'Grace' }, (_err, html) => res.end(`[${html}]`));
    }), '/');
    assert.equal(res.text, '[<p>Hello Grace</p>\n]');
  });

  it('calls the callback as often as the engine calls back', async () => {
    const calls: string[] = [];
    const app = appWith((_req, res) => {
      res.render('hello', {}, (err, html) => {
        calls.push(err ? `error ${err.message}` : `html ${html}`);
        if (calls.length === 1) setImmediate(() => res.end(calls.join('|')));
      });
    });
    app.engine('tpl', (_path: string, _options: Record<string, unknown>, cb: EngineCallback) => {
      cb(null, 'one');
      cb(new Error('two'));
    });
    const res = await fetchFrom(app, '/');
    assert.equal(res.text, 'html one|error two');
  });

  it('calls the callback again with what it threw during a synchronous render', async () => {
    const app = appWith((_req, res) => {
      res.render('hello', {}, (err, html) => {
        if (err) {
          res.statusCode = 418;
          res.end(`second call: ${err.message}`);
          return;
        }
        throw new Error(`could not use ${html}`);
      });
    });
    app.engine('tpl', (_path: string, _options: Record<string, unknown>, cb: EngineCallback) => cb(null, 'sync html'));
    const res = await fetchFrom(app, '/');
    assert.equal(res.status, 418);
    assert.equal(res.text, 'second call: could not use sync html');
  });
});

describe('res.render with engines from npm', () => {
  it('renders ejs through its __express export', async () => {
    const res = await fetchFrom(appWith((_req, res) => res.render('user.ejs', { name: '<Ada>', items: ['a', 'b'] })), '/');
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.text, '<p>&lt;Ada&gt;</p>\n<ul><li>a</li><li>b</li></ul>\n');
  });

  it('renders pug through its __express export', async () => {
    const res = await fetchFrom(appWith((_req, res) => res.render('user.pug', { name: '<Ada>', items: ['a'] })), '/');
    assert.equal(res.text, '<p>&lt;Ada&gt;</p><ul><li>a</li></ul>');
  });

  it('renders hbs through its __express export, with its layout from the views directory', async () => {
    const app = portico();
    app.set('views', viewsDir('hbs'));
    app.set('view engine', 'hbs');
    app.get('/', (_req: PorticoRequest, res: PorticoResponse) => res.render('page', { name: '<Ada>', items: ['x', 'y'] }));
    app.use(reportError);
    const res = await fetchFrom(app, '/');
    assert.equal(res.status, 200);
    assert.equal(res.text, '<html><body><p>&lt;Ada&gt;</p><i>x</i><i>y</i>\n</body></html>\n');
  });
});
