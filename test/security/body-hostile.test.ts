import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import fc from 'fast-check';
import portico from '../../src/index';
import { probeApp, postBody, type ParserSpec } from '../helpers/body-probe';
import { withServer, send, type RunningServer } from '../helpers/server';
import type { FrameworkLike } from '../helpers/compare';

/**
 * Hostile bodies for every parser: arbitrary bytes under arbitrary types, charsets and encodings,
 * truncated and malformed bodies, wrong charsets, UTF-16 JSON with and without a BOM. The answer is
 * always one of the statuses the parsers define, and the server keeps serving.
 */

const STATUSES = new Set([200, 400, 403, 413, 415]);
const ALL_PARSERS: ParserSpec[] = [
  ['json', { type: ['application/json', 'application/*+json'] }],
  ['urlencoded', { extended: true }],
  ['urlencoded', { extended: false, type: 'application/x-simple-form' }],
  ['text', { type: 'text/*', limit: '8kb' }],
  ['raw', { type: 'application/octet-stream', limit: 1024 }],
];

function withAllParsers<T>(fn: (srv: RunningServer) => Promise<T>): Promise<T> {
  return withServer(probeApp(portico as unknown as FrameworkLike, ALL_PARSERS), fn);
}

const contentTypes = fc.constantFrom(
  'application/json', 'application/ld+json', 'application/x-www-form-urlencoded', 'application/x-simple-form',
  'text/plain', 'text/html', 'application/octet-stream', 'image/png', 'application/json; charset=',
  'text/plain; charset="', ';;;', 'application/json; charset=utf-16', 'text/plain; charset=shift_jis',
);
const charsets = fc.constantFrom('', '; charset=utf-8', '; charset=utf-16le', '; charset=utf-16be', '; charset=latin1', '; charset=bogus', '; charset=utf-7', '; charset=UTF-32');
const encodings = fc.constantFrom('identity', 'gzip', 'deflate', 'br', 'bogus', 'gzip, gzip');

describe('hostile bodies: arbitrary input', () => {
  it('answers arbitrary bytes under arbitrary types, charsets and encodings with a defined status', { timeout: 120_000 }, async () => {
    await withAllParsers(async ({ port }) => {
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), contentTypes, charsets, encodings, fc.boolean(), async (bytes, type, charset, encoding, compress) => {
          let body = Buffer.from(bytes);
          if (compress && encoding === 'gzip') body = zlib.gzipSync(body);
          if (compress && encoding === 'br') body = zlib.brotliCompressSync(body);
          const res = await send(port, postBody(type + charset, body, { 'content-encoding': encoding }));
          assert.ok(STATUSES.has(res.status), `status ${res.status}: ${res.text.slice(0, 200)}`);
        }),
        { numRuns: 150 },
      );
      assert.equal((await send(port, postBody('application/json', '{"alive":true}'))).status, 200);
    });
  });

  it('answers arbitrary text as a form, extended or not, without throwing', { timeout: 120_000 }, async () => {
    const formish = fc.string({ unit: fc.constantFrom('a', 'b', '0', '9', '[', ']', '=', '&', '%', '2', 'F', '+', '.', '_', '_proto_', 'constructor', '\u00e9', '\ud83d'), maxLength: 200 });
    await withAllParsers(async ({ port }) => {
      await fc.assert(
        fc.asyncProperty(formish, fc.boolean(), async (form, extended) => {
          const res = await send(port, postBody(extended ? 'application/x-www-form-urlencoded' : 'application/x-simple-form', form));
          assert.ok(res.status === 200 || res.status === 400, `status ${res.status} for ${JSON.stringify(form)}`);
        }),
        { numRuns: 200 },
      );
    });
  });
});

describe('hostile bodies: truncated and malformed JSON', () => {
  const full = '{"name":"tobi","tags":["a","b"],"nested":{"n":1.5e3,"ok":true,"none":null},"s":"\\u00e9\\n"}';

  it('refuses every proper prefix of a JSON document with 400 entity.parse.failed', async () => {
    await withAllParsers(async ({ port }) => {
      for (let cut = 1; cut < full.length; cut++) {
        const res = await send(port, postBody('application/json', full.slice(0, cut)));
        assert.equal(res.status, 400, `prefix of ${cut}`);
        assert.match(res.text, /entity\.parse\.failed/);
      }
      assert.equal((await send(port, postBody('application/json', full))).status, 200);
    });
  });

  it('refuses truncated compressed data with 400', async () => {
    await withAllParsers(async ({ port }) => {
      for (const [encoding, data] of [['gzip', zlib.gzipSync(full)], ['deflate', zlib.deflateSync(full)]] as const) {
        const res = await send(port, postBody('application/json', data.subarray(0, data.length - 4), { 'content-encoding': encoding }));
        assert.equal(res.status, 400, encoding);
      }
    });
  });

  it('answers a huge single string within the limit', async () => {
    await withAllParsers(async ({ port }) => {
      const res = await send(port, postBody('application/json', '["' + 'é'.repeat(50_000) + '"]'));
      assert.equal(res.status, 200);
    });
  });
});

describe('hostile bodies: charsets', () => {
  const doc = '{"greeting":"grüße ☃ 😀"}';
  const le = (s: string): Buffer => Buffer.from(s, 'utf16le');
  const be = (s: string): Buffer => Buffer.from(s, 'utf16le').swap16();

  for (const [name, charset, body] of [
    ['utf-16le without a BOM', 'utf-16le', le(doc)],
    ['utf-16le with a BOM', 'utf-16le', le('\ufeff' + doc)],
    ['utf-16be without a BOM', 'utf-16be', be(doc)],
    ['utf-16be with a BOM', 'utf-16be', be('\ufeff' + doc)],
    ['utf-16 with a little-endian BOM', 'utf-16', le('\ufeff' + doc)],
    ['utf-16 with a big-endian BOM', 'utf-16', be('\ufeff' + doc)],
    ['utf-16 without a BOM (big-endian detected)', 'utf-16', be(doc)],
    ['utf-16 without a BOM (little-endian)', 'utf-16', le(doc)],
  ] as const) {
    it(`parses JSON in ${name}`, async () => {
      await withAllParsers(async ({ port }) => {
        const res = await send(port, postBody('application/json; charset=' + charset, body));
        assert.equal(res.status, 200);
        assert.deepEqual(JSON.parse(res.text).body, JSON.parse(doc));
      });
    });
  }

  it('refuses UTF-16 declared with the wrong byte order with 400, not a crash', async () => {
    await withAllParsers(async ({ port }) => {
      const res = await send(port, postBody('application/json; charset=utf-16le', be(doc)));
      assert.equal(res.status, 400);
    });
  });

  it('refuses UTF-16 bytes declared as UTF-8 with 400', async () => {
    await withAllParsers(async ({ port }) => {
      const res = await send(port, postBody('application/json; charset=utf-8', le(doc)));
      assert.equal(res.status, 400);
    });
  });

  it('decodes Latin-1 bytes declared as UTF-8 into replacement characters', async () => {
    await withAllParsers(async ({ port }) => {
      const res = await send(port, postBody('text/plain', Buffer.from('grüße', 'latin1')));
      assert.equal(JSON.parse(res.text).body, 'gr\ufffd\ufffde');
    });
  });
});

describe('hostile bodies: headers', () => {
  it('matches an 8 KB Content-Type by its type, and refuses an 8 KB subtype', async () => {
    await withAllParsers(async ({ port }) => {
      const res = await send(port, postBody('application/json; x=' + 'a'.repeat(8000), '{"a":1}'));
      assert.equal(res.status, 200);
      assert.deepEqual(JSON.parse(res.text).body, { a: 1 });
      const odd = await send(port, postBody('application/' + 'j'.repeat(8000), '{"a":1}'));
      assert.deepEqual(JSON.parse(odd.text).body, {});
    });
  });

  it('remembers at most a bounded number of Content-Type values', async () => {
    await withAllParsers(async ({ port }) => {
      for (let i = 0; i < 300; i++) {
        const res = await send(port, postBody('application/json; v=' + i, '{"i":' + i + '}'));
        assert.deepEqual(JSON.parse(res.text).body, { i });
      }
    });
  });
});
