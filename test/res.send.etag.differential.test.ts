import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import express from 'express';
import { shortSha1Base64, SHORT_BODY } from '../src/http/sha1';
import { startBoth, type ServerPair } from './helpers/compare';

/*
 * An app's first short bodies are tagged with Portico's own SHA-1 (src/http/sha1.ts), node:crypto's
 * after them. Each test file runs in a process of its own, so the generated bodies below, sent before
 * any other tagged response, take the first path: their ETag must be express@4's, byte for byte.
 */

type Framework = typeof express;

function build(fw: Framework) {
  const app = fw();
  // POST /tag?as=string|buffer&etag=weak|strong with the body's bytes in hex.
  app.post('/tag', fw.text({ type: '*/*' }), (req, res) => {
    const bytes = Buffer.from(String(req.body), 'hex');
    if (req.query.etag === 'strong') app.set('etag', 'strong');
    else app.set('etag', 'weak');
    if (req.query.as === 'buffer') res.send(bytes);
    else res.send(bytes.toString('utf8'));
  });
  return app;
}

const text = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.nat(SHORT_BODY + 80).map((n) => 'x'.repeat(n)),
  fc.constantFrom('', 'Hello World!', '{"ok":true}', 'é', '€'.repeat(341), '€'.repeat(342)),
);
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 200 }),
  fc.integer({ min: 50, max: 70 }).chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
  fc.integer({ min: SHORT_BODY - 70, max: SHORT_BODY + 10 }).chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
);

let both: ServerPair;

describe('ETag of short bodies hashed without node:crypto, on Portico and express@4 (differential, generated)', () => {
  before(async () => {
    both = await startBoth(build);
  });
  after(() => both.close());

  it('tags strings and Buffers, weak and strong, as Express 4 does', async () => {
    const kase = fc.record({ body: fc.oneof(text.map((t) => Buffer.from(t, 'utf8')), bytes.map((b) => Buffer.from(b))), as: fc.constantFrom('string', 'buffer'), etag: fc.constantFrom('weak', 'strong') });
    // Fewer requests than the bodies hashed without node:crypto (256), so all of them take that path.
    await fc.assert(
      fc.asyncProperty(kase, async (c) => {
        const request = { method: 'POST', path: `/tag?as=${c.as}&etag=${c.etag}`, headers: { 'content-type': 'text/plain' }, body: c.body.toString('hex') };
        const { portico: ours, express: theirs } = await both.send(request);
        assert.equal(ours.status, 200);
        assert.equal(ours.headers.etag, theirs.headers.etag);
        assert.equal(ours.text, theirs.text);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the SHA-1 of short bodies (src/http/sha1.ts) against node:crypto', () => {
  it('gives node:crypto’s digest for every length up to its limit, and none beyond', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SHORT_BODY + 64 }), fc.integer(), (length, seed) => {
        const body = Buffer.alloc(length);
        for (let i = 0; i < length; i++) body[i] = (seed + i * 131) & 255;
        const expected = length <= SHORT_BODY ? createHash('sha1').update(body).digest('base64') : undefined;
        assert.equal(shortSha1Base64(body, undefined), expected);
      }),
      { numRuns: 600 },
    );
  });

  it('encodes strings as the encoding given', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 600 }), fc.constantFrom<BufferEncoding>('utf8', 'latin1', 'ucs2', 'ascii', 'hex', 'base64'), (s, encoding) => {
        const bytes = Buffer.from(s, encoding);
        const expected = bytes.length <= SHORT_BODY ? createHash('sha1').update(bytes).digest('base64') : undefined;
        assert.equal(shortSha1Base64(s, encoding), expected);
      }),
      { numRuns: 400 },
    );
  });
});
