import { deflateSync, gzipSync } from 'node:zlib';

/*
 * The requests of the runtime battery, sent to the app of app.cjs on the runtime under test and on the
 * oracle (express@4 or express@5.3 on Node's node:http). Each answers with status, headers and body
 * that must be the same on both.
 */

export interface BatteryCase {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /**
   * The error message in the answer is the JavaScript engine's own (JSON.parse's wording): it is
   * compared only where the runtime's engine is the oracle's (see withoutEngineWording in run-battery.ts).
   */
  engineMessage?: boolean;
  /** The app fails after the headers went out: the client must see an incomplete response on both. */
  truncated?: boolean;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const FORM_TYPE = { 'Content-Type': 'application/x-www-form-urlencoded' };

function post(name: string, path: string, contentType: string | undefined, body: string | Buffer, headers: Record<string, string> = {}): BatteryCase {
  return { name, method: 'POST', path, headers: contentType === undefined ? headers : { 'Content-Type': contentType, ...headers }, body };
}

function routing(major: 4 | 5): BatteryCase[] {
  const common = [
    '/route', '/route/', '/route/users/42', '/route/users/a%20b', '/route/users/%E2%98%83', '/route/users/42/', '/route/USERS/42',
    '/route/users/42/books/7', '/route/users/', '/route/users/%zz', '/route/dotted/a-b', '/route/dotted/1-2-3', '/route/file/report.pdf',
    '/route/file/archive.tar.gz', '/route/case/sensitive', '/route/case/Sensitive', '/route/p/abc', '/route/p/%41', '/route/next-route',
    '/route/chain', '/route/regex/123', '/route/regex/12a', '/route/multi', '/route/any', '/route/nothing-here', '/route//double',
    '/sub', '/sub/', '/sub/x/1', '/sub/x/%2F', '/SUB/x/2', '/route/users/42?with=query', '/route/users/42#frag',
  ];
  const byVersion =
    major === 4
      ? ['/route/optional', '/route/optional/', '/route/optional/v', '/route/star/a/b/c', '/route/star/', '/route/abcd', '/route/acd',
         '/route/abbcd', '/route/plus/1', '/route/plus/1/2/3', '/route/num/12', '/route/num/ab']
      : ['/route/optional', '/route/optional/', '/route/optional/v', '/route/star/a/b/c', '/route/star/', '/route/star',
         '/route/braces', '/route/braces/1', '/route/braces/1/2', '/route/braces/1/2/3', '/route/quoted/q', '/route/abcd'];
  const cases: BatteryCase[] = [...common, ...byVersion].map((path) => ({ name: `GET ${path}`, path }));
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']) {
    cases.push({ name: `${method} /route/multi`, method, path: '/route/multi' });
    cases.push({ name: `${method} /route/any`, method, path: '/route/any' });
  }
  cases.push({ name: 'HEAD /route/users/1', method: 'HEAD', path: '/route/users/1' });
  cases.push({ name: 'OPTIONS /route/users/1', method: 'OPTIONS', path: '/route/users/1' });
  cases.push({ name: 'middleware before routes sets a header', path: '/', headers: { 'X-Middleware-Mark': 'seen' } });
  return cases;
}

function query(): BatteryCase[] {
  return [
    '?a=1', '?a=1&a=2', '?a[b]=c', '?a[]=1&a[]=2', '?a[0]=x&a[2]=y', '?a.b=c', '?%C3%A9=%E2%98%83', '?a=%zz', '?a=1;b=2', '?=x', '?a',
    '?a=b=c', '?a[b][c][d][e][f][g]=deep', '?a=' + 'x'.repeat(500), '?' + Array.from({ length: 60 }, (_, i) => `k${i}=${i}`).join('&'), '?a+b=c+d',
    '?__proto__[x]=1', '?constructor[prototype][y]=2', '?arr[]=', '?a[=1',
  ].map((q) => ({ name: `query ${q.slice(0, 40)}`, path: `/in/query${q}` }));
}

function requestProperties(): BatteryCase[] {
  const h = (name: string, headers: Record<string, string>, method = 'GET'): BatteryCase => ({ name: `req ${name}`, method, path: '/in/req?x=1', headers });
  return [
    h('plain', {}),
    h('user agent', { 'User-Agent': 'battery/1.0' }),
    h('host with port', { Host: 'example.com:8080' }),
    h('host with subdomains', { Host: 'a.b.example.com' }),
    h('ipv6 host', { Host: '[::1]:3000' }),
    h('forwarded proto from loopback', { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'fwd.example.org' }),
    h('forwarded for', { 'X-Forwarded-For': '203.0.113.9, 198.51.100.2' }),
    h('xhr', { 'X-Requested-With': 'XMLHttpRequest' }),
    h('accept json', { Accept: 'application/json' }),
    h('accept html q', { Accept: 'text/html;q=0.5, application/json;q=0.4' }),
    h('accept none', { Accept: 'image/png' }),
    h('accept-language', { 'Accept-Language': 'fr-CH, fr;q=0.9, en;q=0.8' }),
    h('accept-encoding', { 'Accept-Encoding': 'br;q=1, gzip;q=0.5' }),
    h('content-type json', { 'Content-Type': 'application/json; charset=utf-8' }),
    h('range', { Range: 'bytes=0-9' }),
    h('range multiple', { Range: 'bytes=0-9,20-29' }),
    h('range bad', { Range: 'bytes=x-y' }),
    h('range unsatisfiable', { Range: 'bytes=500-600' }),
    h('if-none-match on POST', { 'If-None-Match': '*' }, 'POST'),
    h('if-none-match star', { 'If-None-Match': '*' }),
  ];
}

function parsers(): BatteryCase[] {
  const big = JSON.stringify({ text: 'x'.repeat(100) });
  const latin1 = Buffer.from('caf\u00e9 na\u00efve', 'latin1');
  const utf16 = Buffer.from('\u00e9t\u00e9 \u2603', 'utf16le');
  return [
    post('json object', '/body/json', 'application/json', '{"a":1,"b":[true,null,"x"]}'),
    post('json unicode', '/body/json', 'application/json', '{"snow":"☃","esc":"\\u00e9"}'),
    post('json charset utf-8', '/body/json', 'application/json; charset=utf-8', '{"a":"é"}'),
    post('json charset utf-16 refused', '/body/json', 'application/json; charset=utf-16', Buffer.from('{"a":1}', 'utf16le')),
    post('json charset unknown', '/body/json', 'application/json; charset=klingon', '{"a":1}'),
    post('json vnd+json', '/body/json', 'application/vnd.api+json', '{"vnd":true}'),
    post('json wrong type skipped', '/body/json', 'text/plain', '{"a":1}'),
    post('json no content type', '/body/json', undefined, '{"a":1}'),
    post('json empty body', '/body/json', 'application/json', ''),
    { ...post('json strict primitive', '/body/json', 'application/json', '"just a string"'), engineMessage: true },
    { ...post('json invalid', '/body/json', 'application/json', '{"a":'), engineMessage: true },
    { ...post('json invalid token', '/body/json', 'application/json', '{a:1}'), engineMessage: true },
    post('json strict off primitive', '/body/json-strict-off', 'application/json', '"just a string"'),
    post('json strict off number', '/body/json-strict-off', 'application/json', '42'),
    post('json over limit', '/body/json-limit', 'application/json', big),
    post('json at limit', '/body/json-limit', 'application/json', JSON.stringify({ t: 'x'.repeat(54) })),
    post('json any type', '/body/json-any', 'text/weird', '{"any":1}'),
    post('json reviver', '/body/json-reviver', 'application/json', '{"n":4,"s":"4"}'),
    post('json gzip', '/body/json', 'application/json', gzipSync('{"zipped":true}'), { 'Content-Encoding': 'gzip' }),
    post('json deflate', '/body/json', 'application/json', deflateSync('{"deflated":true}'), { 'Content-Encoding': 'deflate' }),
    post('json identity', '/body/json', 'application/json', '{"id":1}', { 'Content-Encoding': 'identity' }),
    post('json unsupported encoding', '/body/json', 'application/json', '{"a":1}', { 'Content-Encoding': 'compress' }),
    post('json bad gzip', '/body/json', 'application/json', 'not gzip at all', { 'Content-Encoding': 'gzip' }),
    post('json __proto__', '/body/json', 'application/json', '{"__proto__":{"polluted":1},"a":1}'),
    post('form simple', '/body/form', 'application/x-www-form-urlencoded', 'a=1&b=two&c=%E2%98%83'),
    post('form nested', '/body/form', 'application/x-www-form-urlencoded', 'user[name]=ann&user[roles][]=a&user[roles][]=b'),
    post('form not extended', '/body/form-simple', 'application/x-www-form-urlencoded', 'a[b]=1&a=2&a=3'),
    post('form plus', '/body/form', 'application/x-www-form-urlencoded', 'q=a+b+c'),
    post('form charset latin1', '/body/form', 'application/x-www-form-urlencoded; charset=iso-8859-1', 'a=caf%E9'),
    post('form charset unsupported', '/body/form', 'application/x-www-form-urlencoded; charset=utf-7', 'a=1'),
    post('form over limit', '/body/form-limit', 'application/x-www-form-urlencoded', 'a=' + 'x'.repeat(60)),
    post('form too many params', '/body/form-params', 'application/x-www-form-urlencoded', 'a=1&b=2&c=3&d=4'),
    post('form at param limit', '/body/form-params', 'application/x-www-form-urlencoded', 'a=1&b=2&c=3'),
    post('form empty', '/body/form', 'application/x-www-form-urlencoded', ''),
    post('form gzip', '/body/form', 'application/x-www-form-urlencoded', gzipSync('z=1'), { 'Content-Encoding': 'gzip' }),
    post('text plain', '/body/text', 'text/plain', 'hello text'),
    post('text latin1', '/body/text', 'text/plain; charset=iso-8859-1', latin1),
    post('text utf-16le', '/body/text', 'text/plain; charset=utf-16le', utf16),
    post('text default charset', '/body/text-any', 'application/x-custom', latin1),
    post('text unknown charset', '/body/text', 'text/plain; charset=nope', 'x'),
    post('text over limit', '/body/text-limit', 'text/plain', 'more than ten bytes'),
    post('text json not matched', '/body/text', 'application/json', '{}'),
    post('raw octet', '/body/raw', 'application/octet-stream', Buffer.from([0, 1, 2, 253, 254, 255])),
    post('raw not matched', '/body/raw', 'text/plain', 'text'),
    post('raw any type', '/body/raw-any', 'image/png', Buffer.from('89504e47', 'hex')),
    post('raw over limit', '/body/raw-any', 'image/png', Buffer.alloc(150, 7)),
    post('raw gzip inflated', '/body/raw-any', 'image/png', gzipSync(Buffer.from('inflated bytes'))),
    post('raw gzip with encoding', '/body/raw-any', 'image/png', gzipSync(Buffer.from('inflated bytes')), { 'Content-Encoding': 'gzip' }),
    post('raw inflate off', '/body/raw-no-inflate', 'image/png', gzipSync('x'), { 'Content-Encoding': 'gzip' }),
    { name: 'json on GET ignored', method: 'GET', path: '/body/json', headers: JSON_TYPE },
    { name: 'form on DELETE', method: 'DELETE', path: '/body/form', headers: FORM_TYPE, body: 'a=1' },
  ];
}

function responses(): BatteryCase[] {
  const paths = ['send-string', 'send-buffer', 'send-object', 'send-status', 'send-empty', 'json-spaces', 'jsonp', 'jsonp?callback=cb',
    'jsonp?callback=a.b[0]', 'jsonp?callback=<bad>', 'type', 'charset', 'headers', 'write', 'status-code', 'etag', 'format', 'format-default', 'format-406'];
  const cases: BatteryCase[] = paths.map((p) => ({ name: `res ${p}`, path: `/res/${p}` }));
  for (const accept of ['text/plain', 'text/html', 'application/json', 'application/xml', '*/*', 'text/*;q=0.5, application/json;q=0.9']) {
    cases.push({ name: `res format Accept ${accept}`, path: '/res/format', headers: { Accept: accept } });
    cases.push({ name: `res format-default Accept ${accept}`, path: '/res/format-default', headers: { Accept: accept } });
  }
  cases.push({ name: 'res etag If-None-Match unrelated', path: '/res/etag', headers: { 'If-None-Match': 'W/"nope"' } });
  cases.push({ name: 'res etag If-None-Match star', path: '/res/etag', headers: { 'If-None-Match': '*' } });
  cases.push({ name: 'res HEAD send-string', method: 'HEAD', path: '/res/send-string' });
  cases.push({ name: 'res HEAD write', method: 'HEAD', path: '/res/write' });
  cases.push({ name: 'res HEAD json', method: 'HEAD', path: '/res/send-object' });
  return cases;
}

function cookies(): BatteryCase[] {
  return [
    { name: 'cookies several Set-Cookie', path: '/cookies/set' },
    { name: 'cookies clear', path: '/cookies/clear' },
    { name: 'cookies append', path: '/cookies/append' },
    { name: 'cookies request header', path: '/cookies/read', headers: { Cookie: 'a=1; b=two' } },
    { name: 'cookies no header', path: '/cookies/read' },
  ];
}

function redirects(): BatteryCase[] {
  const cases: BatteryCase[] = ['plain', 'status', 'absolute', 'encoded', 'relative', 'back'].map((p) => ({ name: `redirect ${p}`, path: `/redirect/${p}` }));
  for (const accept of ['text/html', 'text/plain', 'application/json']) cases.push({ name: `redirect plain Accept ${accept}`, path: '/redirect/plain', headers: { Accept: accept } });
  cases.push({ name: 'redirect back with Referer', path: '/redirect/back', headers: { Referer: '/from/here' } });
  cases.push({ name: 'redirect HEAD', method: 'HEAD', path: '/redirect/plain' });
  return cases;
}

function errors(): BatteryCase[] {
  const cases: BatteryCase[] = ['throw', 'next', 'next-status', 'next-string', 'expose', 'headers-err', 'reject', 'handled'].map((p) => ({
    name: `error ${p}`,
    path: `/err/${p}`,
  }));
  cases.push({ name: 'error after-headers', path: '/err/after-headers', truncated: true });
  for (const path of ['/nope', '/nope/deeper?x=1', '/%', '/err', '/a<b>c']) cases.push({ name: `404 ${path}`, path });
  cases.push({ name: '404 POST', method: 'POST', path: '/nope', headers: JSON_TYPE, body: '{}' });
  cases.push({ name: '404 HEAD', method: 'HEAD', path: '/nope' });
  cases.push({ name: '404 unknown method', method: 'PROPFIND', path: '/' });
  cases.push({ name: 'error throw HEAD', method: 'HEAD', path: '/err/throw' });
  return cases;
}

function files(): BatteryCase[] {
  const get = (name: string, path: string, headers?: Record<string, string>, method = 'GET'): BatteryCase => ({ name: `files ${name}`, method, path, headers });
  const future = 'Wed, 01 Jan 2031 00:00:00 GMT';
  const past = 'Mon, 01 Jan 2001 00:00:00 GMT';
  return [
    get('static html', '/files/static/index.html'),
    get('static index', '/files/static/'),
    get('static dir redirect', '/files/static/nested'),
    get('static nested', '/files/static/nested/deep.txt'),
    get('static json', '/files/static/data.json'),
    get('static css', '/files/static/style.css'),
    get('static unicode name', '/files/static/snow%20%E2%98%83.txt'),
    get('static dotfile ignored', '/files/static/.hidden'),
    get('static traversal', '/files/static/../private/report.txt'),
    get('static encoded traversal', '/files/static/%2e%2e/private/report.txt'),
    get('static null byte', '/files/static/hello.txt%00'),
    get('static missing', '/files/static/missing.txt'),
    get('static HEAD', '/files/static/hello.txt', {}, 'HEAD'),
    get('static POST falls through', '/files/static/hello.txt', {}, 'POST'),
    get('static 304 If-Modified-Since', '/files/static/hello.txt', { 'If-Modified-Since': future }),
    get('static 200 old If-Modified-Since', '/files/static/hello.txt', { 'If-Modified-Since': past }),
    get('static 304 If-None-Match star', '/files/static/hello.txt', { 'If-None-Match': '*' }),
    get('static If-Match fails', '/files/static/hello.txt', { 'If-Match': '"nope"' }),
    get('static If-Unmodified-Since past', '/files/static/hello.txt', { 'If-Unmodified-Since': past }),
    get('static range', '/files/static/alphabet.txt', { Range: 'bytes=0-25' }),
    get('static range suffix', '/files/static/alphabet.txt', { Range: 'bytes=-10' }),
    get('static range open', '/files/static/alphabet.txt', { Range: 'bytes=1000-' }),
    get('static range multiple', '/files/static/alphabet.txt', { Range: 'bytes=0-1,5-6' }),
    get('static range unsatisfiable', '/files/static/alphabet.txt', { Range: 'bytes=5000-6000' }),
    get('static range If-Range stale', '/files/static/alphabet.txt', { Range: 'bytes=0-5', 'If-Range': past }),
    get('static options', '/files/static-opts/hello.txt'),
    get('static options dotfile', '/files/static-opts/.hidden'),
    get('static options extension', '/files/static-opts/hello'),
    get('static options no index', '/files/static-opts/'),
    get('static no fallthrough missing', '/files/static-fallthrough/missing.txt'),
    get('static no fallthrough POST', '/files/static-fallthrough/hello.txt', {}, 'POST'),
    get('sendFile', '/files/send-file'),
    get('sendFile 304', '/files/send-file', { 'If-Modified-Since': future }),
    get('sendFile range', '/files/send-file', { Range: 'bytes=2-4' }),
    get('sendFile HEAD', '/files/send-file', {}, 'HEAD'),
    get('sendFile absolute', '/files/send-file-abs'),
    get('sendFile absolute range', '/files/send-file-abs', { Range: 'bytes=100-199' }),
    get('sendFile missing callback', '/files/send-file-missing'),
    get('sendFile headers option', '/files/send-file-headers'),
    get('download', '/files/download'),
    get('download range', '/files/download', { Range: 'bytes=0-7' }),
    get('piped stream', '/files/stream'),
  ];
}

/** Every case of the battery for the app of Express `major`. */
export function batteryCases(major: 4 | 5): BatteryCase[] {
  const cases = [...routing(major), ...query(), ...requestProperties(), ...parsers(), ...responses(), ...cookies(), ...redirects(), ...errors(), ...files()];
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.name)) throw new Error(`duplicate battery case name: ${c.name}`);
    seen.add(c.name);
  }
  return cases;
}
