import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import portico from '../src/index';
import { probe, postBody, probeVerify } from './helpers/body-probe';

describe('portico.text()', () => {
  it('returns a middleware named textParser, also on bodyParsers', () => {
    assert.equal(portico.text().name, 'textParser');
    assert.equal(portico.bodyParsers.text, portico.text);
  });

  it('puts the decoded text at req.body', async () => {
    const { json } = await probe([['text']], postBody('text/plain', 'hello ☃'));
    assert.equal(json.body, 'hello ☃');
  });

  it("gives '' for an empty body", async () => {
    const { json } = await probe([['text']], postBody('text/plain', ''));
    assert.equal(json.body, '');
  });

  it('drops a byte order mark', async () => {
    const { json } = await probe([['text']], postBody('text/plain', '\ufeffbom'));
    assert.equal(json.body, 'bom');
  });

  it('replaces invalid UTF-8 with U+FFFD', async () => {
    const { json } = await probe([['text']], postBody('text/plain', Buffer.from([0x61, 0xff, 0x62])));
    assert.equal(json.body, 'a\ufffdb');
  });

  it('leaves {} for text/html by default', async () => {
    const { json } = await probe([['text']], postBody('text/html', '<p>'));
    assert.deepEqual(json.body, {});
  });
});

describe('portico.text() charset', () => {
  it('decodes the charset of the Content-Type', async () => {
    const { json } = await probe([['text']], postBody('text/plain; charset=iso-8859-1', Buffer.from([0x63, 0x61, 0x66, 0xe9])));
    assert.equal(json.body, 'café');
  });

  it('decodes utf-16 with a BOM', async () => {
    const { json } = await probe([['text']], postBody('text/plain; charset=utf-16', Buffer.from('\ufeffhé', 'utf16le')));
    assert.equal(json.body, 'hé');
  });

  it('uses defaultCharset when the Content-Type names none', async () => {
    const { json } = await probe([['text', { defaultCharset: 'windows-1252' }]], postBody('text/plain', Buffer.from([0x80])));
    assert.equal(json.body, '€');
  });

  it('refuses an unknown charset with 415', async () => {
    const { status, json } = await probe([['text']], postBody('text/plain; charset=x-unknown', 'x'));
    assert.equal(status, 415);
    assert.equal(json.error?.type, 'charset.unsupported');
    assert.equal(json.error?.fields.charset, 'x-unknown');
  });

  it('gives the charset to verify', async () => {
    const { json } = await probe([['text', { verify: probeVerify }]], postBody('text/plain; charset=Latin1', 'ab'));
    assert.equal(json.verifySaw, JSON.stringify([Buffer.from('ab').toString('hex'), 'latin1']));
  });
});

describe('portico.text() type, limit and inflate', () => {
  it("handles HTML with type 'text/html'", async () => {
    const { json } = await probe([['text', { type: 'text/html' }]], postBody('text/html', '<b>x</b>'));
    assert.equal(json.body, '<b>x</b>');
  });

  it("handles any text with 'text/*'", async () => {
    const { json } = await probe([['text', { type: 'text/*' }]], postBody('text/csv', 'a,b'));
    assert.equal(json.body, 'a,b');
  });

  it('refuses a body over the limit with 413', async () => {
    const { status } = await probe([['text', { limit: '1b' }]], postBody('text/plain', 'ab'));
    assert.equal(status, 413);
  });

  it('inflates deflate before decoding the charset', async () => {
    const { json } = await probe([['text']], postBody('text/plain; charset=latin1', zlib.deflateSync(Buffer.from([0xe9])), { 'content-encoding': 'deflate' }));
    assert.equal(json.body, 'é');
  });
});
