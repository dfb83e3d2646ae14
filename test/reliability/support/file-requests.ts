import fc from 'fast-check';
import type { GeneratedRequest } from './body-requests';

// Generators of GET/HEAD requests for static, sendFile and the param routes: request targets built
// from segments that have served traversals before, with random Range, If-* and Accept* headers.

const SEGMENTS = [
  'a.txt', 'index.html', 'snow%20%E2%98%83', 'snow ☃', 'b.bin', 'do..ts.txt', '.hidden', '.mine', 'x.txt', 'dir', 'sub', 'deep', 'c.json', 'big.bin',
  '%2e%2e', '%252e%252e', 'with%20space.txt', '..', '.', '', '%2e', '..%2f', '..%5c', '%2f', '%5c', '\\..', '%00', 'a.txt%00.html', '..;', '%c0%ae%c0%ae',
  '%ff', '%', '%e2%98', 'root-evil', 'secret.txt', '~', 'CON', 'a'.repeat(300), '%2E%2E%2F%2E%2E%2Fsecret.txt',
];
const PREFIXES = ['/static/', '/static', '/file/', '/users/', '/items/', '/', '//static/', '/STATIC/', '/static/./', '/cookies', '/health', '/host'];
const QUERIES = ['', '?', '?a=1', '?__proto__[x]=1', '?a[b][c]=1&a=2', '?%zz', '#frag'];

const TARGET = fc
  .record({
    prefix: fc.constantFrom(...PREFIXES),
    segments: fc.array(fc.oneof(fc.constantFrom(...SEGMENTS), fc.stringMatching(/^[\w.%~-]{0,12}$/), fc.integer({ min: 0, max: 99999 }).map(String)), { maxLength: 5 }),
    slash: fc.boolean(),
    query: fc.constantFrom(...QUERIES),
  })
  .map(({ prefix, segments, slash, query }) => escapeRaw(prefix + segments.join('/') + (slash ? '/' : '')) + query);

/** Targets that name a served file, so that ranges and conditions meet real bytes. */
const SERVED = fc.oneof(
  fc.constantFrom('a.txt', 'index.html', 'snow ☃/b.bin', 'do..ts.txt', 'dir/index.html', 'sub/deep/c.json', 'big.bin', '%2e%2e', 'with space.txt', '', 'dir/').map((n) => `/static/${n}`),
  fc.constantFrom('a.txt', 'index.html', 'do..ts.txt', 'big.bin', 'with space.txt', '.hidden').map((n) => `/file/${n}`),
  fc.constantFrom('/users/1/posts', '/users/42/posts/7', '/items/a.b', '/host', '/cookies').map(String),
).map((t) => escapeRaw(t));

/** Percent-encodes spaces and non-ASCII characters (☃) but keeps the escapes written on purpose. */
function escapeRaw(path: string): string {
  return path.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}

const NUMBER = fc.oneof(fc.nat(3_000_000), fc.constantFrom(0, 1, 36, 37, 38, 2097168, 2097169, Number.MAX_SAFE_INTEGER, -1));
const RANGE = fc.oneof(
  fc.tuple(NUMBER, NUMBER).map(([a, b]) => `bytes=${a}-${b}`),
  NUMBER.map((n) => `bytes=-${n}`),
  NUMBER.map((n) => `bytes=${n}-`),
  fc.array(fc.tuple(NUMBER, NUMBER), { minLength: 2, maxLength: 4 }).map((rs) => 'bytes=' + rs.map(([a, b]) => `${a}-${b}`).join(',')),
  fc.constantFrom('bytes=', 'bytes=-', 'bytes=abc', 'items=0-5', 'bytes=5-1', 'bytes= 0 - 5', 'bytes=0-0,-1', 'bytes=0-1,0-1,0-1'),
  fc.string({ maxLength: 20 }),
);
const DATE = fc.oneof(
  fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((d) => d.toUTCString()),
  fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'yesterday', '', 'Mon, 32 Foo 2020 99:99:99 GMT'),
);
const ETAG = fc.oneof(fc.constantFrom('*', '"x"', 'W/"x"', '"a", "b"', ',', 'W/', '""'), fc.string({ maxLength: 20 }).map((s) => `"${s}"`));
const TOKEN_LIST = fc.array(fc.oneof(fc.constantFrom('gzip', 'br', 'identity', '*', 'text/html', 'application/json', '*/*', 'en', 'fr-CA', 'utf-8', 'iso-8859-1', 'x;q=0', 'q=1', ';q=0.5', 'text/*;q=0.2'), fc.string({ maxLength: 10 })), { maxLength: 4 }).map((a) => a.join(', '));

/** A Host value: ordinary, or carrying userinfo (which must never become the hostname). */
const HOST = fc.oneof(
  fc.constant('127.0.0.1'),
  fc.constantFrom('evil.com:x@good.com', 'evil.com:x%40good.com', 'evil.com:@good.com', 'evil.com@good.com', 'a.b.c.example.com', '[::1]:80', 'host:abc', 'x'.repeat(300)),
);

const HEADER_VALUE = fc.stringMatching(/^[\x20-\x7e]*$/, { maxLength: 40 }).map((s) => s.trim());

/** A header present one time in four, so that most requests still reach a body. */
const rarely = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: arb, weight: 1 });

export const fileRequest: fc.Arbitrary<GeneratedRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'OPTIONS', 'POST', 'DELETE'),
    target: fc.oneof({ arbitrary: SERVED, weight: 2 }, { arbitrary: TARGET, weight: 3 }),
    host: HOST,
    range: rarely(RANGE),
    ifRange: rarely(fc.oneof(ETAG, DATE)),
    ifNoneMatch: rarely(ETAG),
    ifMatch: rarely(ETAG),
    ifModifiedSince: rarely(DATE),
    ifUnmodifiedSince: rarely(DATE),
    accept: rarely(TOKEN_LIST),
    acceptEncoding: rarely(TOKEN_LIST),
    acceptLanguage: rarely(TOKEN_LIST),
    acceptCharset: rarely(TOKEN_LIST),
    cookie: rarely(fc.oneof(HEADER_VALUE, fc.constantFrom('a=1; b=2', '__proto__=x', 'j=j:{"__proto__":{"p":1}}', 's=s:x.y', '=', ';;'))),
  })
  .map((r) => {
    const lines = [`${r.method} ${r.target} HTTP/1.1`, `Host: ${r.host}`];
    const add = (name: string, value: string | null): void => {
      if (value !== null) lines.push(`${name}: ${value.replace(/[\r\n]/g, '')}`);
    };
    add('Range', r.range);
    add('If-Range', r.ifRange);
    add('If-None-Match', r.ifNoneMatch);
    add('If-Match', r.ifMatch);
    add('If-Modified-Since', r.ifModifiedSince);
    add('If-Unmodified-Since', r.ifUnmodifiedSince);
    add('Accept', r.accept);
    add('Accept-Encoding', r.acceptEncoding);
    add('Accept-Language', r.acceptLanguage);
    add('Accept-Charset', r.acceptCharset);
    add('Cookie', r.cookie);
    if (r.method === 'POST') lines.push('Content-Length: 0');
    lines.push('Connection: close');
    return {
      bytes: Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'utf8'),
      label: `${r.method} ${r.target} host=${r.host} range=${r.range} if-range=${r.ifRange}`,
      head: r.method === 'HEAD',
    };
  });
