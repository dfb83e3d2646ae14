import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type http2 from 'node:http2';
import portico from '../../src/index';
import { startCleartextHttp2, connect, request, type RunningHttp2Server } from '../helpers/http2';
import type { Listener } from '../helpers/server';

/*
 * Which headers `res.setHeader` drops over h2: the connection-specific ones (RFC 9113 §8.2.2) in any
 * case, and no other, in particular none whose name has the length of a forbidden one (the check
 * tells most names apart by their length before comparing them).
 */

const FORBIDDEN: [string, string][] = [
  ['Connection', 'close'],
  ['KEEP-ALIVE', 'timeout=5'],
  ['proxy-connection', 'keep-alive'],
  ['Transfer-Encoding', 'chunked'],
  ['UpGrade', 'websocket'],
  ['HTTP2-Settings', 'AAMAAABkAAQAoAAAAAIAAAAA'],
  ['Te', 'gzip'],
];

/** `TE` as node:http2 refuses it although RFC 9113 would read it as `trailers`: dropped rather than failing the response. */
const TE_MISSPELT: [string, string] = ['tE', ' Trailers '];

/** Same lengths as the forbidden names (2, 7, 10, 14, 16, 17), and the one `TE` value h2 allows. */
const KEPT: [string, string][] = [
  ['X2', 'two'],
  ['X-Trace', 'seven'],
  ['X-Custom-1', 'ten'],
  ['X-Request-Span', 'fourteen'],
  ['X-Forwarded-Port', 'sixteen'],
  ['X-Upstream-Server', 'seventeen'],
  ['TE', 'trailers'],
];

describe('connection-specific headers over h2', () => {
  let server: RunningHttp2Server;
  let session: http2.ClientHttp2Session;
  before(async () => {
    const app = portico();
    app.disable('x-powered-by');
    app.get('/', (req, res) => {
      for (const [name, value] of [...FORBIDDEN, ...KEPT]) res.setHeader(name, value);
      if (req.query.te === 'misspelt') {
        res.removeHeader('TE');
        res.setHeader(...TE_MISSPELT);
      }
      res.json({ names: res.getHeaderNames() });
    });
    server = await startCleartextHttp2(app as unknown as Listener);
    session = await connect(server.url);
  });
  after(async () => {
    session.close();
    await server.close();
  });

  it('drops every connection-specific name in any case, and keeps the names of the same lengths and TE: trailers', async () => {
    const res = await request(session, { path: '/' });
    assert.equal(res.status, 200);
    for (const [name] of FORBIDDEN) {
      if (name !== 'Te') assert.equal(res.headers[name.toLowerCase()], undefined, name);
    }
    for (const [name, value] of KEPT) assert.equal(res.headers[name.toLowerCase()], value, name);
    const stored = (JSON.parse(res.text) as { names: string[] }).names;
    assert.deepEqual(stored.filter((n) => n !== 'content-type'), KEPT.map(([name]) => name.toLowerCase()));
  });

  // Before, the stream was never answered: a timeout makes that a failure.
  it('drops a TE other than the exact `trailers` node:http2 accepts, and answers', { timeout: 30_000 }, async () => {
    const res = await request(session, { path: '/?te=misspelt' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.te, undefined);
    assert.equal(res.headers['x-custom-1'], 'ten');
  });
});
