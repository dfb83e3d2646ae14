import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import zlib from 'node:zlib';
import { probeApp, probeType, probeVerify } from '../../helpers/body-probe';
import { startServer } from '../../helpers/server';
import { express5, porticoWith5Parsers } from '../../helpers/body5-frameworks';
import type { FrameworkLike } from '../../helpers/compare';
import { c, ct, describeAborts, describeGroups, factoryOutcome, FORM, groups, JSON_TYPE, OCTET, post, type Body, type Group } from '../body-parser-cases';

/**
 * Differential tests of Portico's Express 5 parsers (`bodyParsers5`) against express@5.3's own
 * (body-parser 2.4): the probe app runs on both, and status, `req.body`, whether `body` is an own
 * property, the `_body` mark and every property of an error must agree. The groups shared with the
 * express@4 suite run first (the same requests; the answers are Express 5's now), then the cases of
 * what changed in Express 5.
 */

const zstdCompress = (zlib as unknown as { zstdCompressSync?: (b: Body) => Buffer }).zstdCompressSync;
const br = (s: Body): Buffer => zlib.brotliCompressSync(s);
// A zstd frame when this Node can make one; otherwise bytes that only name the encoding.
const zstd = (s: Body): Buffer => (zstdCompress ? zstdCompress(s) : Buffer.from(s));
const latin1 = (s: string): Buffer => Buffer.from(s, 'latin1');
const utf32le = (s: string): Buffer => {
  const out = Buffer.alloc(s.length * 4);
  for (let i = 0; i < s.length; i++) out.writeUInt32LE(s.charCodeAt(i), i * 4);
  return out;
};

const express5Groups: Group[] = [
  {
    name: 'req.body when no parser runs',
    parsers: [['json']],
    cases: [
      c('a GET without a body', { method: 'GET', path: '/' }),
      c('a POST of another type', post(ct('text/plain'), 'x')),
      c('a POST without Content-Type', post({}, '{"a":1}')),
      c('a body set before the parser is kept when the type differs', post(ct('text/plain', { 'x-pre-body': '{"pre":1}' }), 'x')),
      c('a body set before the parser is replaced when it parses', post(ct(JSON_TYPE, { 'x-pre-body': '{"pre":1}' }), '{"a":1}')),
      c('a null body set before is kept', post(ct('text/plain', { 'x-pre-body': 'null' }), 'x')),
      c('a false body set before is kept', post(ct('text/plain', { 'x-pre-body': 'false' }), 'x')),
      c('a _body mark set before does not stop the parser', post(ct(JSON_TYPE, { 'x-pre-flag': '1' }), '{"a":1}')),
      c('a body read to its end before is skipped', post(ct(JSON_TYPE, { 'x-pre-consume': '1' }), '{"a":1}')),
      c('an empty body', post(ct(JSON_TYPE), '')),
      c('an empty chunked body', post(ct(JSON_TYPE), '', 'POST', true)),
      c('a DELETE with a body', post(ct(JSON_TYPE), '{"d":1}', 'DELETE')),
    ],
  },
  {
    name: 'json, then urlencoded and text, each skipping what another read',
    parsers: [['json'], ['urlencoded'], ['text']],
    cases: [
      c('json parses', post(ct(JSON_TYPE), '{"a":1}')),
      c('urlencoded parses', post(ct(FORM), 'a=1&b[c]=2')),
      c('text parses', post(ct('text/plain'), 'hello')),
      c('nothing matches', post(ct('image/png'), 'png')),
      c('a json error', post(ct(JSON_TYPE), '{')),
    ],
  },
  {
    name: 'a type predicate',
    parsers: [['raw', { type: probeType }]],
    cases: [
      c('asked, without a body', { method: 'GET', path: '/', headers: { 'x-type': 'yes' } }),
      c('asked, with a body and no Content-Type', post({ 'x-type': 'yes' }, 'raw')),
      c('refusing', post({ 'x-type': 'no' }, 'raw')),
    ],
  },
  {
    name: 'content encodings',
    parsers: [['json', { limit: 40 }], ['text', { inflate: false }], ['raw']],
    cases: [
      c('brotli', post(ct(JSON_TYPE, { 'content-encoding': 'br' }), br('{"br":true}'))),
      c('brotli in capitals', post(ct(JSON_TYPE, { 'content-encoding': 'BR' }), br('{"br":true}'))),
      c('brotli past the limit once inflated', post(ct(JSON_TYPE, { 'content-encoding': 'br' }), br('{"a":"' + 'x'.repeat(100) + '"}'))),
      c('brotli that is not brotli', post(ct(JSON_TYPE, { 'content-encoding': 'br' }), '{"a":1}')),
      c('brotli refused with inflate false', post(ct('text/plain', { 'content-encoding': 'br' }), br('text'))),
      c('gzip', post(ct(OCTET, { 'content-encoding': 'gzip' }), zlib.gzipSync('gz'))),
      c('deflate', post(ct(OCTET, { 'content-encoding': 'deflate' }), zlib.deflateSync('df'))),
      c('zstd (inflated where Node has a decoder, refused elsewhere)', post(ct(OCTET, { 'content-encoding': 'zstd' }), zstd('zs'))),
      c('two encodings', post(ct(OCTET, { 'content-encoding': 'gzip, br' }), 'x')),
      c('an unknown encoding', post(ct(OCTET, { 'content-encoding': 'compress' }), 'x')),
      c('identity', post(ct(OCTET, { 'content-encoding': 'identity' }), 'id')),
    ],
  },
  {
    name: 'charsets of json and text',
    parsers: [['json'], ['text'], ['raw', { type: 'application/vnd.json16', verify: probeVerify }]],
    cases: [
      c('json in UTF-32', post(ct('application/json; charset=utf-32le'), utf32le('{"a":1}'))),
      c('json in UTF-16LE', post(ct('application/json; charset=utf-16le'), Buffer.from('{"a":"é"}', 'utf16le'))),
      c('json in latin1', post(ct('application/json; charset=latin1'), '{}')),
      c('json in UTF-7', post(ct('application/json; charset=utf-7'), '{"a":1}')),
      c('text in UTF-32', post(ct('text/plain; charset=utf-32le'), utf32le('abc'))),
      c('text in cp720', post(ct('text/plain; charset=cp720'), 'abc')),
      c('text in a charset named like a prototype member', post(ct('text/plain; charset=constructor'), 'abc')),
      c('text with __proto__ as charset', post(ct('text/plain; charset=__proto__'), 'abc')),
      c('text with an unknown charset', post(ct('text/plain; charset=bogus'), 'abc')),
      c('text with an empty charset', post(ct('text/plain; charset='), 'abc')),
      c('text with a charset without a value', post(ct('text/plain; charset'), 'abc')),
      c('text with two charsets', post(ct('text/plain; charset=latin1; charset=utf-8'), 'é')),
      c('text with a trailing semicolon', post(ct('text/plain;charset=utf-16le;'), Buffer.from('hé', 'utf16le'))),
      c('text with an unterminated quote', post(ct('text/plain; charset="utf-8'), 'abc')),
      c('text with a quoted charset', post(ct('text/plain; charset="UTF-8"'), 'é')),
      c('text with a media type in capitals and spaces', post(ct(' TEXT/Plain ; Charset = latin1'), 'abc')),
      c('text/plain+x is not text/plain', post(ct('text/plain+x'), 'abc')),
      c('a list of media types', post(ct('text/plain, application/json'), 'abc')),
    ],
  },
  {
    name: 'json and text defaultCharset',
    parsers: [['json', { defaultCharset: 'utf-16le' }], ['text', { defaultCharset: 'latin1' }]],
    cases: [
      c('json without a charset', post(ct(JSON_TYPE), Buffer.from('{"a":"é"}', 'utf16le'))),
      c('json with a charset', post(ct('application/json; charset=utf-8'), '{"a":"é"}')),
      c('text without a charset', post(ct('text/plain'), latin1('é'))),
    ],
  },
  {
    name: 'json with a defaultCharset it refuses',
    parsers: [['json', { defaultCharset: 'latin1' }], ['text', { defaultCharset: 'bogus', verify: probeVerify }]],
    cases: [
      c('json without a charset', post(ct(JSON_TYPE), '{}')),
      c('text without a charset, with verify', post(ct('text/plain'), 'x')),
      c('text with a charset', post(ct('text/plain; charset=utf-8'), 'x')),
    ],
  },
  {
    name: 'urlencoded with no options',
    parsers: [['urlencoded']],
    cases: [
      c('nested keys stay flat', post(ct(FORM), 'a[b]=1&c[]=2&c[]=3&d[0]=x')),
      c('__proto__ and an empty key', post(ct(FORM), '__proto__=1&=2&a=3&__proto__[x]=4')),
      c('prototype names', post(ct(FORM), 'toString=1&constructor=2&hasOwnProperty=3')),
      c('malformed escapes', post(ct(FORM), 'a=%ZZ&b=%E9&c+d=e+f&%41=1')),
      c('keys without values', post(ct(FORM), 'a&b=&&c=1=2')),
      c('brackets alone', post(ct(FORM), '%5B=1&[]=2&]=3&[=4&a.b=5')),
      c('150 repeated keys', post(ct(FORM), Array.from({ length: 150 }, () => 'a=1').join('&'))),
      c('ISO-8859-1', post(ct(FORM + '; charset=iso-8859-1'), 'a=%E9&b=%26%239786%3B')),
      c('UTF-8 in capitals', post(ct(FORM + '; charset=UTF-8'), 'a=%C3%A9')),
      c('utf8 is not a name it takes', post(ct(FORM + '; charset=utf8'), 'a=1')),
      c('latin1 is not a name it takes', post(ct(FORM + '; charset=latin1'), 'a=1')),
      c('a utf8 sentinel is a field', post(ct(FORM), 'utf8=%E2%9C%93&a=1')),
      c('an empty form', post(ct(FORM), '')),
    ],
  },
  {
    name: 'urlencoded with charset options',
    parsers: [['urlencoded', { extended: false, defaultCharset: 'iso-8859-1', charsetSentinel: true, interpretNumericEntities: true, parameterLimit: 4 }]],
    cases: [
      c('ISO-8859-1 by default', post(ct(FORM), 'a=%E9&b=%26%239786%3B')),
      c('the UTF-8 sentinel', post(ct(FORM), 'utf8=%E2%9C%93&a=%C3%A9')),
      c('the ISO-8859-1 sentinel', post(ct(FORM + '; charset=utf-8'), 'utf8=%26%2310003%3B&a=%E9')),
      c('UTF-8 named', post(ct(FORM + '; charset=utf-8'), 'a=%C3%A9&b=%26%239786%3B')),
      c('too many parameters', post(ct(FORM), 'a=1&b=2&c=3&d=4&e=5')),
    ],
  },
  {
    name: 'urlencoded extended with charset options',
    parsers: [['urlencoded', { extended: true, charsetSentinel: true, interpretNumericEntities: true, depth: 2 }]],
    cases: [
      c('nested ISO-8859-1', post(ct(FORM + '; charset=iso-8859-1'), 'a[b]=%E9&c=%26%239786%3B')),
      c('the sentinel', post(ct(FORM), 'utf8=%26%2310003%3B&a[b]=%E9')),
      c('deeper than depth', post(ct(FORM), 'a[b][c][d]=1')),
      c('an array past 100', post(ct(FORM), 'a[150]=1&a[5]=2')),
      c('UTF-8 without a sentinel', post(ct(FORM), 'a[]=%C3%A9&a[]=x')),
    ],
  },
  {
    name: 'urlencoded with a truthy extended that is not true, and verify',
    parsers: [['urlencoded', { extended: 'yes', verify: probeVerify }], ['text', { type: 'text/x-zero', extended: 0 }]],
    cases: [
      c('nesting', post(ct(FORM), 'a[b]=1')),
      c('verify sees the ISO-8859-1 charset', post(ct(FORM + '; charset=iso-8859-1'), 'a=%E9')),
      c('verify refuses', post(ct(FORM, { 'x-verify': 'error' }), 'a=1')),
      c('verify is not called for a refused charset', post(ct(FORM + '; charset=koi8-r'), 'a=1')),
    ],
  },
];

/** Factories whose options Express 5 checks, or reads differently, when the parser is created. */
const factoryCases: Array<[string, (fw: FrameworkLike) => unknown]> = [
  ['urlencoded defaultCharset iso-8859-1', (fw) => fw.urlencoded({ defaultCharset: 'iso-8859-1' } as never)],
  ['urlencoded defaultCharset latin1', (fw) => fw.urlencoded({ defaultCharset: 'latin1' } as never)],
  ['urlencoded defaultCharset UTF-8', (fw) => fw.urlencoded({ defaultCharset: 'UTF-8' } as never)],
  ["urlencoded defaultCharset ''", (fw) => fw.urlencoded({ defaultCharset: '' } as never)],
  ['urlencoded defaultCharset null', (fw) => fw.urlencoded({ defaultCharset: null } as never)],
  ['urlencoded without options', (fw) => fw.urlencoded()],
  ["urlencoded extended 'yes'", (fw) => fw.urlencoded({ extended: 'yes' } as never)],
  ['urlencoded depth -1 with extended', (fw) => fw.urlencoded({ extended: true, depth: -1 } as never)],
  ['urlencoded depth -1 without extended', (fw) => fw.urlencoded({ depth: -1 } as never)],
  ["urlencoded depth 'x'", (fw) => fw.urlencoded({ extended: true, depth: 'x' } as never)],
  ['urlencoded parameterLimit 0', (fw) => fw.urlencoded({ parameterLimit: 0 })],
  ["urlencoded parameterLimit 'abc'", (fw) => fw.urlencoded({ parameterLimit: 'abc' as never })],
  ['json defaultCharset bogus', (fw) => fw.json({ defaultCharset: 'bogus' } as never)],
  ["limit 'bogus'", (fw) => fw.json({ limit: 'bogus' })],
  ['limit NaN', (fw) => fw.raw({ limit: NaN })],
  ['limit null', (fw) => fw.raw({ limit: null as never })],
  ['verify a string', (fw) => fw.text({ verify: 'x' as never })],
  ['type 1', (fw) => fw.json({ type: 1 as never })],
  ['options null', (fw) => fw.json(null as never)],
];

const caseCount = describeGroups('express@5', [...groups, ...express5Groups], porticoWith5Parsers, express5);

describe('body parsers against express@5: the differential suite', () => {
  it('covers at least 250 requests', () => {
    assert.ok(caseCount >= 250, `only ${caseCount} cases`);
  });
});

describeAborts('express@5', porticoWith5Parsers, express5);

describe('body parsers against express@5: a client that half-closes after its request', () => {
  /** Sends `request` and ends the sending side at once; resolves with the response's body. */
  function halfClosed(port: number, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1').split('\r\n\r\n').slice(1).join('\r\n\r\n')));
      socket.end(request);
    });
  }
  const request = 'POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{"a":1}';
  it('reads the body as Express 5 does', async () => {
    const answers: string[] = [];
    for (const framework of [porticoWith5Parsers, express5]) {
      const server = await startServer(probeApp(framework, [['json']]));
      try {
        answers.push(await halfClosed(server.port, request));
      } finally {
        await server.close();
      }
    }
    assert.match(answers[1], /"a":1/);
    assert.equal(answers[0], answers[1]);
  });
});

describe('body parser factories against express@5', () => {
  it('warns of nothing when urlencoded has no extended, as Express 5', async () => {
    const seen: string[] = [];
    const onWarning = (w: Error): void => {
      seen.push(w.name + ': ' + w.message);
    };
    process.on('warning', onWarning);
    process.on('deprecation', onWarning);
    try {
      porticoWith5Parsers.urlencoded();
      express5.urlencoded();
      porticoWith5Parsers.urlencoded({ depth: 3 } as never);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.removeListener('warning', onWarning);
      process.removeListener('deprecation', onWarning);
    }
    assert.deepEqual(seen, []);
  });

  for (const [name, make] of factoryCases) {
    it(`behaves like Express 5 with ${name}`, () => {
      assert.deepStrictEqual(factoryOutcome(() => make(porticoWith5Parsers)), factoryOutcome(() => make(express5)));
    });
  }
});
