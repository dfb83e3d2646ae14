import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import legacy from '../../src/legacy/index';
import { loadExpress3, type LegacyFramework } from '../helpers/legacy-oracle';
import { startServer, send, type SimpleRequest } from '../helpers/server';
import { until } from '../helpers/wait-for';

/* Issue 28: the 3.x logger's :remote-user is the Basic-auth user name (differential, express@3);
   control characters in any token's value are escaped, where Express 3 writes them raw. */

const FORMAT = ':remote-user|:url|:referrer|:user-agent|:req[x-note]|:greeting';

/** The lines `framework`'s logger writes for the requests, in order. */
async function logLines(framework: LegacyFramework, requests: SimpleRequest[]): Promise<string[]> {
  const out: string[] = [];
  framework.logger.token('greeting', (req: { url: string }) => decodeURIComponent(req.url.split('?q=')[1] ?? ''));
  const app = framework();
  app.use(framework.logger({ format: FORMAT, stream: { write: (line: string) => out.push(line) } }));
  app.use((_req: unknown, res: { end(s: string): void }) => res.end('ok'));
  const server = await startServer(app);
  try {
    for (const r of requests) await send(server.port, r);
    // Each line is written when its response is done on the server's side.
    await until(() => out.length >= requests.length, 'a log line per request').catch(() => undefined);
  } finally {
    await server.close();
  }
  return out;
}

const basic = (credentials: string, scheme = 'Basic') => ({ authorization: scheme + ' ' + Buffer.from(credentials).toString('base64') });

describe('legacy logger :remote-user and escaping', () => {
  it(':remote-user is the Basic-auth user name, as in express@3', async () => {
    const requests: SimpleRequest[] = [
      { path: '/' },
      { path: '/a?q=hi', headers: { ...basic('tobi:ferret'), referer: 'http://r/"x"', 'user-agent': 'UA 1.0', 'x-note': 'n' } },
      { path: '/', headers: basic('tobi') },
      { path: '/', headers: basic(':pw') },
      { path: '/', headers: { authorization: 'Basic !!!' } },
      { path: '/', headers: { authorization: 'Bearer abc' } },
      { path: '/', headers: basic('low:x', 'basic') },
      { path: '/', headers: basic('ünï:x') },
    ];
    const portico = await logLines(legacy, requests);
    const express3 = await logLines(loadExpress3(), requests);
    assert.deepEqual(portico, express3);
    assert.equal(portico[1], 'tobi|/a?q=hi|http://r/"x"|UA 1.0|n|hi\n');
    assert.equal(portico[0], '-|/|-|-|-|-\n');
  });

  it('escapes CR, LF and other control characters in :remote-user and any other token (express@3 does not)', async () => {
    const forged = 'evil\r\n127.0.0.1 - admin [forged] "GET /admin"\x1b[2K';
    const requests: SimpleRequest[] = [
      { path: '/', headers: basic(forged + ':pw') },
      { path: '/?q=' + encodeURIComponent(forged), headers: { 'user-agent': 'a\tb', 'x-note': 'plain' } },
    ];
    const express3 = await logLines(loadExpress3(), requests);
    // The vulnerability the escaping closes: express@3 writes the forged line.
    assert.ok(express3[0].split('\n').length > 2, 'express@3 writes the raw CR/LF');
    const portico = await logLines(legacy, requests);
    assert.equal(portico.length, 2);
    for (const line of portico) {
      assert.equal(line.indexOf('\n'), line.length - 1, 'one line');
      assert.ok(![...line.slice(0, -1)].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), 'no control character');
      assert.doesNotMatch(line, /^127\.0\.0\.1 - admin/m);
    }
    assert.equal(portico[0], 'evil\\x0d\\x0a127.0.0.1 - admin [forged] "GET /admin"\\x1b[2K|/|-|-|-|-\n');
    assert.equal(portico[1], '-|/?q=' + encodeURIComponent(forged) + '|-|a\\x09b|plain|evil\\x0d\\x0a127.0.0.1 - admin [forged] "GET /admin"\\x1b[2K\n');
  });
});
