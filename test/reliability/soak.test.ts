import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { statsWhen, type ChildStats } from './support/child-server';
import { runPool } from './support/run-pool';
import { LONG } from './support/mode';
import { serversForThisFile } from './support/per-file-servers';

// A realistic mix of requests on keep-alive connections for a while: every answer has the expected
// status, and memory after GC stays flat. RELIABILITY_SOAK_SECONDS sets the length of the long mode.

const SECONDS = LONG ? Number(process.env.RELIABILITY_SOAK_SECONDS ?? 120) : 6;
const MiB = 1024 * 1024;

interface Step { method: string; path: string; type?: string; body?: string; status: number }
const multipart = '--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--b\r\nContent-Disposition: form-data; name="f"; filename="f.txt"\r\n\r\nfile body\r\n--b--\r\n';
const MIX: Step[] = [
  { method: 'GET', path: '/static/a.txt', status: 200 },
  { method: 'GET', path: '/static/snow%20%E2%98%83/b.bin', status: 200 },
  { method: 'GET', path: '/file/index.html', status: 200 },
  { method: 'GET', path: '/users/7/posts/3', status: 200 },
  { method: 'GET', path: '/static/missing', status: 404 },
  { method: 'GET', path: '/cookies', status: 200 },
  { method: 'POST', path: '/json', type: 'application/json', body: '{"a":[1,2,{"b":"c"}]}', status: 200 },
  { method: 'POST', path: '/json', type: 'application/json', body: '{"a":', status: 400 },
  { method: 'POST', path: '/form', type: 'application/x-www-form-urlencoded', body: 'a[b]=1&c=2', status: 200 },
  { method: 'POST', path: '/text', type: 'text/plain', body: 'hello', status: 200 },
  { method: 'POST', path: '/legacy/upload', type: 'multipart/form-data; boundary=b', body: multipart, status: 200 },
];

const servers = serversForThisFile(false);

function request(agent: http.Agent, port: number, step: Step): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, agent, method: step.method, path: step.path, headers: step.type ? { 'content-type': step.type } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${step.method} ${step.path} within 10 s`)));
    req.on('error', reject);
    req.end(step.body);
  });
}

describe('soak', () => {
  it(`serves a realistic mix for ${SECONDS} s with only expected statuses and flat memory`, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const deadline = Date.now() + SECONDS * 1000;
    const samples: ChildStats[] = [];
    let requests = 0;
    const unexpected: string[] = [];
    const sampler = setInterval(() => void servers.portico.stats().then((s) => samples.push(s), () => {}), Math.max(500, (SECONDS * 1000) / 20));
    try {
      await runPool(Array.from({ length: 8 }, (_, i) => i), 8, async (lane) => {
        for (let i = lane; Date.now() < deadline && servers.portico.exit === null; i++) {
          const step = MIX[i % MIX.length];
          const status = await request(agent, servers.portico.port, step);
          requests++;
          if (status !== step.status && unexpected.length < 20) unexpected.push(`${step.method} ${step.path}: ${status}`);
        }
      });
    } finally {
      clearInterval(sampler);
      agent.destroy();
    }
    const last = await statsWhen(servers.portico, (s) => s.uploads === 0);
    // The first fifth warms up (JIT, pools); memory is compared from there to the end.
    const settled = samples[Math.floor(samples.length / 5)] ?? samples[0];
    const figures = {
      seconds: SECONDS,
      requests,
      unexpected: unexpected.length,
      rssStartMiB: +(settled.rss / MiB).toFixed(1),
      rssEndMiB: +(last.rss / MiB).toFixed(1),
      heapStartMiB: +(settled.heapUsed / MiB).toFixed(1),
      heapEndMiB: +(last.heapUsed / MiB).toFixed(1),
    };
    console.log(`soak: ${JSON.stringify(figures)}`);
    assert.equal(servers.portico.exit, null);
    assert.deepEqual(unexpected, []);
    assert.ok(requests > SECONDS * 10, `requests were served (${requests})`);
    assert.ok(last.rss - settled.rss < 32 * MiB, `RSS flat: ${figures.rssStartMiB} → ${figures.rssEndMiB} MiB`);
    assert.ok(last.heapUsed - settled.heapUsed < 8 * MiB, `heap after GC flat: ${figures.heapStartMiB} → ${figures.heapEndMiB} MiB`);
    assert.equal(last.uploads, 0);
    assert.deepEqual(last.polluted, []);
  });
});
