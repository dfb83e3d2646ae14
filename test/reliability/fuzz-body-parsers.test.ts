import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { statsWhen } from './support/child-server';
import { bodyRequest } from './support/body-requests';
import { runFuzz } from './support/fuzz-run';
import { exchange } from './support/raw-exchange';
import { readdirSync } from 'node:fs';
import { ANSWER_BOUND_MS, byMode, SEED } from './support/mode';
import { serversForThisFile } from './support/per-file-servers';
import { until } from '../helpers/wait-for';

// Random bodies, media types, charsets, Content-Encodings (valid, corrupt, truncated) and framings
// (exact, short and long Content-Length, chunked, bad chunks) against json(), urlencoded() both ways,
// text(), raw() and the legacy bodyParser() with multipart, written as raw bytes on fresh connections.

const COUNT = byMode(1_000, 60_000);

const servers = serversForThisFile(true);

describe('fuzzing the body parsers at the HTTP boundary', () => {
  it(`answers ${COUNT} generated requests without a crash, a hang, a 5xx express@4 does not give, pollution or a left upload`, async () => {
    const figures = await runFuzz({ portico: servers.portico, express: servers.express!, arbitrary: bodyRequest, count: COUNT, seed: SEED, sampleEvery: 10, concurrency: byMode(16, 32) });
    console.log(`body-parser fuzz: ${JSON.stringify({ ...figures, failures: figures.failures.length })}`);
    assert.deepEqual(figures.failures, []);
    assert.equal(figures.requests, COUNT);
    assert.equal(servers.portico.exit, null, 'the Portico child is still running');
    // Uploads are removed by the route once answered; give the last removals a moment.
    const stats = await statsWhen(servers.portico, (s) => s.uploads === 0);
    assert.deepEqual(stats.polluted, [], 'no built-in prototype gained a key');
    assert.equal(stats.uploads, 0, 'the upload directory is empty again');
  });
});

describe('legacy multipart when the client leaves as soon as its upload is sent', () => {
  // Found by the fuzzing above: the response closed while the last file was still being written,
  // before the parser had registered the removal of the upload directory, which then stayed.
  it('removes the upload directory all the same', async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="f"; filename="f.txt"\r\n\r\n' + 'x'.repeat(2000) + '\r\n--b--\r\n';
    const request = Buffer.from(`POST /legacy/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    for (let i = 0; i < 20; i++) await exchange(servers.portico.port, request, ANSWER_BOUND_MS, { halfClose: true });
    // The directory is removed asynchronously, after the answer.
    await until(() => readdirSync(servers.tree.uploads).length === 0, () => `the uploads to be removed (left: ${readdirSync(servers.tree.uploads).join(', ')})`);
    assert.equal(servers.portico.exit, null);
  });
});

describe('legacy multipart parts without a field name (issue examples)', () => {
  const parts = [
    'Content-Disposition: form-data\r\n\r\nhello',
    'Content-Disposition: form-data; name=""\r\n\r\nhello',
    'Content-Disposition: form-data; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello',
  ];
  for (const part of parts) {
    it(`answers and keeps serving: ${JSON.stringify(part.split('\r\n')[0])}`, async () => {
      const body = `--XyZ\r\n${part}\r\n--XyZ--\r\n`;
      const request = `POST /legacy/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
      const answer = await exchange(servers.portico.port, Buffer.from(request), ANSWER_BOUND_MS);
      assert.ok(answer.status === 200 || (answer.status >= 400 && answer.status < 500), `status ${answer.status}`);
      const health = await exchange(servers.portico.port, Buffer.from('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'), ANSWER_BOUND_MS);
      assert.equal(health.status, 200);
      assert.equal(servers.portico.exit, null);
    });
  }
});
