import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import portico from '../src/index';
import { probe, postBody, probeVerify } from './helpers/body-probe';

const OCTET = 'application/octet-stream';
const hex = (s: string | Buffer): { buffer: string } => ({ buffer: Buffer.from(s).toString('hex') });

describe('portico.raw()', () => {
  it('returns a middleware named rawParser, also on bodyParsers', () => {
    assert.equal(portico.raw().name, 'rawParser');
    assert.equal(portico.bodyParsers.raw, portico.raw);
  });

  it('puts the bytes in a Buffer at req.body', async () => {
    const bytes = Buffer.from([0, 1, 0xfe, 0xff, 0x80]);
    const { json } = await probe([['raw']], postBody(OCTET, bytes));
    assert.deepEqual(json.body, hex(bytes));
  });

  it('keeps a byte order mark and ignores a charset', async () => {
    const { json } = await probe([['raw']], postBody(OCTET + '; charset=klingon', '\ufeffab'));
    assert.deepEqual(json.body, hex('\ufeffab'));
  });

  it('gives an empty Buffer for an empty body', async () => {
    const { json } = await probe([['raw']], postBody(OCTET, ''));
    assert.deepEqual(json.body, hex(''));
  });

  it('leaves {} for other types', async () => {
    const { json } = await probe([['raw']], postBody('text/plain', 'x'));
    assert.deepEqual(json.body, {});
  });
});

describe('portico.raw() type', () => {
  it('handles a vendor type', async () => {
    const { json } = await probe([['raw', { type: 'application/vnd.acme.blob' }]], postBody('application/vnd.acme.blob', 'blob'));
    assert.deepEqual(json.body, hex('blob'));
  });

  it("handles every type with '*/*'", async () => {
    const { json } = await probe([['raw', { type: '*/*' }]], postBody('image/png', 'png'));
    assert.deepEqual(json.body, hex('png'));
  });
});

describe('portico.raw() limit and inflate', () => {
  it('refuses a body over the limit with 413', async () => {
    const { status } = await probe([['raw', { limit: 3 }]], postBody(OCTET, 'four'));
    assert.equal(status, 413);
  });

  it('inflates gzip and applies the limit to the inflated size', async () => {
    const zipped = zlib.gzipSync(Buffer.alloc(5000, 0x61));
    assert.ok(zipped.length < 1000);
    const { status, json } = await probe([['raw', { limit: 1000 }]], postBody(OCTET, zipped, { 'content-encoding': 'gzip' }));
    assert.equal(status, 413);
    assert.ok((json.error?.fields.received as number) > 1000);
  });
});

describe('portico.raw() verify', () => {
  it('is called with encoding null', async () => {
    const { json } = await probe([['raw', { verify: probeVerify }]], postBody(OCTET, 'ab'));
    assert.equal(json.verifySaw, JSON.stringify([Buffer.from('ab').toString('hex'), null]));
  });

  it('is called as a plain function, with no this, as Express calls it', async () => {
    const seen: unknown[] = [];
    function verify(this: unknown): void {
      'use strict';
      seen.push(this);
    }
    await probe([['raw', { verify }]], postBody(OCTET, 'ab'));
    assert.deepEqual(seen, [undefined]);
  });
});
