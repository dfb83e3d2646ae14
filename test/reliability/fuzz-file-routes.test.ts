import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { checkFileBody } from './support/served-tree';
import { fileRequest } from './support/file-requests';
import { runFuzz } from './support/fuzz-run';
import { exchange } from './support/raw-exchange';
import { ANSWER_BOUND_MS, byMode, SEED } from './support/mode';
import { serversForThisFile } from './support/per-file-servers';

// Random request targets (traversals, escapes, awkward names) against static, sendFile and param
// routes, with random Range, If-* and Accept* headers and Host values that carry userinfo.

const COUNT = byMode(1_000, 40_000);

const servers = serversForThisFile(true);

describe('fuzzing the file and param routes at the HTTP boundary', () => {
  it(`answers ${COUNT} generated requests with exact file bytes, nothing from outside the root and no userinfo hostname`, async () => {
    let fileBodies = 0;
    const figures = await runFuzz({
      portico: servers.portico,
      express: servers.express!,
      arbitrary: fileRequest,
      count: COUNT,
      seed: SEED + 1,
      sampleEvery: 10,
      concurrency: byMode(16, 32),
      check: (request, answer) => {
        if (answer.raw.includes(servers.tree.secret)) return 'served a file outside the root';
        const target = request.label.split(' ')[1];
        if (request.label.startsWith('GET ') && (answer.status === 200 || answer.status === 206) && /^\/+(static|file)\//i.test(target)) {
          fileBodies++;
          return checkFileBody(servers.tree, answer.status, answer.headers, answer.body);
        }
        if (answer.status === 200 && /^\/host(\?|$)/.test(target) && request.label.startsWith('GET ')) {
          const { hostname } = JSON.parse(answer.body.toString()) as { hostname: string | null };
          if (hostname !== null && /@/.test(request.label.split(' host=')[1].split(' ')[0]) && hostname.startsWith('evil.com')) {
            return `hostname ${hostname} taken from userinfo`;
          }
        }
        return null;
      },
    });
    console.log(`file-route fuzz: ${JSON.stringify({ ...figures, fileBodies, failures: figures.failures.length })}`);
    assert.deepEqual(figures.failures, []);
    assert.equal(figures.requests, COUNT);
    assert.ok(fileBodies > COUNT / 100, `file bodies were checked (${fileBodies})`);
    assert.equal(servers.portico.exit, null, 'the Portico child is still running');
    assert.deepEqual((await servers.portico.stats()).polluted, [], 'no built-in prototype gained a key');
  });
});

describe('Host values with userinfo (issue examples)', () => {
  for (const host of ['evil.com:x@good.com', 'evil.com:x%40good.com', 'evil.com:@good.com']) {
    it(`never takes the hostname from the userinfo of ${host}`, async () => {
      const answer = await exchange(servers.portico.port, Buffer.from(`GET /host HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`), ANSWER_BOUND_MS);
      assert.equal(answer.status, 200);
      const { hostname, subdomains } = JSON.parse(answer.body.toString()) as { hostname: string | null; subdomains: string[] };
      assert.ok(hostname === null || !hostname.startsWith('evil.com'), `hostname ${hostname}`);
      assert.ok(!subdomains.includes('evil'), `subdomains ${subdomains.join(',')}`);
    });
  }
});
