// A compressed body that inflates past `limit` while the client is still sending: Express reads
// and discards the rest of the request, then answers 413; Portico does the same, compared with
// express@4 for each of the four parsers. The discarding is bounded (DRAIN_LIMIT): past it the
// answer goes out at once and the connection is closed after it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import express from 'express';
import portico from '../src/index';
import { startServer } from './helpers/server';
import { RawClient } from './helpers/body-socket';
import { DRAIN_LIMIT } from '../src/body/discard-request';

const PARSERS = [
  { name: 'json', type: 'application/json', body: () => '{"a":"' + 'x'.repeat(200_000) + '"}' },
  { name: 'text', type: 'text/plain', body: () => 'x'.repeat(200_000) },
  { name: 'raw', type: 'application/octet-stream', body: () => 'x'.repeat(200_000) },
  { name: 'urlencoded', type: 'application/x-www-form-urlencoded', body: () => 'a=' + 'x'.repeat(200_000) },
] as const;

function appFor(fw: any, parser: string) {
  const app = fw();
  app.use(fw[parser]({ limit: '10kb', type: () => true }));
  app.post('/', (_req: unknown, res: any) => res.send('parsed'));
  app.use((err: any, _req: unknown, res: any, _next: unknown) => res.status(err.status || 500).send(err.type));
  return app;
}

/**
 * Sends the head and the first half of a gzip body (already inflating past the limit), waits,
 * then sends the rest. Returns what arrived before the rest was sent, and the final answer.
 */
async function sendInTwoHalves(port: number, type: string, gz: Buffer, headers = ''): Promise<{ early: string; status: string }> {
  const client = new RawClient(port);
  const half = Math.ceil(gz.length / 2);
  await client.write(
    `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Encoding: gzip\r\nContent-Length: ${gz.length}\r\n${headers}\r\n`,
  );
  await client.write(gz.subarray(0, half));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const early = client.received;
  await client.write(gz.subarray(half));
  const received = await client.until((r) => r.includes('\r\n\r\n') && /\r\n\r\n[\s\S]+/.test(r));
  client.socket.destroy();
  return { early, status: received.split('\r\n')[0] };
}

describe('a compressed body over limit while the client is still sending', () => {
  for (const parser of PARSERS) {
    it(`${parser.name}: answered 413 after the rest of the request was read, as on Express`, async () => {
      // Incompressible tail so that the first half of the gzip stream already holds more than 10kb inflated.
      const gz = gzipSync(Buffer.from(parser.body()), { level: 1 });
      const results = [];
      for (const fw of [portico, express]) {
        const srv = await startServer(appFor(fw, parser.name));
        try {
          results.push(await sendInTwoHalves(srv.port, parser.type, gz));
        } finally {
          await srv.close();
        }
      }
      assert.deepEqual(results[0], results[1]);
      assert.deepEqual(results[0], { early: '', status: 'HTTP/1.1 413 Payload Too Large' });
    });
  }

  it('stops discarding past DRAIN_LIMIT: answers 413 at once and closes the connection', async () => {
    const srv = await startServer(appFor(portico, 'raw'));
    try {
      const client = new RawClient(srv.port);
      const big = DRAIN_LIMIT * 2;
      await client.write(`POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nContent-Encoding: gzip\r\nContent-Length: ${big}\r\n\r\n`);
      await client.write(gzipSync(Buffer.alloc(64 * 1024, 1)));
      const answer = await client.until((r) => r.includes('entity.too.large'));
      assert.match(answer, /^HTTP\/1\.1 413 /);
      await client.closedPromise;
      assert.ok(client.closed);
    } finally {
      await srv.close();
    }
  });
});
