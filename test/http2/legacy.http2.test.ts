import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { join } from 'node:path';
import type http2 from 'node:http2';
import legacy from '../../src/legacy/index';
import { startSecureHttp2, connect, request, type RunningHttp2Server, type H2Response } from '../helpers/http2';
import type { Listener } from '../helpers/server';

/*
 * portico/legacy over h2: the 3.x sample app (plain 3.x code requiring the built package, as
 * test/legacy/sample-app.e2e.test.ts runs it over HTTP/1.1), and the 3.x response members that
 * act as the head goes out.
 */

const requireFromSample = createRequire(join(__dirname, '..', '..', 'examples', 'legacy-3x', 'app.js'));
const createApp = requireFromSample('./app.js') as (options: { secret: string; password: string }) => Listener;

const cookieOf = (res: H2Response): string => ((res.headers['set-cookie'] as string[] | undefined) ?? []).map((l) => l.split(';')[0]).join('; ');
const text = (res: H2Response): string => (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.body).toString() : res.text);

describe('the 3.x sample app on portico/legacy over h2', () => {
  let server: RunningHttp2Server;
  let session: http2.ClientHttp2Session;
  before(async () => {
    server = await startSecureHttp2(createApp({ secret: 'sample secret', password: 'hunter2' }));
    session = await connect(server.url);
  });
  after(async () => {
    session.close();
    await server.close();
  });

  it('serves a page through configure, locals, cookieSession and compress', async () => {
    const first = await request(session, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(first.status, 200);
    assert.equal(first.headers['content-encoding'], 'gzip');
    assert.equal(text(first), '<h1>Legacy sample</h1><p>visits: 1</p>');
    const again = await request(session, { headers: { cookie: cookieOf(first) } });
    assert.equal(text(again), '<h1>Legacy sample</h1><p>visits: 2</p>');
  });

  it('accepts a csrf-protected multipart upload into req.files', async () => {
    const form = await request(session, { path: '/form' });
    const { csrf } = JSON.parse(text(form)) as { csrf: string };
    const boundary = 'h2boundary';
    const body = [
      `--${boundary}`, 'Content-Disposition: form-data; name="_csrf"', '', csrf,
      `--${boundary}`, 'Content-Disposition: form-data; name="title"', '', 'Report',
      `--${boundary}`, 'Content-Disposition: form-data; name="doc"; filename="report.txt"', 'Content-Type: text/plain', '', 'file contents',
      `--${boundary}--`, '',
    ].join('\r\n');
    const headers = { cookie: cookieOf(form), 'content-type': `multipart/form-data; boundary=${boundary}` };
    const refused = await request(session, { method: 'POST', path: '/upload', headers, body: body.replace(csrf, 'forged') });
    assert.equal(refused.status, 403);
    const uploaded = await request(session, { method: 'POST', path: '/upload', headers, body, noContentLength: true });
    assert.equal(uploaded.status, 201);
    assert.deepEqual(JSON.parse(text(uploaded)), { title: 'Report', name: 'report.txt', size: 13, content: 'file contents' });
  });

  it('guards an area with basicAuth and lists a directory', async () => {
    const anonymous = await request(session, { path: '/admin/panel' });
    assert.equal(anonymous.status, 401);
    const ok = await request(session, { path: '/admin/panel', headers: { authorization: 'Basic ' + Buffer.from('admin:hunter2').toString('base64') } });
    assert.deepEqual([ok.status, text(ok)], [200, 'welcome admin']);
    const listing = await request(session, { path: '/docs/', headers: { accept: 'application/json' } });
    assert.deepEqual((JSON.parse(text(listing)) as string[]).sort(), ['guide.txt', 'notes.md']);
    const params = await request(session, { path: '/user/7' });
    assert.deepEqual(JSON.parse(text(params)), { id: '7', isArray: true });
  });
});

describe('3.x response members over h2', () => {
  let server: RunningHttp2Server;
  let session: http2.ClientHttp2Session;
  before(async () => {
    const app = legacy();
    app.set('env', 'production');
    app.get('/charset', (_req: any, res: any) => {
      res.charset = 'ISO-8859-1';
      res.setHeader('Content-Type', 'text/plain');
      res.end('latin');
    });
    app.get('/send-status', (_req: any, res: any) => res.send(201, 'made'));
    app.get('/fail', () => {
      throw new Error('legacy boom');
    });
    app.use(legacy.errorHandler());
    server = await startSecureHttp2(app as unknown as Listener);
    session = await connect(server.url);
  });
  after(async () => {
    session.close();
    await server.close();
  });

  it('applies res.charset as the head goes out', async () => {
    const res = await request(session, { path: '/charset' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/plain; charset=ISO-8859-1');
    assert.equal(res.text, 'latin');
  });

  it('takes the 3.x res.send(status, body)', async () => {
    const res = await request(session, { path: '/send-status' });
    assert.deepEqual([res.status, res.text], [201, 'made']);
  });

  it('answers through the 3.x errorHandler', async () => {
    const res = await request(session, { path: '/fail', headers: { accept: 'application/json' } });
    assert.equal(res.status, 500);
    assert.match(res.text, /legacy boom/);
  });
});
