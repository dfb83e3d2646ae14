import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import zlib from 'node:zlib';
import { send, startServer, type Listener, type RunningServer, type SimpleRequest } from '../helpers/server';
import { describeError, probeApp, probeType, probeVerify, type ParserSpec } from '../helpers/body-probe';
import type { FrameworkLike } from '../helpers/compare';
import { fetchMode } from '../helpers/transport';
import { until, watchReads } from '../helpers/wait-for';

/**
 * The hand-written cases of the body-parser differential tests, one list for every Express version
 * compared: each group mounts its parsers on the probe app of both frameworks, and each case is one
 * request whose answer must be the same on both.
 */

export interface Case {
  name: string;
  req: SimpleRequest;
}
export interface Group {
  name: string;
  parsers: ParserSpec[];
  cases: Case[];
}

export type Body = string | Buffer;

/** A request with Content-Length (unless `chunked`), as most clients send it. */
export function post(headers: Record<string, string>, body?: Body, method = 'POST', chunked = false): SimpleRequest {
  const h: Record<string, string | number> = { ...headers };
  if (body !== undefined && !chunked && h['content-length'] === undefined) h['content-length'] = Buffer.byteLength(body);
  if (chunked) h['transfer-encoding'] = 'chunked';
  return { method, path: '/', headers: h, body };
}
export const ct = (type: string, extra: Record<string, string> = {}): Record<string, string> => ({ 'content-type': type, ...extra });
export const c = (name: string, req: SimpleRequest): Case => ({ name, req });
const utf16be = (s: string): Buffer => Buffer.from(s, 'utf16le').swap16();
const deepKey = (levels: number): string => 'a' + '[b]'.repeat(levels) + '=1';
const params = (n: number): string => Array.from({ length: n }, (_, i) => 'p' + i + '=1').join('&');

export const JSON_TYPE = 'application/json';
export const FORM = 'application/x-www-form-urlencoded';
export const OCTET = 'application/octet-stream';
export const gz = (s: Body): Buffer => zlib.gzipSync(s);

/** A reviver that throws, by key, the kinds of value a reviver may throw. */
function throwingReviver(key: string, value: unknown): unknown {
  const withFields = (message: string, fields: Record<string, unknown>): Error => Object.assign(new Error(message), fields);
  switch (key) {
    case 'bad': throw new TypeError('reviver refused');
    case 'status': throw withFields('unprocessable', { status: 422, statusCode: 422 });
    case 'status500': throw withFields('unavailable', { status: 503 });
    case 'fields': throw withFields('typed', { type: 'reviver.type', expose: false, extra: 1 });
    case 'empty': throw new Error();
    case 'fixed': throw Object.defineProperty(new Error('fixed'), 'code', { value: 'E_FIXED' });
    case 'string': throw 'a string';
    case 'number': throw 5;
    case 'null': throw null;
    case 'object': throw { message: 'an object', stack: 'its stack', status: 401 };
    default: return value;
  }
}

export const groups: Group[] = [
  {
    name: 'json() with defaults',
    parsers: [['json']],
    cases: [
      c('an object', post(ct(JSON_TYPE), '{"a":1,"b":[true,null,"x"]}')),
      c('an array', post(ct(JSON_TYPE), '[1,2,{"c":"d"}]')),
      c('non-ASCII text', post(ct(JSON_TYPE), '{"é":"☃ 😀"}')),
      c('a leading byte order mark', post(ct(JSON_TYPE), '\ufeff{"a":1}')),
      c('only a byte order mark', post(ct(JSON_TYPE), '\ufeff')),
      c('an empty body with Content-Length 0', post(ct(JSON_TYPE), '')),
      c('an empty chunked body', post(ct(JSON_TYPE), '', 'POST', true)),
      c('a chunked object', post(ct(JSON_TYPE), '{"chunked":true}', 'POST', true)),
      c('whitespace only', post(ct(JSON_TYPE), ' \n\t ')),
      c('surrounding whitespace', post(ct(JSON_TYPE), '\r\n {"a":1} \n')),
      c('strict: a string', post(ct(JSON_TYPE), '"foo"')),
      c('strict: a string after whitespace', post(ct(JSON_TYPE), '  \n "foo"')),
      c('strict: true', post(ct(JSON_TYPE), 'true')),
      c('strict: null', post(ct(JSON_TYPE), 'null')),
      c('strict: a number', post(ct(JSON_TYPE), '12')),
      c('strict: a negative number', post(ct(JSON_TYPE), '-1')),
      c('strict: a string holding the probe character', post(ct(JSON_TYPE), '"fo#o"')),
      c('strict: garbage starting with #', post(ct(JSON_TYPE), '#"fo#o"')),
      c('strict: an emoji first', post(ct(JSON_TYPE), '😀{}')),
      c('strict: a no-break space first', post(ct(JSON_TYPE), '\u00a0{}')),
      c('strict: a line separator first', post(ct(JSON_TYPE), '\u2028"x"')),
      c('strict: a long string', post(ct(JSON_TYPE), '"' + 'x'.repeat(100) + '#y"')),
      c('strict: a long run of whitespace first', post(ct(JSON_TYPE), ' '.repeat(100) + 'x')),
      c('strict: a dollar sign first', post(ct(JSON_TYPE), '$&$1')),
      c('malformed: truncated object', post(ct(JSON_TYPE), '{"a":')),
      c('malformed: unquoted key', post(ct(JSON_TYPE), '{a:1}')),
      c('malformed: unterminated array', post(ct(JSON_TYPE), '[1,2')),
      c('malformed: trailing garbage', post(ct(JSON_TYPE), '{"a":1} x')),
      c('malformed: trailing comma', post(ct(JSON_TYPE), '{"a":1,}')),
      c('malformed: single quotes', post(ct(JSON_TYPE), "{'a':1}")),
      c('malformed: a raw control character', post(ct(JSON_TYPE), '{"a":"\u0001"}')),
      c('malformed: a long body', post(ct(JSON_TYPE), '{"a":"' + 'y'.repeat(500) + '",}')),
      c('deeply nested arrays', post(ct(JSON_TYPE), '['.repeat(500) + ']'.repeat(500))),
      c('a __proto__ key stays an own key', post(ct(JSON_TYPE), '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}')),
      c('invalid UTF-8 bytes', post(ct(JSON_TYPE), Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]))),
      c('charset=utf-8', post(ct(JSON_TYPE + '; charset=utf-8'), '{"a":1}')),
      c('charset=UTF-8 quoted', post(ct(JSON_TYPE + '; charset="UTF-8"'), '{"a":1}')),
      c('an upper-case type', post(ct('APPLICATION/JSON'), '{"a":1}')),
      c('spaces around the type', post(ct(' application/json ; charset=utf-8'), '{"a":1}')),
      c('a +json type does not match the default', post(ct('application/vnd.api+json'), '{"a":1}')),
      c('text/json does not match', post(ct('text/json'), '{"a":1}')),
      c('a type without a slash does not match', post(ct('json'), '{"a":1}')),
      c('a malformed parameter does not match', post(ct(JSON_TYPE + '; charset'), '{"a":1}')),
      c('no Content-Type', post({}, '{"a":1}')),
      c('utf-16le with a BOM', post(ct(JSON_TYPE + '; charset=utf-16le'), Buffer.from('\ufeff{"a":"é"}', 'utf16le'))),
      c('utf-16le without a BOM', post(ct(JSON_TYPE + '; charset=utf-16le'), Buffer.from('{"a":"é"}', 'utf16le'))),
      c('utf-16be', post(ct(JSON_TYPE + '; charset=utf-16be'), utf16be('{"a":"é"}'))),
      c('utf-16 with a big-endian BOM', post(ct(JSON_TYPE + '; charset=utf-16'), utf16be('\ufeff{"a":"é"}'))),
      c('utf-16 with a little-endian BOM', post(ct(JSON_TYPE + '; charset=utf-16'), Buffer.from('\ufeff{"a":"é"}', 'utf16le'))),
      c('utf-16 without a BOM, big-endian', post(ct(JSON_TYPE + '; charset=utf-16'), utf16be('{"a":"é"}'))),
      c('UTF-16LE in upper case', post(ct(JSON_TYPE + '; charset=UTF-16LE'), Buffer.from('{"a":1}', 'utf16le'))),
      c('utf-16le with an odd trailing byte', post(ct(JSON_TYPE + '; charset=utf-16le'), Buffer.concat([Buffer.from('{}', 'utf16le'), Buffer.from([0x41])]))),
      c('utf-16le strict violation', post(ct(JSON_TYPE + '; charset=utf-16le'), Buffer.from('"x"', 'utf16le'))),
      c('utf-7', post(ct(JSON_TYPE + '; charset=utf-7'), '{"a":"+AOk-"}')),
      c('utf-32 is refused', post(ct(JSON_TYPE + '; charset=utf-32'), Buffer.from([0x7b, 0, 0, 0, 0x7d, 0, 0, 0]))),
      c('UTF-32BE is refused', post(ct(JSON_TYPE + '; charset=UTF-32BE'), Buffer.from([0, 0, 0, 0x7b, 0, 0, 0, 0x7d]))),
      c('latin1 is refused', post(ct(JSON_TYPE + '; charset=iso-8859-1'), '{}')),
      c('utf8 without the dash is refused', post(ct(JSON_TYPE + '; charset=utf8'), '{}')),
      c('an unknown utf- charset is refused', post(ct(JSON_TYPE + '; charset=utf-bogus'), '{}')),
      c('us-ascii is refused', post(ct(JSON_TYPE + '; charset=us-ascii'), '{}')),
      c('gzip', post(ct(JSON_TYPE, { 'content-encoding': 'gzip' }), gz('{"z":1}'))),
      c('GZIP in upper case', post(ct(JSON_TYPE, { 'content-encoding': 'GZIP' }), gz('{"z":1}'))),
      c('deflate', post(ct(JSON_TYPE, { 'content-encoding': 'deflate' }), zlib.deflateSync('{"d":1}'))),
      c('raw deflate data fails', post(ct(JSON_TYPE, { 'content-encoding': 'deflate' }), zlib.deflateRawSync('{"d":1}'))),
      c('identity', post(ct(JSON_TYPE, { 'content-encoding': 'identity' }), '{"i":1}')),
      c('IDENTITY', post(ct(JSON_TYPE, { 'content-encoding': 'IDENTITY' }), '{"i":1}')),
      c('an empty Content-Encoding', post(ct(JSON_TYPE, { 'content-encoding': '' }), '{"i":1}')),
      c('an unknown encoding', post(ct(JSON_TYPE, { 'content-encoding': 'bogus' }), '{}')),
      c('brotli is refused', post(ct(JSON_TYPE, { 'content-encoding': 'br' }), zlib.brotliCompressSync('{"b":1}'))),
      c('BR in upper case is refused', post(ct(JSON_TYPE, { 'content-encoding': 'BR' }), zlib.brotliCompressSync('{}'))),
      c('x-gzip is unknown', post(ct(JSON_TYPE, { 'content-encoding': 'x-gzip' }), gz('{}'))),
      c('a list of encodings', post(ct(JSON_TYPE, { 'content-encoding': 'GZIP, identity' }), gz('{}'))),
      c('gzip that is not gzip', post(ct(JSON_TYPE, { 'content-encoding': 'gzip' }), 'not gzip at all')),
      c('truncated gzip', post(ct(JSON_TYPE, { 'content-encoding': 'gzip' }), gz('{"a":1}').subarray(0, 10))),
      c('gzip of a malformed body', post(ct(JSON_TYPE, { 'content-encoding': 'gzip' }), gz('{"a":'))),
      c('chunked gzip', post(ct(JSON_TYPE, { 'content-encoding': 'gzip' }), gz('{"cz":1}'), 'POST', true)),
      c('gzip with a refused charset', post(ct(JSON_TYPE + '; charset=latin1', { 'content-encoding': 'gzip' }), gz('{}'))),
      c('an unknown charset and an unknown encoding', post(ct(JSON_TYPE + '; charset=utf-bogus', { 'content-encoding': 'bogus' }), '{}')),
      c('an unknown charset and bad gzip data', post(ct(JSON_TYPE + '; charset=utf-bogus', { 'content-encoding': 'gzip' }), '{}')),
      c('GET without a body', { method: 'GET', path: '/' }),
      c('GET with a body', post(ct(JSON_TYPE), '{"g":1}', 'GET')),
      c('DELETE with a body', post(ct(JSON_TYPE), '{"d":1}', 'DELETE')),
      c('POST without a body', { method: 'POST', path: '/', headers: { 'content-type': JSON_TYPE } }),
      c('a body already parsed is not read again', post(ct(JSON_TYPE, { 'x-pre-flag': '1' }), '{"a":1}')),
      c('the flag on a GET', { method: 'GET', path: '/', headers: { 'x-pre-flag': '1' } }),
      c('a preset body is replaced', post(ct(JSON_TYPE, { 'x-pre-body': '{"p":1}' }), '{"a":1}')),
      c('a preset body stays when the type does not match', post(ct('text/plain', { 'x-pre-body': '{"p":1}' }), 'x')),
      c('a preset string stays when the type does not match', post(ct('text/plain', { 'x-pre-body': '"s"' }), 'x')),
      c('a falsy preset body becomes {}', post(ct('text/plain', { 'x-pre-body': '0' }), 'x')),
      c('a preset body stays on error', post(ct(JSON_TYPE, { 'x-pre-body': '{"p":1}' }), '{')),
      c('stream encoding already set', post(ct(JSON_TYPE, { 'x-pre-encoding': 'utf8' }), '{}')),
      c('stream already consumed', post(ct(JSON_TYPE, { 'x-pre-consume': '1' }), '{}')),
      c('stream consumed and its encoding set', post(ct(JSON_TYPE, { 'x-pre-consume': '1', 'x-pre-encoding': 'utf8' }), '{}')),
      c('Content-Length rewritten smaller', post(ct(JSON_TYPE, { 'x-pre-length': '3' }), '{"a":1}')),
      c('Content-Length rewritten larger', post(ct(JSON_TYPE, { 'x-pre-length': '9' }), '{"a":1}')),
      c('Content-Length rewritten beyond the limit', post(ct(JSON_TYPE, { 'x-pre-length': '999999' }), '{"a":1}')),
      c('Content-Length rewritten to a value that is not a number', post(ct(JSON_TYPE, { 'x-pre-length': '10abc' }), '{"a":1}')),
      c('Content-Length rewritten to a non-number on a chunked body', post(ct(JSON_TYPE, { 'x-pre-length': '10abc' }), '{"a":1}', 'POST', true)),
      c('Content-Length rewritten empty', post(ct(JSON_TYPE, { 'x-pre-length': '' }), '{"a":1}')),
      c('Content-Length rewritten empty on a chunked body', post(ct(JSON_TYPE, { 'x-pre-length': '' }), '{"a":1}', 'POST', true)),
      c('Content-Length rewritten with spaces and a fraction', post(ct(JSON_TYPE, { 'x-pre-length': ' 7.9 ' }), '{"a":1}')),
      c('Content-Length rewritten with gzip is not checked', post(ct(JSON_TYPE, { 'x-pre-length': '3', 'content-encoding': 'gzip' }), gz('{"a":1}'))),
      c('encoding set and an unknown encoding', post(ct(JSON_TYPE, { 'x-pre-encoding': 'utf8', 'content-encoding': 'bogus' }), '{}')),
    ],
  },
  {
    name: 'json({ strict: false })',
    parsers: [['json', { strict: false }]],
    cases: [
      c('a string', post(ct(JSON_TYPE), '"foo"')),
      c('true', post(ct(JSON_TYPE), 'true')),
      c('a number', post(ct(JSON_TYPE), ' 12 ')),
      c('null', post(ct(JSON_TYPE), 'null')),
      c('whitespace only', post(ct(JSON_TYPE), '  ')),
      c('garbage', post(ct(JSON_TYPE), '#x')),
      c('an object', post(ct(JSON_TYPE), '{"a":1}')),
    ],
  },
  {
    name: 'json({ limit: 10 })',
    parsers: [['json', { limit: 10 }]],
    cases: [
      c('a body within the limit', post(ct(JSON_TYPE), '{"a":123}')),
      c('a body of exactly the limit', post(ct(JSON_TYPE), '{"a":1234}')),
      c('Content-Length over the limit', post(ct(JSON_TYPE), '{"a":"0123456789"}')),
      c('a chunked body over the limit', post(ct(JSON_TYPE), '{"a":"0123456789"}', 'POST', true)),
      c('gzip inflating beyond the limit', post(ct(JSON_TYPE, { 'content-encoding': 'gzip' }), gz('{"a":"' + 'x'.repeat(200) + '"}'))),
      c('gzip within the limit', post(ct(JSON_TYPE, { 'content-encoding': 'gzip' }), gz('{"a":1}'))),
      c('too large with a refused charset', post(ct(JSON_TYPE + '; charset=latin1'), '{"a":"0123456789"}')),
      c('too large with an unknown encoding', post(ct(JSON_TYPE, { 'content-encoding': 'bogus' }), '{"a":"0123456789"}')),
      c('too large with the encoding set', post(ct(JSON_TYPE, { 'x-pre-encoding': 'utf8' }), '{"a":"0123456789"}')),
      c('too large and already consumed', post(ct(JSON_TYPE, { 'x-pre-consume': '1' }), '{"a":"0123456789"}')),
    ],
  },
  {
    name: 'json() with other limits',
    parsers: [['json', { limit: '1kb', type: 'application/vnd.kb' }], ['json', { limit: 0, type: 'application/vnd.zero' }], ['json', { limit: -1, type: 'application/vnd.negative' }], ['json', { limit: '2.7', type: 'application/vnd.fraction' }], ['json', { limit: null, type: 'application/vnd.null' }]],
    cases: [
      c("'1kb' refuses 1,100 bytes", post(ct('application/vnd.kb'), '{"a":"' + 'x'.repeat(1092) + '"}')),
      c("'1kb' accepts 1,000 bytes", post(ct('application/vnd.kb'), '{"a":"' + 'x'.repeat(992) + '"}')),
      c('0 accepts an empty body', post(ct('application/vnd.zero'), '')),
      c('0 refuses two bytes', post(ct('application/vnd.zero'), '{}')),
      c('-1 refuses even an empty body', post(ct('application/vnd.negative'), '')),
      c("'2.7' is 2 bytes", post(ct('application/vnd.fraction'), '{ }')),
      c('null is the default', post(ct('application/vnd.null'), '{"n":1}')),
    ],
  },
  {
    name: 'json({ inflate: false })',
    parsers: [['json', { inflate: false }]],
    cases: [
      c('gzip is refused', post(ct(JSON_TYPE, { 'content-encoding': 'gzip' }), gz('{}'))),
      c('an unknown encoding is refused the same way', post(ct(JSON_TYPE, { 'content-encoding': 'BOGUS' }), '{}')),
      c('identity is read', post(ct(JSON_TYPE, { 'content-encoding': 'identity' }), '{"a":1}')),
      c('no encoding is read', post(ct(JSON_TYPE), '{"a":1}')),
      c('refused before an unknown utf- charset', post(ct(JSON_TYPE + '; charset=utf-bogus', { 'content-encoding': 'gzip' }), '{}')),
    ],
  },
  {
    name: 'raw, text and urlencoded with { inflate: false }, a limit of 4 and verify',
    parsers: [
      ['raw', { inflate: false, limit: 4, verify: probeVerify }],
      ['text', { inflate: false, limit: 4, verify: probeVerify }],
      ['urlencoded', { extended: true, inflate: false, limit: 4, verify: probeVerify }],
      ['json', { type: 'application/vnd.json-verify', verify: probeVerify }],
    ],
    cases: [
      c('raw refuses gzip', post(ct(OCTET, { 'content-encoding': 'gzip' }), gz('x'))),
      c('text refuses gzip', post(ct('text/plain', { 'content-encoding': 'gzip' }), gz('x'))),
      c('text refuses deflate before an unknown charset', post(ct('text/plain; charset=bogus', { 'content-encoding': 'deflate' }), zlib.deflateSync('x'))),
      c('urlencoded refuses gzip', post(ct(FORM, { 'content-encoding': 'gzip' }), gz('a=1'))),
      c('urlencoded refuses an unknown encoding', post(ct(FORM, { 'content-encoding': 'bogus' }), 'a=1')),
      c('raw over the limit by Content-Length', post(ct(OCTET), 'abcdef')),
      c('text over the limit while chunked', post(ct('text/plain'), 'abcdef', 'POST', true)),
      c('urlencoded over the limit by Content-Length', post(ct(FORM), 'a=123')),
      c('raw verify fails', post(ct(OCTET, { 'x-verify': 'error' }), 'ab')),
      c('text verify fails with a status', post(ct('text/plain', { 'x-verify': 'status' }), 'ab')),
      c('urlencoded verify fails with a type', post(ct(FORM, { 'x-verify': 'typed' }), 'a=1')),
      c('urlencoded verify throws a string', post(ct(FORM, { 'x-verify': 'string' }), 'a=1')),
      c('json verify throws an object', post(ct('application/vnd.json-verify', { 'x-verify': 'object' }), '{}')),
      c('json verify fails with status 600', post(ct('application/vnd.json-verify', { 'x-verify': 'status-600' }), '{}')),
      c('text with a Content-Length that is too short', post(ct('text/plain', { 'content-length': '1' }), 'ab')),
    ],
  },
  {
    name: 'json() with a type option',
    parsers: [
      ['json', { type: 'application/*+json' }],
      ['json', { type: ['application/csp-report', 'text/x-json'] }],
      ['json', { type: probeType }],
    ],
    cases: [
      c('a +json vendor type', post(ct('application/vnd.api+json'), '{"v":1}')),
      c('application/json is not +json', post(ct('application/json'), '{"v":1}')),
      c('the first type of a list', post(ct('application/csp-report'), '{"csp":1}')),
      c('the second type of a list', post(ct('text/x-json'), '{"x":1}')),
      c('a predicate that says yes', post(ct('image/png', { 'x-type': 'yes' }), '{"fn":1}')),
      c('a predicate that says yes without a Content-Type', post({ 'x-type': 'yes' }, '{"fn":2}')),
      c('a predicate that says no', post(ct('image/png'), '{"fn":1}')),
      c('a predicate is not asked without a body', { method: 'GET', path: '/', headers: { 'x-type': 'yes' } }),
    ],
  },
  {
    name: 'json() with unusual type options',
    parsers: [['json', { type: '' }], ['text', { type: [] }]],
    cases: [
      c("'' means the default type", post(ct(JSON_TYPE), '{"a":1}')),
      c('[] matches any valid type', post(ct('image/png'), 'png')),
      c('[] does not match an invalid type', post(ct('image'), 'png')),
      c('[] does not match a missing type', post({}, 'png')),
    ],
  },
  {
    name: 'json() with a reviver',
    parsers: [
      ['json', { reviver: (_k: string, v: unknown) => (typeof v === 'number' ? v * 2 : v) }],
      ['json', { type: 'application/vnd.throws', reviver: throwingReviver }],
      ['json', { type: 'application/vnd.ignored', reviver: 'not a function' }],
    ],
    cases: [
      c('the reviver transforms values', post(ct(JSON_TYPE), '{"a":1,"b":[2]}')),
      c('a reviver that throws', post(ct('application/vnd.throws'), '{"bad":1}')),
      c('a reviver error with a status still answers 400', post(ct('application/vnd.throws'), '{"status":1}')),
      c('a reviver error with a 5xx status still answers 400', post(ct('application/vnd.throws'), '{"status500":1}')),
      c('a reviver error loses its own type and fields', post(ct('application/vnd.throws'), '{"fields":1}')),
      c('a reviver error without a message', post(ct('application/vnd.throws'), '{"empty":1}')),
      c('a reviver error with a field that cannot be deleted', post(ct('application/vnd.throws'), '{"fixed":1}')),
      c('a reviver that throws a string', post(ct('application/vnd.throws'), '{"string":1}')),
      c('a reviver that throws a number', post(ct('application/vnd.throws'), '{"number":1}')),
      c('a reviver that throws null', post(ct('application/vnd.throws'), '{"null":1}')),
      c('a reviver that throws an object with a stack', post(ct('application/vnd.throws'), '{"object":1}')),
      c('a reviver that is not a function is ignored', post(ct('application/vnd.ignored'), '{"a":1}')),
    ],
  },
  {
    name: 'json({ verify })',
    parsers: [['json', { verify: probeVerify }]],
    cases: [
      c('verify sees the raw body and the charset', post(ct(JSON_TYPE), '{"a":1}')),
      c('verify sees utf-16le', post(ct(JSON_TYPE + '; charset=UTF-16LE'), Buffer.from('{}', 'utf16le'))),
      c('utf-32 is refused before verify', post(ct(JSON_TYPE + '; charset=utf-32le', { 'x-verify': 'error' }), Buffer.from([0x7b, 0, 0, 0, 0x7d, 0, 0, 0]))),
      c('verify sees the inflated body', post(ct(JSON_TYPE, { 'content-encoding': 'gzip' }), gz('{"g":1}'))),
      c('verify sees an empty body', post(ct(JSON_TYPE), '')),
      c('verify throws an Error', post(ct(JSON_TYPE, { 'x-verify': 'error' }), '{}')),
      c('verify throws a TypeError', post(ct(JSON_TYPE, { 'x-verify': 'type-error' }), '{}')),
      c('verify throws a string', post(ct(JSON_TYPE, { 'x-verify': 'string' }), '{}')),
      c('verify throws an object', post(ct(JSON_TYPE, { 'x-verify': 'object' }), '{}')),
      c('verify throws an error with a status', post(ct(JSON_TYPE, { 'x-verify': 'status' }), '{}')),
      c('verify throws an error with status 600', post(ct(JSON_TYPE, { 'x-verify': 'status-600' }), '{}')),
      c('verify throws an error with its own type', post(ct(JSON_TYPE, { 'x-verify': 'typed' }), '{}')),
      c('verify throws an error with its own body', post(ct(JSON_TYPE, { 'x-verify': 'body' }), '{}')),
      c('verify passes, then the parse fails', post(ct(JSON_TYPE), '{')),
      c('with verify, an unknown charset comes before an unknown encoding', post(ct(JSON_TYPE + '; charset=utf-bogus', { 'content-encoding': 'bogus' }), '{}')),
      c('with verify, a refused charset is checked first', post(ct(JSON_TYPE + '; charset=latin1'), '{}')),
    ],
  },
  {
    name: 'raw()',
    parsers: [['raw']],
    cases: [
      c('bytes', post(ct(OCTET), Buffer.from([0, 1, 2, 255]))),
      c('a charset is ignored', post(ct(OCTET + '; charset=bogus'), 'ab')),
      c('a byte order mark is kept', post(ct(OCTET), '\ufeffab')),
      c('an empty body', post(ct(OCTET), '')),
      c('chunked', post(ct(OCTET), 'chunked bytes', 'POST', true)),
      c('gzip', post(ct(OCTET, { 'content-encoding': 'gzip' }), gz('zipped'))),
      c('deflate', post(ct(OCTET, { 'content-encoding': 'deflate' }), zlib.deflateSync('deflated'))),
      c('brotli is refused', post(ct(OCTET, { 'content-encoding': 'br' }), zlib.brotliCompressSync('bytes'))),
      c('an unknown encoding with an empty body', post(ct(OCTET, { 'content-encoding': 'bogus' }), '')),
      c('text/plain does not match', post(ct('text/plain'), 'x')),
      c('no Content-Type', post({}, 'x')),
      c('stream encoding set', post(ct(OCTET, { 'x-pre-encoding': 'latin1' }), 'x')),
    ],
  },
  {
    name: 'raw() with options',
    parsers: [['raw', { type: 'application/vnd.custom', limit: 5, verify: probeVerify }], ['raw', { type: 'bin' }]],
    cases: [
      c('a vendor type', post(ct('application/vnd.custom'), 'abc')),
      c('over the limit', post(ct('application/vnd.custom'), 'abcdef')),
      c('verify gets encoding null', post(ct('application/vnd.custom', { 'x-verify': 'error' }), 'ab')),
      c("the extension name 'bin'", post(ct(OCTET), 'bin')),
    ],
  },
  {
    name: 'text()',
    parsers: [['text']],
    cases: [
      c('plain text', post(ct('text/plain'), 'hello ☃')),
      c('an empty body', post(ct('text/plain'), '')),
      c('a byte order mark is dropped', post(ct('text/plain'), '\ufeffhello')),
      c('charset=UTF-8', post(ct('text/plain; charset=UTF-8'), 'x')),
      c('iso-8859-1', post(ct('text/plain; charset=iso-8859-1'), Buffer.from([0xe9, 0x41]))),
      c('latin1', post(ct('text/plain; charset=latin1'), Buffer.from([0xe9]))),
      c('windows-1252', post(ct('text/plain; charset=windows-1252'), Buffer.from([0x80]))),
      c('koi8-r', post(ct('text/plain; charset=koi8-r'), Buffer.from([0xc1]))),
      c('shift_jis', post(ct('text/plain; charset=shift_jis'), Buffer.from([0x82, 0xa0]))),
      c('utf-16le with a BOM', post(ct('text/plain; charset=utf-16le'), Buffer.from('\ufeffhé', 'utf16le'))),
      c('utf-16 with a big-endian BOM', post(ct('text/plain; charset=utf-16'), utf16be('\ufeffhé'))),
      c('utf-16 without a BOM', post(ct('text/plain; charset=utf-16'), utf16be('héAB'))),
      c('an unknown charset', post(ct('text/plain; charset=bogus'), 'x')),
      c('utf-32 is refused', post(ct('text/plain; charset=utf-32'), Buffer.from([0x41, 0, 0, 0]))),
      c('ucs-4 is refused', post(ct('text/plain; charset=ucs-4'), Buffer.from([0x41, 0, 0, 0]))),
      c('cp720 is refused', post(ct('text/plain; charset=cp720'), 'a')),
      c('ucs-2 is decoded', post(ct('text/plain; charset=ucs-2'), Buffer.from('hé', 'utf16le'))),
      c('an unknown charset with an empty body', post(ct('text/plain; charset=bogus'), '')),
      c('an unknown charset and an unknown encoding', post(ct('text/plain; charset=bogus', { 'content-encoding': 'bogus' }), 'abc')),
      c('an unknown charset and bad gzip data', post(ct('text/plain; charset=bogus', { 'content-encoding': 'gzip' }), 'abc')),
      c('an unknown charset and the encoding set', post(ct('text/plain; charset=bogus', { 'x-pre-encoding': 'utf8' }), 'abc')),
      c('an unknown charset and a consumed stream', post(ct('text/plain; charset=bogus', { 'x-pre-consume': '1' }), 'abc')),
      c('invalid UTF-8', post(ct('text/plain'), Buffer.from([0xff, 0xfe, 0x41]))),
      c('text/html does not match', post(ct('text/html'), '<p>')),
      c('a malformed Content-Type does not match', post(ct('text/plain;;'), 'x')),
      c('gzip', post(ct('text/plain', { 'content-encoding': 'gzip' }), gz('zipped text'))),
      c('deflate with latin1', post(ct('text/plain; charset=latin1', { 'content-encoding': 'deflate' }), zlib.deflateSync(Buffer.from([0xe9])))),
      c('Content-Length 0 without a type', { method: 'POST', path: '/', headers: { 'content-length': '0' } }),
    ],
  },
  {
    name: 'text() with options',
    parsers: [
      ['text', { type: 'text/html', defaultCharset: 'iso-8859-1' }],
      ['text', { type: 'text/csv', defaultCharset: 'bogus' }],
      ['text', { type: 'text/x-mixed-case', defaultCharset: 'X-Bogus' }],
      ['text', { type: 'text/x-mixed-case-verify', defaultCharset: 'X-Bogus', verify: probeVerify }],
      ['text', { type: 'text/x-upper-utf32', defaultCharset: 'UTF-32' }],
      ['text', { type: 'text/*', limit: 3, verify: probeVerify }],
    ],
    cases: [
      c('text/html with the default charset latin1', post(ct('text/html'), Buffer.from([0xe9]))),
      c('a header charset wins over the default', post(ct('text/html; charset=utf-8'), 'é')),
      c('an unknown default charset in mixed case', post(ct('text/x-mixed-case'), 'a')),
      c('an unknown default charset in mixed case, with verify', post(ct('text/x-mixed-case-verify'), 'a')),
      c('a default charset Express refuses, in upper case', post(ct('text/x-upper-utf32'), 'a')),
      c('an unknown default charset', post(ct('text/csv'), 'a,b')),
      c('a wildcard type', post(ct('text/markdown'), 'abc')),
      c('a wildcard type over the limit', post(ct('text/markdown'), 'abcd')),
      c('verify sees the charset', post(ct('text/x-any; charset=Latin1'), 'ab')),
      c('verify with an unknown charset', post(ct('text/x-any; charset=bogus', { 'x-verify': 'error' }), 'a')),
      c('verify, an unknown charset and an unknown encoding', post(ct('text/x-any; charset=bogus', { 'content-encoding': 'bogus' }), 'a')),
      c('verify, an unknown charset and a body over the limit', post(ct('text/x-any; charset=bogus'), 'abcdef')),
    ],
  },
  {
    name: 'urlencoded({ extended: true })',
    parsers: [['urlencoded', { extended: true }]],
    cases: [
      c('simple pairs and a repeated key', post(ct(FORM), 'a=1&b=2&a=3')),
      c('plus and percent decoding', post(ct(FORM), 'a=x+y%20z&b=%E9&c=%ZZ&d=%C3%A9')),
      c('nested objects and arrays', post(ct(FORM), 'a[b]=1&a[c][d]=2&e[]=1&e[]=2')),
      c('depth 5', post(ct(FORM), deepKey(5))),
      c('depth 32 is accepted', post(ct(FORM), deepKey(32))),
      c('depth 33 is refused', post(ct(FORM), deepKey(33))),
      c('depth 100 is refused', post(ct(FORM), deepKey(100))),
      c('index 99 makes an array', post(ct(FORM), 'a[99]=x')),
      c('index 100 makes an object', post(ct(FORM), 'a[100]=x')),
      c('index 1000000000 makes an object', post(ct(FORM), 'a[1000000000]=x')),
      c('index 150 with 200 parameters makes an array', post(ct(FORM), params(199) + '&a[150]=x')),
      c('index 200 with 200 parameters makes an object', post(ct(FORM), params(199) + '&a[200]=x')),
      c('150 a[] entries', post(ct(FORM), Array.from({ length: 150 }, () => 'a[]=1').join('&'))),
      c('mixed [] and an index', post(ct(FORM), 'a[]=1&a[5]=2')),
      c('__proto__ is dropped', post(ct(FORM), '__proto__[x]=1&a=1')),
      c('a bare __proto__ is dropped', post(ct(FORM), '__proto__=1')),
      c('a nested __proto__ is dropped', post(ct(FORM), 'a[__proto__][x]=1')),
      c('constructor[prototype] is plain data', post(ct(FORM), 'constructor[prototype][x]=1')),
      c('keys named like Object.prototype members', post(ct(FORM), 'hasOwnProperty=1&toString=2')),
      c('dots are not nesting', post(ct(FORM), 'a.b=1')),
      c('semicolons are not separators', post(ct(FORM), 'a=1;b=2')),
      c('keys without values', post(ct(FORM), 'a&b=&=c')),
      c('an empty body', post(ct(FORM), '')),
      c('a byte order mark is dropped', post(ct(FORM), '\ufeffa=1')),
      c('1000 parameters', post(ct(FORM), params(1000))),
      c('1001 parameters', post(ct(FORM), params(1001))),
      c('1000 ampersands', post(ct(FORM), '&'.repeat(1000))),
      c('999 ampersands', post(ct(FORM), '&'.repeat(999))),
      c('charset=UTF-8', post(ct(FORM + '; charset=UTF-8'), 'a=1')),
      c('a latin1 charset is refused', post(ct(FORM + '; charset=iso-8859-1'), 'a=1')),
      c('utf-7 is refused', post(ct(FORM + '; charset=utf-7'), 'a=1')),
      c('gzip', post(ct(FORM, { 'content-encoding': 'gzip' }), gz('z=1'))),
      c('JSON does not match', post(ct(JSON_TYPE), '{"a":1}')),
    ],
  },
  {
    name: 'urlencoded({ extended: false })',
    parsers: [['urlencoded', { extended: false }]],
    cases: [
      c('simple pairs and a repeated key', post(ct(FORM), 'a=1&b=2&a=3')),
      c('plus and percent decoding', post(ct(FORM), 'a=x+y%20z&b=%E9&c=%ZZ&d=%C3%A9')),
      c('brackets stay in the keys', post(ct(FORM), 'a[b]=1&a[c][d]=2&e[]=1&e[]=2')),
      c('depth 100 stays one key', post(ct(FORM), deepKey(100))),
      c('__proto__ is an own key of a null-prototype object', post(ct(FORM), '__proto__=1&constructor[prototype][x]=1')),
      c('keys without values', post(ct(FORM), 'a&b=&=c')),
      c('an empty body', post(ct(FORM), '')),
      c('1000 parameters', post(ct(FORM), params(1000))),
      c('1001 parameters', post(ct(FORM), params(1001))),
      c('a latin1 charset is refused', post(ct(FORM + '; charset=latin1'), 'a=1')),
    ],
  },
  {
    name: 'urlencoded() with limits',
    parsers: [
      ['urlencoded', { extended: false, parameterLimit: 2, type: 'application/vnd.simple2' }],
      ['urlencoded', { extended: true, parameterLimit: 2, type: 'application/vnd.extended2' }],
      ['urlencoded', { extended: true, depth: 1, type: 'application/vnd.depth1' }],
      ['urlencoded', { extended: true, depth: 0, type: 'application/vnd.depth0' }],
      ['urlencoded', { extended: true, parameterLimit: Infinity, type: 'application/vnd.unlimited' }],
      ['urlencoded', { extended: false, parameterLimit: 1.5, type: 'application/vnd.fraction' }],
      ['urlencoded', { extended: true, depth: '3', type: 'application/vnd.depth-string' }],
      ['urlencoded', { extended: true, depth: null, type: 'application/vnd.depth-null' }],
      ['urlencoded', { extended: true, depth: true, type: 'application/vnd.depth-true' }],
      ['urlencoded', { extended: true, depth: false, type: 'application/vnd.depth-false' }],
      ['urlencoded', { extended: true, depth: 2.5, type: 'application/vnd.depth-fraction' }],
    ],
    cases: [
      c('2 parameters of 2', post(ct('application/vnd.simple2'), 'a=1&b=2')),
      c('3 parameters of 2', post(ct('application/vnd.simple2'), 'a=1&b=2&c=3')),
      c('a trailing ampersand counts', post(ct('application/vnd.simple2'), 'a=1&b=2&')),
      c('a lone ampersand is 2 parameters', post(ct('application/vnd.simple2'), '&')),
      c('two ampersands are 3 parameters', post(ct('application/vnd.simple2'), '&&')),
      c('extended: 3 parameters of 2', post(ct('application/vnd.extended2'), 'a=1&b=2&c=3')),
      c('extended: 2 parameters of 2', post(ct('application/vnd.extended2'), 'a[x]=1&b=2')),
      c('depth 1 refuses two levels', post(ct('application/vnd.depth1'), 'a[b][c]=1')),
      c('depth 1 accepts one level', post(ct('application/vnd.depth1'), 'a[b]=1')),
      c('depth 0 keeps brackets in the key', post(ct('application/vnd.depth0'), 'a[b]=1&c=2')),
      c('an unlimited parameter count', post(ct('application/vnd.unlimited'), 'a[150]=1&' + params(1500))),
      c('a fractional limit', post(ct('application/vnd.fraction'), 'a=1&b=2')),
      c("depth '3' is qs's default depth: 5 levels", post(ct('application/vnd.depth-string'), deepKey(5))),
      c("depth '3' is qs's default depth: 6 levels", post(ct('application/vnd.depth-string'), deepKey(6))),
      c("depth null is qs's default depth: 5 levels", post(ct('application/vnd.depth-null'), deepKey(5))),
      c("depth null is qs's default depth: 6 levels", post(ct('application/vnd.depth-null'), deepKey(6))),
      c("depth true is qs's default depth", post(ct('application/vnd.depth-true'), deepKey(6))),
      c('depth false keeps brackets in the key', post(ct('application/vnd.depth-false'), 'a[b]=1')),
      c('depth 2.5: 2 levels', post(ct('application/vnd.depth-fraction'), deepKey(2))),
      c('depth 2.5: 3 levels', post(ct('application/vnd.depth-fraction'), deepKey(3))),
    ],
  },
  {
    name: 'stacked parsers',
    parsers: [
      ['json'],
      ['json', { type: 'application/*+json' }],
      ['raw', { type: 'application/vnd.custom' }],
      ['text', { type: 'text/html' }],
      ['urlencoded', { extended: false }],
      ['text'],
    ],
    cases: [
      c('JSON goes to the json parser', post(ct(JSON_TYPE), '{"j":1}')),
      c('a +json type goes to the second json parser', post(ct('application/ld+json'), '{"ld":1}')),
      c('a vendor type as raw', post(ct('application/vnd.custom'), 'vendor')),
      c('HTML as text', post(ct('text/html'), '<b>hi</b>')),
      c('a form', post(ct(FORM), 'f=1')),
      c('plain text', post(ct('text/plain'), 'plain')),
      c('an unmatched type', post(ct('image/png'), 'png')),
      c('a JSON error stops the stack', post(ct(JSON_TYPE), '{')),
    ],
  },
  {
    name: 'a catch-all raw parser before json',
    parsers: [['raw', { type: '*/*' }], ['json']],
    cases: [
      c('json does not read again', post(ct(JSON_TYPE), '{"a":1}')),
      c('no Content-Type is not matched by */*', post({}, 'x')),
    ],
  },
];

/** The probe app's answer on both frameworks, parsed. */
export async function both(servers: { portico: RunningServer; express: RunningServer }, req: SimpleRequest) {
  const p = await send(servers.portico.port, req);
  const e = await send(servers.express.port, req);
  const parse = (text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return { unparsed: text };
    }
  };
  return { portico: { status: p.status, body: parse(p.text) }, express: { status: e.status, body: parse(e.text) } };
}


/**
 * Declares one `describe` per group: the probe app with the group's parsers on `ours` and on
 * `oracle`, and one test per case comparing their answers. Returns the number of cases declared.
 */
export function describeGroups(label: string, list: Group[], ours: FrameworkLike, oracle: FrameworkLike): number {
  let count = 0;
  for (const group of list) {
    describe(`body parsers against ${label}: ${group.name}`, () => {
      const servers = {} as { portico: RunningServer; express: RunningServer };
      before(async () => {
        servers.portico = await startServer(probeApp(ours, group.parsers));
        servers.express = await startServer(probeApp(oracle, group.parsers));
      });
      after(async () => {
        await servers.portico.close();
        await servers.express.close();
      });
      for (const { name, req } of group.cases) {
        count++;
        it(`answers like Express: ${name}`, { timeout: 10_000 }, async () => {
          const { portico: p, express: e } = await both(servers, req);
          if (fetchMode && (req.method === 'GET' || req.method === 'HEAD') && req.body !== undefined) {
            // A GET or HEAD Request has no body in the Fetch standard: the adapter drops it and the
            // parser reads none (docs/fetch.md).
            assert.equal(p.status, 200);
            assert.equal((p.body as { flag?: unknown }).flag, '(undefined)');
            return;
          }
          assert.deepStrictEqual(p, e);
        });
      }
    });
  }
  return count;
}

/** What creating a parser gave: the middleware's name and arity, or the class and message of what it threw. */
export function factoryOutcome(make: () => unknown): unknown {
  try {
    const middleware = make() as { name: string; length: number };
    return { name: middleware.name, length: middleware.length };
  } catch (error) {
    const e = error as Error;
    return { threw: e.constructor.name, message: e.message };
  }
}

/** Declares the tests of clients that hang up mid-body: `ours` must report the error `oracle` reports. */
export function describeAborts(label: string, ours: FrameworkLike, oracle: FrameworkLike): void {
  describe(`body parsers against ${label}: a client that aborts`, () => {
    /** The error each framework's handler saw when the client hung up after `sent` of `declared`. */
    async function abortedOn(framework: FrameworkLike, parser: ParserSpec, head: string, sent: Body): Promise<unknown> {
      let seen: unknown;
      const app = framework();
      const [kind, options] = parser;
      const factories = framework as unknown as Record<string, (o?: unknown) => unknown>;
      app.use(factories[kind](options) as never);
      app.use(((err: unknown, _req: unknown, _res: unknown, _next: unknown) => {
        seen = describeError(err);
      }) as never);
      const server = await startServer(app as unknown as Listener);
      try {
        const read = watchReads(server.server);
        const socket = net.connect(server.port, '127.0.0.1');
        socket.on('error', () => {});
        await new Promise<void>((resolve) => socket.on('connect', resolve));
        socket.write(head);
        socket.write(sent);
        // Hang up once the server holds all that was sent, as a client that stops mid-body.
        await read(Buffer.byteLength(head) + Buffer.byteLength(sent));
        socket.destroy();
        await until(() => seen !== undefined, 'the error handler to see the abort').catch(() => undefined);
        return seen;
      } finally {
        await server.close();
      }
    }

    const cases: Array<[string, ParserSpec, string, Body]> = [
      ['json with Content-Length', ['json'], 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n', '{"a":'],
      ['json chunked', ['json'], 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n', '5\r\n{"a":\r\n'],
      ['raw with Content-Length', ['raw'], 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 4096\r\n\r\n', Buffer.alloc(1000, 1)],
      ['text with verify', ['text', { verify: probeVerify }], 'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\n', 'abc'],
    ];
    for (const [name, parser, head, sent] of cases) {
      it(`reports the same request.aborted error: ${name}`, { timeout: 60_000 }, async () => {
        const mine = await abortedOn(ours, parser, head, sent);
        const theirs = await abortedOn(oracle, parser, head, sent);
        assert.ok(theirs !== undefined, 'express reported an error');
        assert.deepStrictEqual(mine, theirs);
      });
    }
  });
}
