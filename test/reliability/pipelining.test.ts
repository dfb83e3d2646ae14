import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';

import { parseFirstResponse } from './support/raw-exchange';
import { byMode } from './support/mode';
import { serversForThisFile } from './support/per-file-servers';

// Many requests written at once on one connection: the answers come back complete and in order,
// across routes that answer at once, from a file, after reading a body, and with an error.

const COUNT = byMode(200, 2_000);

const servers = serversForThisFile(false);

interface Pipelined { bytes: string; head: boolean; check: (status: number, body: Buffer) => string | null }

function nth(i: number): Pipelined {
  const json = (expected: unknown) => (status: number, body: Buffer) =>
    status === 200 && JSON.stringify(JSON.parse(body.toString())) === JSON.stringify(expected) ? null : `${status} ${body.toString().slice(0, 80)}`;
  switch (i % 6) {
    case 0:
      return { bytes: `GET /users/${i}/posts/${i + 1} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, head: false, check: json({ id: String(i), post: String(i + 1) }) };
    case 1: {
      const body = JSON.stringify({ n: i });
      return { bytes: `POST /json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`, head: false, check: json({ body: { n: i } }) };
    }
    case 2:
      return {
        bytes: 'GET /static/snow%20%E2%98%83/b.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
        head: false,
        check: (status, body) => (status === 200 && body.equals(servers.tree.files.get('snow ☃/b.bin') as Buffer) ? null : `${status}, ${body.length} bytes`),
      };
    case 3:
      return { bytes: `HEAD /file/a.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, head: true, check: (status) => (status === 200 ? null : String(status)) };
    case 4:
      return { bytes: `GET /nowhere/${i} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, head: false, check: (status, body) => (status === 404 && body.includes(`/nowhere/${i}`) ? null : String(status)) };
    default:
      return {
        bytes: `POST /json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 3\r\n\r\n{x}`,
        head: false,
        check: (status) => (status === 400 ? null : String(status)),
      };
  }
}

describe('pipelining', () => {
  it(`answers ${COUNT} pipelined requests completely and in order`, async () => {
    const requests = Array.from({ length: COUNT }, (_, i) => nth(i));
    const socket = net.connect(servers.portico.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let buffered: Buffer = Buffer.alloc(0);
    const problems: string[] = [];
    let answered = 0;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${answered} of ${COUNT} answers within 30 s`)), 30_000);
      socket.on('error', reject);
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        buffered = Buffer.concat([buffered, chunk]);
        // Peel off every complete response at the front of the buffer, in request order.
        for (;;) {
          if (answered === COUNT) break;
          const request = requests[answered];
          const parsed = parseFirstResponse(buffered, request.head);
          const length = Number(parsed.headers['content-length'] ?? 0);
          if (parsed.status === 0 || (!request.head && parsed.body.length < length)) break;
          const problem = request.check(parsed.status, parsed.body);
          if (problem && problems.length < 10) problems.push(`#${answered}: ${problem}`);
          answered++;
          buffered = parsed.rest;
        }
        if (answered === COUNT) {
          clearTimeout(timer);
          resolve();
        }
      });
      socket.write(requests.map((r) => r.bytes).join(''));
    });
    socket.destroy();
    assert.deepEqual(problems, []);
    assert.equal(answered, COUNT);
    assert.equal(buffered.length, 0, 'nothing after the last answer');
    assert.equal(servers.portico.exit, null);
  });
});
