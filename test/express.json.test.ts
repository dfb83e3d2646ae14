import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import portico from '../src/index';
import { probe, postBody, probeVerify } from './helpers/body-probe';

const JSON_TYPE = 'application/json';

describe('portico.json()', () => {
  it('returns a middleware named jsonParser, also on bodyParsers', () => {
    assert.equal(portico.json().name, 'jsonParser');
    assert.equal(portico.bodyParsers.json, portico.json);
  });

  it('parses a JSON object into req.body', async () => {
    const { status, json } = await probe([['json']], postBody(JSON_TYPE, '{"user":"tobi","tags":["a","b"]}'));
    assert.equal(status, 200);
    assert.deepEqual(json.body, { user: 'tobi', tags: ['a', 'b'] });
    assert.equal(json.flag, true);
  });

  it('gives {} for an empty body', async () => {
    const { json } = await probe([['json']], postBody(JSON_TYPE, ''));
    assert.deepEqual(json.body, {});
  });

  it('sets req.body to {} without reading when there is no body', async () => {
    const { json } = await probe([['json']], { method: 'GET', path: '/' });
    assert.deepEqual(json.body, {});
    assert.equal(json.flag, '(undefined)');
  });

  it('sets req.body to {} when the Content-Type does not match', async () => {
    const { json } = await probe([['json']], postBody('text/plain', '{"a":1}'));
    assert.deepEqual(json.body, {});
    assert.equal(json.flag, '(undefined)');
  });

  it('does not read a body an earlier parser already read', async () => {
    const { json } = await probe([['json'], ['json', { verify: probeVerify }]], postBody(JSON_TYPE, '{"once":true}'));
    assert.deepEqual(json.body, { once: true });
    assert.equal(json.verifySaw, null);
  });

  it('parses a body sent with GET', async () => {
    const { json } = await probe([['json']], { ...postBody(JSON_TYPE, '{"g":1}'), method: 'GET' });
    assert.deepEqual(json.body, { g: 1 });
  });
});

describe('portico.json() strict', () => {
  it('refuses a top-level string with 400 and the message JSON.parse would give', async () => {
    const { status, json } = await probe([['json']], postBody(JSON_TYPE, '"foo"'));
    assert.equal(status, 400);
    assert.equal(json.error?.type, 'entity.parse.failed');
    // V8's wording changed with Node 20; Express passes on whatever JSON.parse says, and so does Portico.
    const nodeMajor = Number(process.versions.node.split('.')[0]);
    const expected = nodeMajor >= 20 ? 'Unexpected token \'"\', ""foo"" is not valid JSON' : 'Unexpected token " in JSON at position 0';
    assert.equal(json.error?.message, expected);
    assert.equal(json.error?.fields.body, '"foo"');
    assert.equal(json.error?.isSyntaxError, true);
  });

  it('looks at the first character after JSON whitespace only', async () => {
    assert.equal((await probe([['json']], postBody(JSON_TYPE, ' \t\r\n[1]'))).status, 200);
    assert.equal((await probe([['json']], postBody(JSON_TYPE, '\u00a0[1]'))).status, 400);
  });

  it('accepts any JSON value with strict: false', async () => {
    for (const [text, value] of [['"foo"', 'foo'], ['42', 42], ['true', true]] as const) {
      const { status, json } = await probe([['json', { strict: false }]], postBody(JSON_TYPE, text));
      assert.equal(status, 200);
      assert.deepEqual(json.body, value);
    }
  });

  it('reports null with strict: false as null', async () => {
    const { json } = await probe([['json', { strict: false }]], postBody(JSON_TYPE, 'null'));
    assert.equal(json.body, null);
  });
});

describe('portico.json() malformed bodies', () => {
  it('names the offending token and its position, as JSON.parse does', async () => {
    const body = '{"a":1,,}';
    const expected = (() => {
      try {
        return JSON.parse(body) as never;
      } catch (error) {
        return (error as Error).message;
      }
    })();
    const { status, json } = await probe([['json']], postBody(JSON_TYPE, body));
    assert.equal(status, 400);
    assert.equal(json.error?.message, expected);
    assert.match(String(json.error?.message), /position 7/);
  });

  it('never echoes more than the body itself', async () => {
    const body = '{"secret":' + 'x'.repeat(2000);
    const { json } = await probe([['json']], postBody(JSON_TYPE, body));
    assert.ok(String(json.error?.message).length < 200);
    assert.equal(json.error?.fields.body, body);
  });
});

describe('portico.json() limit', () => {
  it('refuses a body over a numeric limit with 413', async () => {
    const { status, json } = await probe([['json', { limit: 5 }]], postBody(JSON_TYPE, '{"a":1}'));
    assert.equal(status, 413);
    assert.equal(json.error?.type, 'entity.too.large');
    assert.equal(json.error?.fields.limit, 5);
    assert.equal(json.error?.fields.length, 7);
  });

  it('takes a byte string', async () => {
    const body = '{"a":"' + 'x'.repeat(2000) + '"}';
    assert.equal((await probe([['json', { limit: '1kb' }]], postBody(JSON_TYPE, body))).status, 413);
    assert.equal((await probe([['json', { limit: '3kb' }]], postBody(JSON_TYPE, body))).status, 200);
  });

  it('defaults to 100kb', async () => {
    const body = '{"a":"' + 'x'.repeat(102400) + '"}';
    const { json } = await probe([['json']], postBody(JSON_TYPE, body));
    assert.equal(json.error?.fields.limit, 102400);
  });

  it('throws a TypeError at creation for a limit bytes cannot read', () => {
    assert.throws(() => portico.json({ limit: 'lots' }), { name: 'TypeError', message: 'option limit "lots" is invalid' });
  });
});

describe('portico.json() inflate', () => {
  for (const [encoding, compress] of [
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
  ] as const) {
    it(`inflates ${encoding}`, async () => {
      const { json } = await probe([['json']], postBody(JSON_TYPE, compress('{"z":"' + encoding + '"}'), { 'content-encoding': encoding }));
      assert.deepEqual(json.body, { z: encoding });
    });
  }

  it('refuses compressed bodies with 415 when inflate is false', async () => {
    const { status, json } = await probe([['json', { inflate: false }]], postBody(JSON_TYPE, zlib.gzipSync('{}'), { 'content-encoding': 'gzip' }));
    assert.equal(status, 415);
    assert.equal(json.error?.message, 'content encoding unsupported');
  });

  it('refuses an unknown encoding with 415', async () => {
    const { status, json } = await probe([['json']], postBody(JSON_TYPE, '{}', { 'content-encoding': 'compress' }));
    assert.equal(status, 415);
    assert.equal(json.error?.message, 'unsupported content encoding "compress"');
  });
});

describe('portico.json() type', () => {
  it('takes an extension name', async () => {
    assert.deepEqual((await probe([['json', { type: 'json' }]], postBody(JSON_TYPE, '{"e":1}'))).json.body, { e: 1 });
  });

  it('takes a +json wildcard', async () => {
    assert.deepEqual((await probe([['json', { type: 'application/*+json' }]], postBody('application/merge-patch+json', '{"m":1}'))).json.body, { m: 1 });
  });

  it('takes a list', async () => {
    const type = ['application/json', 'application/csp-report'];
    assert.deepEqual((await probe([['json', { type }]], postBody('application/csp-report', '{"c":1}'))).json.body, { c: 1 });
  });

  it('takes a function called with the request', async () => {
    const type = (req: { headers: Record<string, unknown> }) => req.headers['x-json'] === '1';
    assert.deepEqual((await probe([['json', { type }]], postBody('text/plain', '{"f":1}', { 'x-json': '1' }))).json.body, { f: 1 });
    assert.deepEqual((await probe([['json', { type }]], postBody('text/plain', '{"f":1}'))).json.body, {});
  });
});

describe('portico.json() reviver', () => {
  it('is passed to JSON.parse', async () => {
    const reviver = (key: string, value: unknown) => (key === 'when' ? 'revived:' + String(value) : value);
    assert.deepEqual((await probe([['json', { reviver }]], postBody(JSON_TYPE, '{"when":1}'))).json.body, { when: 'revived:1' });
  });
});

describe('portico.json() verify', () => {
  it('is called with the raw body and the charset', async () => {
    const { json } = await probe([['json', { verify: probeVerify }]], postBody(JSON_TYPE + '; charset=UTF-8', '{"v":1}'));
    assert.equal(json.verifySaw, JSON.stringify([Buffer.from('{"v":1}').toString('hex'), 'utf-8']));
  });

  it('refuses the body with 403 when it throws', async () => {
    const { status, json } = await probe([['json', { verify: probeVerify }]], postBody(JSON_TYPE, '{"v":1}', { 'x-verify': 'error' }));
    assert.equal(status, 403);
    assert.equal(json.error?.type, 'entity.verify.failed');
    assert.deepEqual(json.error?.fields.body, { buffer: Buffer.from('{"v":1}').toString('hex') });
  });

  it('throws a TypeError at creation when it is not a function', () => {
    assert.throws(() => portico.json({ verify: 'yes' as never }), { name: 'TypeError', message: 'option verify must be function' });
  });
});

describe('portico.json() charsets', () => {
  it('decodes utf-16le with and without a BOM', async () => {
    for (const text of ['\ufeff{"é":1}', '{"é":1}']) {
      const { json } = await probe([['json']], postBody(JSON_TYPE + '; charset=utf-16le', Buffer.from(text, 'utf16le')));
      assert.deepEqual(json.body, { é: 1 });
    }
  });

  it('decodes utf-16be', async () => {
    const { json } = await probe([['json']], postBody(JSON_TYPE + '; charset=utf-16be', Buffer.from('{"b":"ü"}', 'utf16le').swap16()));
    assert.deepEqual(json.body, { b: 'ü' });
  });

  it('refuses utf-32 with 415 charset.unsupported, as Express 4 does, after marking the body read', async () => {
    const body = Buffer.alloc(7 * 4);
    [...'{"a":1}'].forEach((ch, i) => body.writeUInt32LE(ch.charCodeAt(0), i * 4));
    const { status, json } = await probe([['json']], postBody(JSON_TYPE + '; charset=UTF-32LE', body));
    assert.equal(status, 415);
    assert.equal(json.error?.message, 'unsupported charset "UTF-32LE"');
    assert.equal(json.error?.fields.charset, 'utf-32le');
    assert.equal(json.flag, true);
  });

  it('refuses a charset that is not Unicode with 415 charset.unsupported', async () => {
    const { status, json } = await probe([['json']], postBody(JSON_TYPE + '; charset=windows-1252', '{}'));
    assert.equal(status, 415);
    assert.equal(json.error?.message, 'unsupported charset "WINDOWS-1252"');
    assert.equal(json.error?.fields.charset, 'windows-1252');
    assert.equal(json.flag, '(undefined)');
  });
});
