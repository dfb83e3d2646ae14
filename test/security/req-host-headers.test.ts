import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { appWith } from '../helpers/one-request';
import { withServer } from '../helpers/server';
import { sendRaw } from '../helpers/raw-http';

/*
 * Host and X-Forwarded-* are attacker-controlled. Whatever they hold (empty, repeated, malformed, huge),
 * req.hostname/host/subdomains/protocol/secure/ip/ips give a sensible value and never throw.
 */

const readAll = (req: any) => ({
  hostname: req.hostname ?? null,
  subdomains: req.subdomains,
  protocol: req.protocol,
  secure: req.secure,
  ip: req.ip,
  ips: req.ips,
});

const app = (trust: unknown) => appWith((req, res) => res.json(readAll(req)), (a) => a.set('trust proxy', trust));
const request = (lines: string) => `GET / HTTP/1.1\r\n${lines}Connection: close\r\n\r\n`;

// Header-value characters node accepts: visible ASCII, space and tab, plus obs-text.
const headerChar = fc.oneof(
  fc.constantFrom('[', ']', ':', ',', '.', ' ', '\t', '%', '\u00e9', '1', 'a'),
  fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
);
const headerValue = fc.string({ unit: headerChar, maxLength: 60 });

describe('hostile Host and X-Forwarded-* headers', () => {
  for (const trust of [false, true, 'loopback', 2]) {
    it(`never throw with trust proxy ${JSON.stringify(trust)}`, async () => {
      await withServer(app(trust), async (srv) => {
        await fc.assert(
          fc.asyncProperty(headerValue, headerValue, headerValue, headerValue, async (host, fhost, fproto, ffor) => {
            const res = await sendRaw(srv.port, request(`Host: ${host}\r\nX-Forwarded-Host: ${fhost}\r\nX-Forwarded-Proto: ${fproto}\r\nX-Forwarded-For: ${ffor}\r\n`));
            if (res.status === 400) return; // node refused the request line or a header itself
            assert.equal(res.status, 200, res.raw);
            const body = JSON.parse(res.body.slice(res.body.indexOf('{'))) as ReturnType<typeof readAll>;
            assert.ok(body.hostname === null || typeof body.hostname === 'string');
            assert.ok(Array.isArray(body.subdomains));
            assert.equal(typeof body.protocol, 'string');
            assert.equal(typeof body.ip, 'string');
          }),
          { numRuns: 60 },
        );
      });
    });
  }

  it('empty, missing and port-only Host give undefined or an empty name', async () => {
    await withServer(app(false), async (srv) => {
      const read = async (lines: string, version = '1.1') => JSON.parse((await sendRaw(srv.port, `GET / HTTP/${version}\r\n${lines}Connection: close\r\n\r\n`)).body);
      assert.equal((await read('Host: \r\n')).hostname, null);
      assert.equal((await read('', '1.0')).hostname, null);
      assert.equal((await read('Host: :8080\r\n')).hostname, '');
      assert.equal((await read('Host: [::1\r\n')).hostname, '[');
    });
  });

  it('repeated Host keeps the first; repeated X-Forwarded-* are joined and the first value wins', async () => {
    await withServer(app(true), async (srv) => {
      const res = await sendRaw(srv.port, request('Host: a.com\r\nHost: b.com\r\nX-Forwarded-Host: x.com\r\nX-Forwarded-Host: y.com\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Proto: http\r\nX-Forwarded-For: 1.1.1.1\r\nX-Forwarded-For: 2.2.2.2\r\n'));
      const body = JSON.parse(res.body);
      assert.deepEqual([body.hostname, body.protocol, body.secure, body.ip, body.ips], ['x.com', 'https', true, '1.1.1.1', ['1.1.1.1', '2.2.2.2']]);
    });
  });

  it('a huge X-Forwarded-For is walked without error', async () => {
    await withServer(app(true), async (srv) => {
      const chain = Array.from({ length: 1000 }, (_, i) => `10.${i % 250}.0.1`).join(', ');
      const body = JSON.parse((await sendRaw(srv.port, request(`Host: h\r\nX-Forwarded-For: ${chain}\r\n`))).body);
      assert.equal(body.ip, '10.0.0.1');
      assert.equal(body.ips.length, 1000);
    });
  });

  it('a huge Host is returned as is', async () => {
    await withServer(app(false), async (srv) => {
      const host = 'a.'.repeat(3000) + 'example.com';
      const body = JSON.parse((await sendRaw(srv.port, request(`Host: ${host}:80\r\n`))).body);
      assert.equal(body.hostname, host);
      assert.equal(body.subdomains.length, 3000);
    });
  });
});
