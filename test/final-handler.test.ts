import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import portico from '../src/index';
import { withServer, send } from './helpers/server';
import { sendRaw } from './helpers/raw-http';

type App = ReturnType<typeof portico>;

/** The page every default error response carries, around its message. */
function page(message: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>' +
    message +
    '</pre>\n</body>\n</html>\n'
  );
}

/** An app whose only route fails with `make()`. */
function failing(make: (res: http.ServerResponse) => unknown, env = 'production'): App {
  const app = portico();
  app.set('env', env);
  app.get('/fail', (_req, res, next) => next(make(res)));
  return app;
}

/** Runs `fn` with console.error replaced by a recorder (the app logs errors outside the test env). */
async function capturingConsoleError<T>(fn: (lines: unknown[][]) => Promise<T>): Promise<T> {
  const original = console.error;
  const lines: unknown[][] = [];
  console.error = (...args: unknown[]) => {
    lines.push(args);
  };
  try {
    return await fn(lines);
  } finally {
    console.error = original;
  }
}

describe('final handler', () => {
  describe('unmatched requests', () => {
    it('answers 404 with an HTML page naming the method and path', async () => {
      await withServer(portico(), async (srv) => {
        const res = await send(srv.port, { path: '/missing?x=1' });
        assert.equal(res.status, 404);
        assert.equal(res.text, page('Cannot GET /missing'));
        assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
        assert.equal(res.headers['content-security-policy'], "default-src 'none'");
        assert.equal(res.headers['x-content-type-options'], 'nosniff');
        assert.equal(res.headers['content-length'], String(Buffer.byteLength(res.text)));
        assert.equal((await send(srv.port, { path: '/x', method: 'DELETE' })).text, page('Cannot DELETE /x'));
      });
    });

    it('escapes the path for HTML', async () => {
      await withServer(portico(), async (srv) => {
        assert.equal((await send(srv.port, { path: '/<script>"&\'' })).text, page('Cannot GET /%3Cscript%3E%22&amp;&#39;'));
        assert.equal((await send(srv.port, { path: '/a%3Cb%3E' })).text, page('Cannot GET /a%3Cb%3E'));
      });
    });

    it('names the original URL of a request that went through a mounted app', async () => {
      const app = portico();
      app.use('/sub', portico());
      await withServer(app, async (srv) => {
        assert.equal((await send(srv.port, { path: '/sub/x' })).text, page('Cannot GET /sub/x'));
      });
    });

    it('sends no body to HEAD', async () => {
      await withServer(portico(), async (srv) => {
        const res = await send(srv.port, { path: '/missing', method: 'HEAD' });
        assert.equal(res.status, 404);
        assert.equal(res.text, '');
        assert.equal(res.headers['content-length'], String(Buffer.byteLength(page('Cannot HEAD /missing'))));
      });
    });

    it('waits for an unread request body before answering', async () => {
      await withServer(portico(), async (srv) => {
        const res = await send(srv.port, { path: '/upload', method: 'POST', body: 'x'.repeat(256 * 1024) });
        assert.equal(res.status, 404);
      });
    });

    it('leaves a response that was already started to its writer', async () => {
      const app = portico();
      app.get('/partial', (_req, res, next) => {
        res.write('partial');
        next();
      });
      await withServer(app, async (srv) => {
        const raw = await Promise.race([
          sendRaw(srv.port, 'GET /partial HTTP/1.1\r\nHost: x\r\n\r\n').then(() => 'closed'),
          new Promise((resolve) => setTimeout(resolve, 300, 'still open')),
        ]);
        assert.equal(raw, 'still open');
      });
    });
  });

  describe('errors', () => {
    // Outside the test env the app logs every error; these tests look at responses only.
    const consoleError = console.error;
    before(() => {
      console.error = () => undefined;
    });
    after(() => {
      console.error = consoleError;
    });

    it("uses the error's status, then its statusCode", async () => {
      await withServer(failing(() => Object.assign(new Error('x'), { status: 403, statusCode: 409 })), async (srv) => {
        assert.equal((await send(srv.port, { path: '/fail' })).status, 403);
      });
      await withServer(failing(() => Object.assign(new Error('x'), { statusCode: 409 })), async (srv) => {
        assert.equal((await send(srv.port, { path: '/fail' })).status, 409);
      });
    });

    it('falls back to res.statusCode when it is an error status, else 500', async () => {
      const fromResponse = failing((res) => {
        res.statusCode = 503;
        return new Error('x');
      });
      await withServer(fromResponse, async (srv) => {
        assert.equal((await send(srv.port, { path: '/fail' })).status, 503);
      });
      for (const status of [200, 302, 700, '404', 99]) {
        await withServer(failing(() => Object.assign(new Error('x'), { status })), async (srv) => {
          assert.equal((await send(srv.port, { path: '/fail' })).status, 500, String(status));
        });
      }
    });

    it('shows only the status text in production, even for an exposed message', async () => {
      await withServer(failing(() => Object.assign(new Error('secret'), { status: 400, expose: true })), async (srv) => {
        const res = await send(srv.port, { path: '/fail' });
        assert.equal(res.text, page('Bad Request'));
      });
    });

    it("prints 'undefined' for a status without a text in production, as Express does", async () => {
      await withServer(failing(() => Object.assign(new Error('x'), { status: 499 })), async (srv) => {
        const res = await sendRaw(srv.port, 'GET /fail HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
        assert.equal(res.raw.split('\r\n')[0], 'HTTP/1.1 499 unknown');
        assert.equal(res.body, page('undefined'));
      });
    });

    it('shows the stack, HTML-escaped, outside production', async () => {
      const error = new Error('<b>bad</b>');
      for (const env of ['development', 'test', 'staging']) {
        await capturingConsoleError(async () => {
          await withServer(failing(() => error, env), async (srv) => {
            const res = await send(srv.port, { path: '/fail' });
            assert.equal(res.status, 500);
            const expected = (error.stack as string).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>').replace(/ {2}/g, ' &nbsp;');
            assert.equal(res.text, page(expected));
          });
        });
      }
    });

    it('shows String(err) for an error without a stack, and the status text for an empty one', async () => {
      await withServer(failing(() => 'plain <string>', 'development'), async (srv) => {
        assert.equal((await send(srv.port, { path: '/fail' })).text, page('plain &lt;string&gt;'));
      });
      await withServer(failing(() => ({ toString: () => '' }), 'development'), async (srv) => {
        assert.equal((await send(srv.port, { path: '/fail' })).text, page('Internal Server Error'));
      });
    });

    it('sets the headers of an error that carries its own status', async () => {
      const withHeaders = (status?: number) => failing(() => Object.assign(new Error('x'), { status, headers: { 'WWW-Authenticate': 'Basic', 'X-Extra': 'yes' } }));
      await withServer(withHeaders(401), async (srv) => {
        const res = await send(srv.port, { path: '/fail' });
        assert.equal(res.status, 401);
        assert.equal(res.headers['www-authenticate'], 'Basic');
        assert.equal(res.headers['x-extra'], 'yes');
      });
      await withServer(withHeaders(undefined), async (srv) => {
        const res = await send(srv.port, { path: '/fail' });
        assert.equal(res.status, 500);
        assert.equal(res.headers['x-extra'], undefined);
      });
    });

    it('drops content headers of the abandoned response and keeps the others', async () => {
      const app = failing((res) => {
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Content-Language', 'fr');
        res.setHeader('Content-Range', 'bytes 0-1/2');
        res.setHeader('X-Kept', 'kept');
        return new Error('x');
      });
      await withServer(app, async (srv) => {
        const res = await send(srv.port, { path: '/fail' });
        assert.equal(res.headers['content-encoding'], undefined);
        assert.equal(res.headers['content-language'], undefined);
        assert.equal(res.headers['content-range'], undefined);
        assert.equal(res.headers['x-kept'], 'kept');
      });
    });

    it('closes the connection for an error after the headers were sent', async () => {
      const app = portico();
      app.get('/late', (_req, res, next) => {
        res.write('partial');
        setTimeout(() => next(new Error('too late')), 20);
      });
      await withServer(app, async (srv) => {
        const raw = await sendRaw(srv.port, 'GET /late HTTP/1.1\r\nHost: x\r\n\r\n');
        assert.equal(raw.status, 200);
        assert.ok(raw.body.includes('partial'));
        assert.ok(!raw.body.includes('0\r\n\r\n'), 'the chunked body must not be terminated');
      });
    });

    it('closes the connection when the response started while the request body was still arriving', async () => {
      const app = portico();
      app.post('/x', (_req, res, next) => {
        next(new Error('early'));
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.write('started');
      });
      await withServer(app, async (srv) => {
        const raw = await new Promise<string>((resolve) => {
          const socket = net.connect(srv.port, '127.0.0.1');
          let data = '';
          let rest = false;
          socket.on('data', (c: Buffer) => {
            data += c.toString('latin1');
            // The rest of the body goes once the response has started.
            if (!rest && data.includes('started')) {
              rest = true;
              socket.write('world');
            }
          });
          socket.on('error', () => {});
          socket.on('close', () => resolve(data));
          socket.write('POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nhello');
        });
        assert.match(raw, /^HTTP\/1.1 200 OK/);
        assert.ok(raw.includes('started'));
        assert.ok(!raw.includes('<!DOCTYPE html>'));
      });
    });

    it('logs the stack outside the test env and stays quiet in it', async () => {
      const error = new Error('logged');
      await capturingConsoleError(async (lines) => {
        await withServer(failing(() => error, 'development'), async (srv) => {
          await send(srv.port, { path: '/fail' });
        });
        await withServer(failing(() => 'no stack', 'production'), async (srv) => {
          await send(srv.port, { path: '/fail' });
        });
        await withServer(failing(() => error, 'test'), async (srv) => {
          await send(srv.port, { path: '/fail' });
        });
        assert.deepEqual(lines, [[error.stack], ['no stack']]);
      });
    });

    it("logs a truthy non-string stack as it is, and an error's own toString() without one", async () => {
      const odd = Object.assign(new Error('odd'), { stack: 42 });
      const described = { toString: () => 'described error' };
      await capturingConsoleError(async (lines) => {
        await withServer(failing(() => odd, 'development'), async (srv) => {
          await send(srv.port, { path: '/fail' });
        });
        await withServer(failing(() => described, 'development'), async (srv) => {
          await send(srv.port, { path: '/fail' });
        });
        assert.deepEqual(lines, [[42], ['described error']]);
      });
    });
  });

  describe('the app as a request listener', () => {
    it('serves http.createServer(app) with node’s own request objects', async () => {
      const app = portico();
      app.get('/x', (req, res) => {
        res.send(typeof req.get + ' ' + String(req.app === app));
      });
      const server = http.createServer(app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const port = (server.address() as { port: number }).port;
        assert.equal((await send(port, { path: '/x' })).text, 'function true');
        assert.equal((await send(port, { path: '/y' })).status, 404);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('calls the given callback instead of answering when there is one', async () => {
      const app = portico();
      app.get('/x', (_req, _res, next) => next(new Error('handed back')));
      const outer = (req: http.IncomingMessage, res: http.ServerResponse): void => {
        app(req, res, (err?: unknown) => {
          res.end('outer got ' + (err as Error).message);
        });
      };
      await withServer(outer, async (srv) => {
        assert.equal((await send(srv.port, { path: '/x' })).text, 'outer got handed back');
      });
    });
  });
});
