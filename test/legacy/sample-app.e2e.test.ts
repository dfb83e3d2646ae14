import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { join } from 'node:path';
import { startServer, send, type RunningServer, type SimpleResponse } from '../helpers/server';
import { until } from '../helpers/wait-for';

// The sample is plain 3.x code that requires 'portico/legacy': it runs on the built package (dist/).
const requireFromSample = createRequire(join(__dirname, '..', '..', 'examples', 'legacy-3x', 'app.js'));
const createApp = requireFromSample('./app.js') as (options: { secret: string; password: string }) => Parameters<typeof startServer>[0];

const cookieOf = (res: SimpleResponse): string => (res.headers['set-cookie'] ?? []).map((l) => l.split(';')[0]).join('; ');
const text = (res: SimpleResponse): string =>
  res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.body).toString() : res.text;

function multipartBody(boundary: string, token: string): string {
  return [
    `--${boundary}`,
    'Content-Disposition: form-data; name="_csrf"',
    '',
    token,
    `--${boundary}`,
    'Content-Disposition: form-data; name="title"',
    '',
    'Report',
    `--${boundary}`,
    'Content-Disposition: form-data; name="doc"; filename="../../etc/report.txt"',
    'Content-Type: text/plain',
    '',
    'file contents',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

describe('a 3.x sample app on portico/legacy, end to end', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer(createApp({ secret: 'sample secret', password: 'hunter2' }));
  });
  after(async () => {
    await server.close();
  });

  it('serves a page through configure, locals, cookieSession and compress', async () => {
    const first = await send(server.port, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(first.status, 200);
    assert.equal(first.headers['content-encoding'], 'gzip');
    assert.equal(text(first), '<h1>Legacy sample</h1><p>visits: 1</p>');
    const again = await send(server.port, { headers: { cookie: cookieOf(first) } });
    assert.equal(again.text, '<h1>Legacy sample</h1><p>visits: 2</p>');
  });

  it('accepts a csrf-protected multipart upload into req.files (the client path stripped from its name) and removes the temp file afterwards', async () => {
    const form = await send(server.port, { path: '/form' });
    const cookie = cookieOf(form);
    const { csrf } = JSON.parse(form.text) as { csrf: string };
    const boundary = 'sampleboundary42';
    const headers = { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` };

    const refused = await send(server.port, { method: 'POST', path: '/upload', headers, body: multipartBody(boundary, 'forged') });
    assert.equal(refused.status, 403);

    const uploaded = await send(server.port, { method: 'POST', path: '/upload', headers, body: multipartBody(boundary, csrf) });
    assert.equal(uploaded.status, 201);
    assert.deepEqual(JSON.parse(uploaded.text), { title: 'Report', name: 'report.txt', size: 13, content: 'file contents' });
    // Removal starts when the response finishes; it is asynchronous, so wait for it.
    let remaining: boolean[] = [];
    const removed = async (): Promise<boolean> => {
      remaining = JSON.parse((await send(server.port, { path: '/uploads' })).text) as boolean[];
      return !remaining[0];
    };
    await until(removed, 'the upload to be removed').catch(() => undefined);
    assert.deepEqual(remaining, [false]);
  });

  it('guards an area with basicAuth', async () => {
    const anonymous = await send(server.port, { path: '/admin/panel' });
    assert.equal(anonymous.status, 401);
    assert.match(String(anonymous.headers['www-authenticate']), /^Basic realm=/);
    const wrong = await send(server.port, { path: '/admin/panel', headers: { authorization: 'Basic ' + Buffer.from('admin:nope').toString('base64') } });
    assert.equal(wrong.status, 401);
    const ok = await send(server.port, { path: '/admin/panel', headers: { authorization: 'Basic ' + Buffer.from('admin:hunter2').toString('base64') } });
    assert.deepEqual([ok.status, ok.text], [200, 'welcome admin']);
  });

  it('lists a directory and serves its files', async () => {
    const listing = await send(server.port, { path: '/docs/', headers: { accept: 'application/json' } });
    assert.equal(listing.status, 200);
    assert.deepEqual((JSON.parse(listing.text) as string[]).sort(), ['guide.txt', 'notes.md']);
    const file = await send(server.port, { path: '/docs/guide.txt' });
    assert.deepEqual([file.status, file.text], [200, 'Getting started\n']);
    const outside = await send(server.port, { path: '/docs/%2e%2e/app.js' });
    assert.ok(outside.status === 403 || outside.status === 404, String(outside.status));
  });

  it('gives array-like req.params', async () => {
    const res = await send(server.port, { path: '/user/7' });
    assert.deepEqual(JSON.parse(res.text), { id: '7', isArray: true });
  });
});
