import { send, type SimpleRequest, type SimpleResponse, type RunningServer } from '../helpers/server';
import { stableHeaders } from '../helpers/compare';
import { bodyNotCompared } from '../helpers/transport';
import { sendRaw, type RawResponse } from '../helpers/raw-http';

/*
 * The cases of the differential suites for req and res: every case builds the same app on Portico and
 * on Express, sends the same request to both, and compares status, every header but Date/Connection,
 * and the body byte for byte. Run against express@4 (request-response.compat.test.ts) and, with
 * portico/5, against express@5.3 (express5/request-response5.compat.test.ts).
 */

type Handler = (req: any, res: any, next: any) => void;
export type Framework = () => any;

export interface Case {
  name: string;
  handler: Handler;
  setup?: (app: any, framework: Framework) => void;
  request?: SimpleRequest;
  /** Bytes sent as they are (malformed or repeated headers); compared on status, headers and body. */
  raw?: string;
  /** Replaces time-dependent parts (cookie expiry computed from `maxAge`) before comparing. */
  mask?: boolean;
}

// express@4 prints its deprecations through `depd`; they are expected here.
process.env.NO_DEPRECATION = 'express';
// Portico's deprecations are checked in the member tests; keep this suite's output readable.
process.removeAllListeners('warning');

/** Echoes what a request property or method returns, as JSON (undefined shown as a marker). */
function echo(read: (req: any, res: any) => unknown): Handler {
  return function echoHandler(req, res) {
    const value = read(req, res);
    res.json(value === undefined ? '<undefined>' : value);
  };
}

/** Runs `act`, then ends the response with what it returned or the error it threw. */
function attempt(act: (req: any, res: any) => unknown): Handler {
  return function attemptHandler(req, res) {
    let outcome: string;
    try {
      const value = act(req, res);
      outcome = 'ok ' + (value === res ? '<res>' : JSON.stringify(value));
    } catch (err) {
      const e = err as Error & { code?: string };
      outcome = 'threw ' + e.constructor.name + ': ' + e.message + (e.code ? ' ' + e.code : '');
    }
    if (!res.headersSent) res.end(outcome);
  };
}

/** The error handler of both apps: reports the error's observable fields. */
function reportError(err: any, _req: any, res: any, next: any): void {
  if (res.headersSent) return next(err);
  res.statusCode = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500;
  res.end(
    JSON.stringify({
      name: err.name,
      message: err.message,
      code: err.code,
      status: err.status,
      statusCode: err.statusCode,
      expose: err.expose,
      types: err.types,
    }),
  );
}

export function build(framework: Framework, c: Case): any {
  const app = framework();
  c.setup?.(app, framework);
  app.use(c.handler);
  app.use(reportError);
  return app;
}

const accept = (value: string): SimpleRequest => ({ headers: { accept: value } });
const withHeaders = (headers: Record<string, string>, path = '/'): SimpleRequest => ({ path, headers });
const trust = (value: unknown) => (app: any) => app.set('trust proxy', value);
const rawGet = (headerLines: string, path = '/'): string =>
  `GET ${path} HTTP/1.1\r\n${headerLines}Connection: close\r\n\r\n`;
const host = (req: any) => ({ hostname: req.hostname, subdomains: req.subdomains });
const proxyView = (req: any) => ({
  hostname: req.hostname,
  protocol: req.protocol,
  secure: req.secure,
  ip: req.ip,
  ips: req.ips,
});
const WEAK_HELLO = 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"';
const FORMATS = {
  'text/plain': (_req: any, res: any) => res.send('text'),
  html: (_req: any, res: any) => res.send('<b>html</b>'),
  'application/json': (_req: any, res: any) => res.json({ json: true }),
};

const requestCases: Case[] = [
  // req.path and req.query
  { name: 'req.path of a plain URL', handler: echo((r) => r.path), request: { path: '/a/b/c' } },
  { name: 'req.path without the query', handler: echo((r) => r.path), request: { path: '/a/b?x=1&y=2' } },
  { name: 'req.path stops at a fragment', handler: echo((r) => [r.path, r.query]), request: { path: '/a#frag?x=1' } },
  { name: 'req.path of an absolute-form URL', handler: echo((r) => [r.path, r.query]), request: { path: 'http://example.com/p/q?x=1' } },
  { name: 'req.path keeps a double slash', handler: echo((r) => r.path), request: { path: '//a//b' } },
  { name: 'req.path keeps percent-escapes', handler: echo((r) => r.path), request: { path: '/a%20b/%E2%98%83' } },
  { name: 'req.query empty without a query string', handler: echo((r) => r.query) },
  { name: 'req.query flat pairs', handler: echo((r) => r.query), request: { path: '/?a=1&b=two&c' } },
  { name: 'req.query repeated keys become arrays', handler: echo((r) => r.query), request: { path: '/?a=1&a=2&a=3' } },
  { name: 'req.query nested brackets', handler: echo((r) => r.query), request: { path: '/?a[b][c]=1&a[d]=2' } },
  { name: 'req.query bracket arrays', handler: echo((r) => r.query), request: { path: '/?a[]=1&a[]=2' } },
  { name: 'req.query indexed arrays within the limit', handler: echo((r) => r.query), request: { path: '/?a[999]=x&b[1]=y' } },
  { name: 'req.query index past the array limit is a key', handler: echo((r) => r.query), request: { path: '/?a[1000]=x' } },
  { name: 'req.query depth limit of five', handler: echo((r) => r.query), request: { path: '/?a[b][c][d][e][f][g][h]=1' } },
  { name: 'req.query drops __proto__', handler: echo((r) => [r.query, Object.keys(r.query)]), request: { path: '/?__proto__[x]=1&a[__proto__][y]=2' } },
  { name: 'req.query keeps prototype-named keys', handler: echo((r) => r.query), request: { path: '/?toString=1&hasOwnProperty=2' } },
  { name: 'req.query decodes plus and escapes', handler: echo((r) => r.query), request: { path: '/?a+b=c+d&%61=%E2%98%83&bad=%E0%A4%A' } },
  { name: 'req.query keeps = in values', handler: echo((r) => r.query), request: { path: '/?a=b=c&=x' } },
  { name: 'req.query with 1000 parameters at most', handler: echo((r) => Object.keys(r.query).length), request: { path: '/?' + Array.from({ length: 1100 }, (_, i) => `k${i}=1`).join('&') } },
  { name: 'query parser simple', setup: (a) => a.set('query parser', 'simple'), handler: echo((r) => r.query), request: { path: '/?a[b]=1&a=2&a=3' } },
  { name: 'query parser true is simple', setup: (a) => a.set('query parser', true), handler: echo((r) => r.query), request: { path: '/?a[b]=1' } },
  { name: 'query parser false gives {}', setup: (a) => a.set('query parser', false), handler: echo((r) => r.query), request: { path: '/?a=1' } },
  { name: 'query parser function sees the raw string', setup: (a) => a.set('query parser', (s: unknown) => ({ got: s })), handler: echo((r) => r.query), request: { path: '/?a=1&b' } },
  { name: 'query parser function sees null without ?', setup: (a) => a.set('query parser', (s: unknown) => ({ got: s })), handler: echo((r) => r.query), request: { path: '/p' } },
  { name: 'query parser function sees empty string after ?', setup: (a) => a.set('query parser', (s: unknown) => ({ got: s })), handler: echo((r) => r.query), request: { path: '/p?' } },
  { name: 'req.query is assignable', handler: echo((r) => ((r.query = { replaced: true }), r.query)), request: { path: '/?a=1' } },
  { name: 'req and res prototype members are enumerable, in order', handler: echo((r) => [Object.keys(Object.getPrototypeOf(r.app.request)), Object.keys(Object.getPrototypeOf(r.app.response))]) },
  { name: 'req.secure, subdomains, host and stale read protocol, hostname and fresh through their getters', setup: (a) => { Object.defineProperty(a.request, 'protocol', { get: () => 'https' }); Object.defineProperty(a.request, 'hostname', { get: () => 'x.y.z.example.com' }); Object.defineProperty(a.request, 'fresh', { get: () => true }); }, handler: echo((r) => [r.secure, r.subdomains, r.host, r.stale]), request: withHeaders({ host: 'a.b.c.com' }) },
  { name: 'res.send asks req.fresh', setup: (a) => Object.defineProperty(a.request, 'fresh', { get: () => true }), handler: (_q, s) => s.send('body') },
  // Host, hostname, subdomains
  { name: 'req.hostname strips the port', handler: echo(host), request: withHeaders({ host: 'www.example.com:8080' }) },
  { name: 'req.hostname of an IPv6 literal with port', handler: echo(host), request: withHeaders({ host: '[::1]:3000' }) },
  { name: 'req.hostname of an IPv6 literal', handler: echo(host), request: withHeaders({ host: '[2001:db8::1]' }) },
  { name: 'req.hostname of an IPv4 address', handler: echo(host), request: withHeaders({ host: '10.1.2.3:80' }) },
  { name: 'req.hostname keeps case', handler: echo(host), request: withHeaders({ host: 'WWW.Example.COM' }) },
  { name: 'req.subdomains of a deep host', handler: echo(host), request: withHeaders({ host: 'a.b.c.example.com' }) },
  { name: 'req.subdomains with empty labels', handler: echo(host), request: withHeaders({ host: 'a..b.example.com.' }) },
  { name: 'subdomain offset 3', setup: (a) => a.set('subdomain offset', 3), handler: echo(host), request: withHeaders({ host: 'x.y.a.b.c' }) },
  { name: 'subdomain offset 0 on an IP', setup: (a) => a.set('subdomain offset', 0), handler: echo(host), request: withHeaders({ host: '1.2.3.4' }) },
  { name: 'req.hostname ignores X-Forwarded-Host without trust', handler: echo(proxyView), request: withHeaders({ host: 'h.com', 'x-forwarded-host': 'evil.com' }) },
  { name: 'X-Forwarded-* with trust proxy true', setup: trust(true), handler: echo(proxyView), request: withHeaders({ host: 'h.com', 'x-forwarded-host': 'a.com:9, b.com', 'x-forwarded-proto': 'HTTPS , http', 'x-forwarded-for': '1.1.1.1, 2.2.2.2' }) },
  { name: 'X-Forwarded-Host IPv6 with trust', setup: trust(true), handler: echo(proxyView), request: withHeaders({ host: 'h.com', 'x-forwarded-host': '[2001:db8::2]:443' }) },
  { name: 'X-Forwarded-* empty first values', setup: trust(true), handler: echo(proxyView), request: withHeaders({ host: 'h.com', 'x-forwarded-host': ', b.com', 'x-forwarded-proto': ',https', 'x-forwarded-for': ',, 3.3.3.3' }) },
  { name: 'X-Forwarded-For garbage entries', setup: trust(true), handler: echo(proxyView), request: withHeaders({ 'x-forwarded-for': 'not an ip, [::1]:80, 1.2.3.4:5' }) },
  { name: 'trust proxy hop count 2', setup: trust(2), handler: echo(proxyView), request: withHeaders({ 'x-forwarded-for': '1.1.1.1, 2.2.2.2, 3.3.3.3', 'x-forwarded-proto': 'https' }) },
  { name: 'trust proxy hop count 0', setup: trust(0), handler: echo(proxyView), request: withHeaders({ 'x-forwarded-for': '1.1.1.1', 'x-forwarded-proto': 'https' }) },
  { name: 'trust proxy loopback', setup: trust('loopback'), handler: echo(proxyView), request: withHeaders({ 'x-forwarded-for': '1.1.1.1, 10.0.0.1, 127.0.0.2', 'x-forwarded-proto': 'https' }) },
  { name: 'trust proxy comma list', setup: trust('loopback, 10.0.0.0/8'), handler: echo(proxyView), request: withHeaders({ 'x-forwarded-for': '1.1.1.1, 10.0.0.1, 127.0.0.2' }) },
  { name: 'trust proxy array', setup: trust(['127.0.0.1', 'uniquelocal']), handler: echo(proxyView), request: withHeaders({ 'x-forwarded-for': '8.8.8.8, 192.168.1.1' }) },
  { name: 'trust proxy linklocal does not cover loopback', setup: trust('linklocal'), handler: echo(proxyView), request: withHeaders({ 'x-forwarded-for': '1.1.1.1' }) },
  { name: 'trust proxy function', setup: trust((addr: string, i: number) => i < 1 || addr === '2.2.2.2'), handler: echo(proxyView), request: withHeaders({ 'x-forwarded-for': '1.1.1.1, 2.2.2.2, 3.3.3.3' }) },
  { name: 'trust proxy false ignores every header', setup: trust(false), handler: echo(proxyView), request: withHeaders({ 'x-forwarded-for': '1.1.1.1', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'x.com' }) },
  { name: 'Host empty', handler: echo(host), raw: rawGet('Host: \r\n') },
  { name: 'Host missing (HTTP/1.0)', handler: echo(host), raw: 'GET / HTTP/1.0\r\n\r\n' },
  { name: 'Host repeated', handler: echo(host), raw: rawGet('Host: a.com\r\nHost: b.com\r\n') },
  { name: 'Host unterminated IPv6', handler: echo(host), raw: rawGet('Host: [::1\r\n') },
  { name: 'Host port only', handler: echo(host), raw: rawGet('Host: :80\r\n') },
  { name: 'Host brackets reversed', handler: echo(host), raw: rawGet('Host: ]:[\r\n') },
  { name: 'Host huge', handler: echo((r) => r.hostname.length), raw: rawGet('Host: ' + 'a.'.repeat(4000) + 'com\r\n') },
  { name: 'X-Forwarded-Host repeated headers', setup: trust(true), handler: echo(proxyView), raw: rawGet('Host: h.com\r\nX-Forwarded-Host: a.com\r\nX-Forwarded-Host: b.com\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Proto: http\r\nX-Forwarded-For: 1.1.1.1\r\nX-Forwarded-For: 2.2.2.2\r\n') },
  { name: 'X-Forwarded-* blank values', setup: trust(true), handler: echo(proxyView), raw: rawGet('Host: h.com\r\nX-Forwarded-Host:   \r\nX-Forwarded-Proto: \r\nX-Forwarded-For: \r\n') },
  { name: 'X-Forwarded-For huge', setup: trust(true), handler: echo((r) => [r.ip, r.ips.length]), raw: rawGet('Host: h\r\nX-Forwarded-For: ' + Array.from({ length: 2000 }, (_, i) => `10.0.${i % 250}.${i % 200}`).join(', ') + '\r\n') },
  // protocol, secure, xhr, ip
  { name: 'req.protocol and req.secure over plain HTTP', handler: echo((r) => [r.protocol, r.secure, r.ips]) },
  { name: 'req.ip is the socket address', handler: echo((r) => r.ip) },
  { name: 'req.xhr true', handler: echo((r) => r.xhr), request: withHeaders({ 'x-requested-with': 'XMLHttpRequest' }) },
  { name: 'req.xhr case-insensitive', handler: echo((r) => r.xhr), request: withHeaders({ 'x-requested-with': 'xmlhttprequest' }) },
  { name: 'req.xhr false for other values', handler: echo((r) => r.xhr), request: withHeaders({ 'x-requested-with': 'fetch' }) },
  // req.get
  { name: 'req.get case-insensitive', handler: echo((r) => [r.get('Content-Type'), r.header('X-CUSTOM'), r.get('x-missing')]), request: withHeaders({ 'content-type': 'text/plain', 'x-custom': 'v' }) },
  { name: 'req.get Referer and Referrer interchangeable', handler: echo((r) => [r.get('Referrer'), r.get('referer')]), request: withHeaders({ referer: '/from' }) },
  { name: 'req.get Referrer header', handler: echo((r) => [r.get('Referer'), r.get('referrer')]), request: withHeaders({ referrer: '/r2' }) },
  { name: 'req.get Set-Cookie is an array', handler: echo((r) => r.get('set-cookie')), request: withHeaders({ 'set-cookie': 'a=1' }) },
  { name: 'req.get without a name throws', handler: attempt((r) => r.get()) },
  { name: 'req.get with a number throws', handler: attempt((r) => r.get(5)) },
  // negotiation
  { name: 'req.accepts extension and types', handler: echo((r) => [r.accepts('html'), r.accepts('json', 'html'), r.accepts(['json', 'text']), r.accepts('text/html, application/json'), r.accepts('image/png'), r.accepts(), r.accepts('.html'), r.accepts('text/*'), r.accepts('zzz')]), request: accept('application/json;q=0.9, text/html') },
  { name: 'req.accepts without Accept', handler: echo((r) => [r.accepts('html'), r.accepts('json', 'html'), r.accepts(), r.accepts('zzz'), r.accepts([])]) },
  { name: 'req.accepts with empty Accept', handler: echo((r) => [r.accepts('html'), r.accepts()]), request: accept('') },
  { name: 'req.accepts with */*', handler: echo((r) => [r.accepts('png', 'html'), r.accepts(), r.accepts('zzz', 'json')]), request: accept('*/*') },
  { name: 'req.accepts with malformed Accept', handler: echo((r) => [r.accepts('html'), r.accepts()]), request: accept(',,;;q=x, text/html;level=1;q=0') },
  { name: 'req.accepts with parameters', handler: echo((r) => [r.accepts('text/html;level=1'), r.accepts('text/html')]), request: accept('text/html;level=1') },
  { name: 'req.accepts q=0 excludes', handler: echo((r) => [r.accepts('json', 'html'), r.accepts()]), request: accept('text/html;q=0, */*') },
  { name: 'req.accepts orders by quality', handler: echo((r) => r.accepts()), request: accept('text/plain;q=0.5, text/html, application/*;q=0.8') },
  { name: 'req.acceptsCharsets', handler: echo((r) => [r.acceptsCharsets('utf-8'), r.acceptsCharsets('latin1', 'utf-8'), r.acceptsCharsets(['x']), r.acceptsCharsets()]), request: withHeaders({ 'accept-charset': 'utf-8, iso-8859-1;q=0.5' }) },
  { name: 'req.acceptsCharsets without header', handler: echo((r) => [r.acceptsCharsets('utf-8'), r.acceptsCharsets()]) },
  { name: 'req.acceptsEncodings', handler: echo((r) => [r.acceptsEncodings('gzip'), r.acceptsEncodings('br', 'gzip'), r.acceptsEncodings(['x']), r.acceptsEncodings(), r.acceptsEncodings('identity')]), request: withHeaders({ 'accept-encoding': 'gzip, deflate' }) },
  { name: 'req.acceptsEncodings without header', handler: echo((r) => [r.acceptsEncodings('gzip'), r.acceptsEncodings(), r.acceptsEncodings('identity')]) },
  { name: 'req.acceptsEncodings identity refused', handler: echo((r) => [r.acceptsEncodings('identity'), r.acceptsEncodings()]), request: withHeaders({ 'accept-encoding': 'br, identity;q=0' }) },
  { name: 'req.acceptsLanguages', handler: echo((r) => [r.acceptsLanguages('en'), r.acceptsLanguages('fr', 'en-US'), r.acceptsLanguages(['de']), r.acceptsLanguages()]), request: withHeaders({ 'accept-language': 'en-US, fr;q=0.8' }) },
  { name: 'req.acceptsLanguages without header', handler: echo((r) => [r.acceptsLanguages('en'), r.acceptsLanguages()]) },
  { name: 'req.accepts* with a falsy first argument answer every accepted value', handler: echo((r) => [r.accepts(undefined), r.accepts('', 'json'), r.acceptsLanguages(undefined), r.acceptsLanguages(null, 'fr'), r.acceptsEncodings(undefined), r.acceptsEncodings(0), r.acceptsCharsets(false), r.acceptsCharsets('')]), request: withHeaders({ accept: 'text/html, application/json;q=0.5', 'accept-language': 'en, fr;q=0.5', 'accept-encoding': 'gzip', 'accept-charset': 'utf-8, latin1;q=0.2' }) },
  { name: 'req.accepts* with a falsy first argument and no headers', handler: echo((r) => [r.accepts(undefined, 'json'), r.acceptsLanguages(undefined), r.acceptsEncodings(null), r.acceptsCharsets(undefined)]) },
  { name: 'req.accepts* use only a first array argument', handler: echo((r) => [r.accepts(['json'], ['html']), r.acceptsLanguages(['fr'], ['en']), r.acceptsEncodings(['gzip'], ['br']), r.acceptsCharsets(['latin1'], ['utf-8'])]), request: withHeaders({ accept: 'text/html, application/json;q=0.5', 'accept-language': 'en, fr;q=0.5', 'accept-encoding': 'gzip', 'accept-charset': 'utf-8, latin1;q=0.2' }) },
  { name: 'req.accepts reads extension names from the mime-types table', handler: echo((r) => [r.accepts('mdx'), r.accepts('hjson'), r.accepts('spdx', 'json'), r.accepts(['ged', 'shex'])]), request: accept('text/*, application/json') },
  { name: 'deprecated singular accepts methods', handler: echo((r) => [r.acceptsCharset('utf-8'), r.acceptsEncoding('gzip'), r.acceptsLanguage('en')]), request: withHeaders({ 'accept-charset': 'utf-8', 'accept-encoding': 'gzip', 'accept-language': 'en' }) },
  // req.is
  { name: 'req.is without a body', handler: echo((r) => [r.is('json'), r.is(), r.is('*/*')]) },
  { name: 'req.is JSON body', handler: echo((r) => [r.is('json'), r.is('application/json'), r.is('application/*'), r.is('html'), r.is('text', 'json'), r.is(['html', 'json']), r.is(), r.is('+json'), r.is('*/json')]), request: { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{}' } },
  { name: 'req.is vendor type', handler: echo((r) => [r.is('+json'), r.is('application/*+json'), r.is('json')]), request: { method: 'POST', headers: { 'content-type': 'application/vnd.api+json' }, body: '{}' } },
  { name: 'req.is with Content-Length 0', handler: echo((r) => r.is('json')), request: { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '0' } } },
  { name: 'req.is with a malformed type', handler: echo((r) => r.is('json')), request: { method: 'POST', headers: { 'content-type': 'garbage' }, body: '{}' } },
  { name: 'req.is urlencoded', handler: echo((r) => [r.is('urlencoded'), r.is('application/x-www-form-urlencoded'), r.is('multipart')]), request: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' } },
  // req.range
  { name: 'req.range several ranges', handler: echo((r) => [r.range(1000), r.range(1000).type]), request: withHeaders({ range: 'bytes=0-99,50-150,900-' }) },
  { name: 'req.range combine', handler: echo((r) => r.range(1000, { combine: true })), request: withHeaders({ range: 'bytes=0-99,50-150,900-' }) },
  { name: 'req.range unsatisfiable', handler: echo((r) => r.range(10)), request: withHeaders({ range: 'bytes=20-30' }) },
  { name: 'req.range malformed', handler: echo((r) => [r.range(10)]), request: withHeaders({ range: 'malformed' }) },
  { name: 'req.range other unit', handler: echo((r) => [r.range(10)]), request: withHeaders({ range: 'items=0-5' }) },
  { name: 'req.range without header', handler: echo((r) => r.range(10)) },
  { name: 'req.range suffix', handler: echo((r) => r.range(100)), request: withHeaders({ range: 'bytes=-10' }) },
  // freshness
  { name: 'req.fresh without validators', handler: echo((r) => [r.fresh, r.stale]) },
  { name: 'req.fresh with no-cache', handler: echo((r, s) => (s.set('ETag', '"a"'), [r.fresh, r.stale])), request: withHeaders({ 'if-none-match': '"a"', 'cache-control': 'no-cache' }) },
  { name: 'req.fresh for POST', handler: echo((r, s) => (s.set('ETag', '"a"'), [r.fresh, r.stale])), request: { method: 'POST', headers: { 'if-none-match': '"a"' } } },
  { name: 'req.fresh for a 404', handler: echo((r, s) => (s.status(404).set('ETag', '"a"'), [r.fresh, r.stale])), request: withHeaders({ 'if-none-match': '"a"' }) },
  { name: 'req.fresh true for a matching ETag', handler: attempt((r, s) => (s.set('ETag', '"a"'), [r.fresh, r.stale])), request: withHeaders({ 'if-none-match': '"b", "a"' }) },
  { name: 'req.fresh true for If-None-Match *', handler: attempt((r, s) => (s.set('ETag', '"a"'), [r.fresh])), request: withHeaders({ 'if-none-match': '*' }) },
  { name: 'req.fresh weak comparison', handler: attempt((r, s) => (s.set('ETag', 'W/"a"'), [r.fresh])), request: withHeaders({ 'if-none-match': '"a"' }) },
  { name: 'req.fresh by Last-Modified', handler: attempt((r, s) => (s.set('Last-Modified', 'Wed, 21 Oct 2015 07:28:00 GMT'), [r.fresh])), request: withHeaders({ 'if-modified-since': 'Wed, 21 Oct 2015 08:28:00 GMT' }) },
  { name: 'req.stale by an older If-Modified-Since', handler: attempt((r, s) => (s.set('Last-Modified', 'Wed, 21 Oct 2015 07:28:00 GMT'), [r.fresh, r.stale])), request: withHeaders({ 'if-modified-since': 'Wed, 21 Oct 2015 06:28:00 GMT' }) },
  { name: 'req.fresh with malformed dates', handler: attempt((r, s) => (s.set('Last-Modified', 'garbage'), [r.fresh])), request: withHeaders({ 'if-modified-since': 'garbage' }) },
  // req.param
  { name: 'req.param from query and default', handler: echo((r) => [r.param('a'), r.param('zz', 'def'), r.param('zz')]), request: { path: '/x?a=5' } },
];

const sendCases: Case[] = [
  { name: 'res.send string', handler: (_q, s) => s.send('hello') },
  { name: 'res.send empty string', handler: (_q, s) => s.send('') },
  { name: 'res.send without argument', handler: (_q, s) => s.send() },
  { name: 'res.send null', handler: (_q, s) => s.send(null) },
  { name: 'res.send undefined', handler: (_q, s) => s.send(undefined) },
  { name: 'res.send Buffer', handler: (_q, s) => s.send(Buffer.from('hello')) },
  { name: 'res.send empty Buffer', handler: (_q, s) => s.send(Buffer.alloc(0)) },
  { name: 'res.send object', handler: (_q, s) => s.send({ a: 1, b: [true, null] }) },
  { name: 'res.send array', handler: (_q, s) => s.send([1, 'two']) },
  { name: 'res.send true', handler: (_q, s) => s.send(true) },
  { name: 'res.send false', handler: (_q, s) => s.send(false) },
  { name: 'res.send Date', handler: (_q, s) => s.send(new Date(0)) },
  { name: 'res.send Uint8Array is JSON', handler: (_q, s) => s.send(new Uint8Array([65, 66])) },
  { name: 'res.send object with toJSON', handler: (_q, s) => s.send({ toJSON: () => 'x' }) },
  { name: 'res.send number as status (deprecated)', handler: (_q, s) => s.send(201) },
  { name: 'res.send unknown number as status', handler: (_q, s) => s.send(299) },
  { name: 'res.send(status, body) (deprecated)', handler: (_q, s) => s.send(201, 'made') },
  { name: 'res.send(body, status) (deprecated)', handler: (_q, s) => s.send('made', 201) },
  { name: 'res.send(status, object) (deprecated)', handler: (_q, s) => s.send(404, { a: 1 }) },
  { name: 'res.send multibyte Content-Length', handler: (_q, s) => s.send('héllo ☃ 𝄞') },
  { name: 'res.send long string', handler: (_q, s) => s.send('é'.repeat(1500)) },
  { name: 'res.send long string without etag', setup: (a) => a.set('etag', false), handler: (_q, s) => s.send('é'.repeat(1500)) },
  { name: 'res.send adds charset to a preset text type', handler: (_q, s) => s.set('Content-Type', 'text/plain').send('hi') },
  { name: 'res.send replaces a preset charset', handler: (_q, s) => s.set('Content-Type', 'text/plain; charset=iso-8859-1').send('héllo') },
  { name: 'res.send adds charset to octet-stream strings', handler: (_q, s) => s.set('Content-Type', 'application/octet-stream').send('héllo') },
  { name: 'res.send reformats a preset type', handler: (_q, s) => { s.setHeader('Content-Type', 'TEXT/Plain; Charset=LATIN1; A=B; format=flowed'); s.send('x'); } },
  { name: 'res.send with a preset empty type', handler: (_q, s) => { s.setHeader('Content-Type', ''); s.send('x'); } },
  { name: 'res.send with a preset numeric type', handler: (_q, s) => { s.setHeader('Content-Type', 5); s.send('x'); } },
  { name: 'res.send with a malformed preset type', handler: (_q, s) => { s.setHeader('Content-Type', 'garbage'); s.send('x'); } },
  { name: 'res.send Buffer keeps a preset type', handler: (_q, s) => s.type('html').send(Buffer.from('<p>')) },
  { name: 'res.send keeps a preset Content-Length? no: recomputes', handler: (_q, s) => s.set('Content-Length', '2').send('hello') },
  { name: 'res.send HEAD has headers but no body', handler: (_q, s) => s.send('hello'), request: { method: 'HEAD' } },
  { name: 'res.send 204 strips body headers', handler: (_q, s) => s.status(204).set('Transfer-Encoding', 'chunked').set('X-Kept', '1').send('hello') },
  { name: 'res.send 304 strips body headers', handler: (_q, s) => s.status(304).set('Content-Type', 'text/plain').send('hello') },
  { name: 'res.send 205 sends no body', handler: (_q, s) => s.status(205).send('hello') },
  { name: 'res.send fresh ETag gives 304', handler: (_q, s) => s.send('hello'), request: withHeaders({ 'if-none-match': WEAK_HELLO }) },
  { name: 'res.send fresh ETag on HEAD gives 304', handler: (_q, s) => s.send('hello'), request: { method: 'HEAD', headers: { 'if-none-match': WEAK_HELLO } } },
  { name: 'res.send fresh ETag ignored for POST', handler: (_q, s) => s.send('hello'), request: { method: 'POST', headers: { 'if-none-match': WEAK_HELLO } } },
  { name: 'res.send fresh ETag ignored for 404', handler: (_q, s) => s.status(404).send('hello'), request: withHeaders({ 'if-none-match': WEAK_HELLO }) },
  { name: 'res.send fresh ETag ignored with no-cache', handler: (_q, s) => s.send('hello'), request: withHeaders({ 'if-none-match': WEAK_HELLO, 'cache-control': 'no-cache' }) },
  { name: 'res.send fresh by Last-Modified', handler: (_q, s) => s.set('Last-Modified', 'Wed, 21 Oct 2015 07:28:00 GMT').send('hello'), request: withHeaders({ 'if-modified-since': 'Wed, 21 Oct 2015 07:28:00 GMT' }) },
  { name: 'res.send keeps a preset ETag', handler: (_q, s) => s.set('ETag', '"custom"').send('hello') },
  { name: 'res.send preset ETag fresh', handler: (_q, s) => s.set('ETag', '"custom"').send('hello'), request: withHeaders({ 'if-none-match': '"custom"' }) },
  { name: 'etag strong', setup: (a) => a.set('etag', 'strong'), handler: (_q, s) => s.send('hello') },
  { name: 'etag weak', setup: (a) => a.set('etag', 'weak'), handler: (_q, s) => s.send(Buffer.from('hello')) },
  { name: 'etag false', setup: (a) => a.set('etag', false), handler: (_q, s) => s.send('hello') },
  { name: 'etag function gets a Buffer', setup: (a) => a.set('etag', (b: unknown, e: unknown) => `"${Buffer.isBuffer(b)}-${String(e)}"`), handler: (_q, s) => s.send('héllo') },
  { name: 'etag function returning undefined', setup: (a) => a.set('etag', () => undefined), handler: (_q, s) => s.send('hello') },
  { name: 'etag on POST responses too', handler: (_q, s) => s.send('hello'), request: { method: 'POST' } },
  { name: 'etag of an empty body', handler: (_q, s) => s.send(Buffer.alloc(0)) },
  { name: 'res.send a function fails', handler: (_q, s) => s.send(() => 1) },
  { name: 'res.sendStatus 200', handler: (_q, s) => s.sendStatus(200) },
  { name: 'res.sendStatus 418', handler: (_q, s) => s.sendStatus(418) },
  { name: 'res.sendStatus unknown code', handler: (_q, s) => s.sendStatus(299) },
  { name: 'res.sendStatus 204', handler: (_q, s) => s.sendStatus(204) },
  { name: 'res.sendStatus 304', handler: (_q, s) => s.sendStatus(304) },
  { name: 'res.sendStatus string code', handler: (_q, s) => s.sendStatus('200') },
  { name: 'res.status chain', handler: (_q, s) => s.status(202).send('accepted') },
  { name: 'res.status string (deprecated)', handler: (_q, s) => s.status('201').send('x') },
  { name: 'res.status fractional (deprecated)', handler: (_q, s) => s.status(201.5).send('x') },
  { name: 'res.status 600 is written', handler: (_q, s) => s.status(600).end('x') },
  // json
  { name: 'res.json object', handler: (_q, s) => s.json({ a: '<b>&' }) },
  { name: 'res.json without argument', handler: (_q, s) => s.json() },
  { name: 'res.json null', handler: (_q, s) => s.json(null) },
  { name: 'res.json string', handler: (_q, s) => s.json('x') },
  { name: 'res.json number', handler: (_q, s) => s.json(5) },
  { name: 'res.json(status, obj) (deprecated)', handler: (_q, s) => s.json(201, { a: 1 }) },
  { name: 'res.json(obj, status) (deprecated)', handler: (_q, s) => s.json({ a: 1 }, 201) },
  { name: 'res.json keeps a preset type', handler: (_q, s) => s.type('text').json({ a: 1 }) },
  { name: 'json escape', setup: (a) => a.enable('json escape'), handler: (_q, s) => s.json({ a: '<b>&\u2028' }) },
  { name: 'json escape with undefined', setup: (a) => a.enable('json escape'), handler: (_q, s) => s.json(undefined) },
  { name: 'json spaces number', setup: (a) => a.set('json spaces', 2), handler: (_q, s) => s.json({ a: [1, { b: 2 }] }) },
  { name: 'json spaces string', setup: (a) => a.set('json spaces', '\t'), handler: (_q, s) => s.json({ a: 1 }) },
  { name: 'json replacer array', setup: (a) => a.set('json replacer', ['a']), handler: (_q, s) => s.json({ a: 1, b: 2 }) },
  { name: 'json replacer function', setup: (a) => a.set('json replacer', (k: string, v: unknown) => (k === 'b' ? undefined : v)), handler: (_q, s) => s.json({ a: 1, b: 2 }) },
  { name: 'res.json BigInt fails', handler: (_q, s) => s.json({ a: BigInt(1) }) },
  { name: 'res.json HEAD', handler: (_q, s) => s.json({ a: 1 }), request: { method: 'HEAD' } },
  { name: 'res.send object goes through json settings', setup: (a) => a.set('json spaces', 1), handler: (_q, s) => s.send({ a: 1 }) },
  // jsonp
  { name: 'res.jsonp without callback', handler: (_q, s) => s.jsonp({ a: 1 }) },
  { name: 'res.jsonp with callback', handler: (_q, s) => s.jsonp({ a: '\u2028\u2029<' }), request: { path: '/?callback=foo.bar' } },
  { name: 'res.jsonp sanitises the callback', handler: (_q, s) => s.jsonp({ a: 1 }), request: { path: '/?callback=alert(1)//%3Cscript%3E[x]$_' } },
  { name: 'res.jsonp first of several callbacks', handler: (_q, s) => s.jsonp({ a: 1 }), request: { path: '/?callback=a&callback=b' } },
  { name: 'res.jsonp object callback ignored', handler: (_q, s) => s.jsonp({ a: 1 }), request: { path: '/?callback[x]=a' } },
  { name: 'res.jsonp empty callback ignored', handler: (_q, s) => s.jsonp({ a: 1 }), request: { path: '/?callback=' } },
  { name: 'res.jsonp callback sanitised to nothing', handler: (_q, s) => s.jsonp({ a: 1 }), request: { path: '/?callback=()' } },
  { name: 'res.jsonp undefined body', handler: (_q, s) => s.jsonp(), request: { path: '/?callback=cb' } },
  { name: 'res.jsonp replaces a preset type', handler: (_q, s) => s.type('json').jsonp({ a: 1 }), request: { path: '/?callback=cb' } },
  { name: 'res.jsonp keeps a preset type without callback', handler: (_q, s) => s.type('text').jsonp({ a: 1 }) },
  { name: 'jsonp callback name', setup: (a) => a.set('jsonp callback name', 'cb'), handler: (_q, s) => s.jsonp({ a: 1 }), request: { path: '/?cb=x&callback=y' } },
  { name: 'res.jsonp(status, obj) (deprecated)', handler: (_q, s) => s.jsonp(201, { a: 1 }), request: { path: '/?callback=x' } },
  { name: 'res.jsonp with json escape', setup: (a) => a.enable('json escape'), handler: (_q, s) => s.jsonp({ a: '<>&' }), request: { path: '/?callback=x' } },
  { name: 'res.jsonp with json spaces', setup: (a) => a.set('json spaces', 1), handler: (_q, s) => s.jsonp({ a: 1 }), request: { path: '/?callback=x' } },
  { name: 'res.jsonp with query parsing off', setup: (a) => a.set('query parser', false), handler: (_q, s) => s.jsonp({ a: 1 }), request: { path: '/?callback=x' } },
  { name: 'res.jsonp string body', handler: (_q, s) => s.jsonp('str\u2028'), request: { path: '/?callback=x' } },
  // An app's own res.get/res.set/res.type are used by res.send, res.json and res.jsonp, call for call.
  { name: 'res.send and res.json through a wrapped res.set', setup: (a) => a.use((_q: any, s: any, n: any) => { const set = s.set; const seen: string[] = []; s.set = function (f: string, v: unknown) { seen.push(f); this.setHeader('X-Set', seen.join()); return set.call(this, f, v); }; n(); }), handler: (q, s) => (q.query.j ? s.json({ a: 1 }) : s.send(q.query.b ? Buffer.from('b') : 'str')), request: { path: '/?j=1' } },
  { name: 'res.send string through a wrapped res.set', setup: (a) => a.use((_q: any, s: any, n: any) => { const set = s.set; const seen: string[] = []; s.set = function (f: string, v: unknown) { seen.push(f + '=' + String(v)); this.setHeader('X-Set', seen.join()); return set.call(this, f, v); }; n(); }), handler: (_q, s) => s.status(205).send('str') },
  { name: 'res.send Buffer and status through app.response.set', setup: (a) => { a.response.set = function (f: string, v: unknown) { this.setHeader(f, typeof v === 'string' ? v.toUpperCase() : String(v)); return this; }; }, handler: (_q, s) => s.send(201) },
  { name: 'res.send reads the type with app.response.get', setup: (a) => { a.response.get = function (f: string) { return f.toLowerCase() === 'content-type' ? 'text/x-own' : this.getHeader(f); }; }, handler: (_q, s) => s.send('x') },
  { name: 'res.send types with app.response.type', setup: (a) => { a.response.type = function (t: string) { return this.set('Content-Type', 'application/x-' + t); }; }, handler: (q, s) => s.send(q.query.b ? Buffer.from('b') : 'x'), request: { path: '/?b=1' } },
  { name: 'res.jsonp through app.response.set', setup: (a) => { a.response.set = function (f: string, v: unknown) { this.setHeader('X-' + f, String(v)); return this; }; }, handler: (_q, s) => s.jsonp({ a: 1 }), request: { path: '/?callback=cb' } },
  { name: 'freshness reads the ETag with app.response.get', setup: (a) => { a.response.get = function (f: string) { return f === 'ETag' ? '"own"' : this.getHeader(f); }; }, handler: (_q, s) => s.json({ a: 1 }), request: withHeaders({ 'if-none-match': '"own"' }) },
  { name: 'res.append, res.links and res.redirect read with app.response.get', setup: (a) => { a.response.get = function (f: string) { return f === 'Location' ? '/own' : 'prev-' + f; }; }, handler: (_q, s) => { s.append('X-A', 'a'); s.links({ next: '/n' }); s.redirect('/x'); } },
  { name: 'req.hostname, protocol, xhr and range read with app.request.get', setup: (a) => { a.enable('trust proxy'); a.request.get = function (n: string) { return { 'X-Forwarded-Host': 'fw.example.com', 'X-Forwarded-Proto': 'https', 'X-Requested-With': 'XMLHttpRequest', Range: 'bytes=0-1' }[n]; }; }, handler: echo((r) => [r.hostname, r.subdomains, r.protocol, r.secure, r.xhr, r.range(10)]) },
  // A wrapped res.end (body loggers, compression) gets the body in the form Express hands over.
  ...['tagged', 'preset-tag', 'long', 'short', 'empty', 'no-content', 'json'].map((kind): Case => ({
    name: 'wrapped res.end sees the body as Express passes it: ' + kind,
    setup: (a) => {
      if (kind === 'long' || kind === 'short') a.disable('etag');
      a.use((_q: any, s: any, n: any) => {
        const end = s.end;
        s.end = function (chunk: unknown, encoding: unknown) {
          if (!this.headersSent) this.setHeader('X-End', [typeof chunk, Buffer.isBuffer(chunk), String(encoding)].join());
          return end.call(this, chunk, encoding);
        };
        n();
      });
    },
    handler: (_q, s) => {
      if (kind === 'preset-tag') s.set('ETag', '"t"');
      if (kind === 'long') return s.send('x'.repeat(1000));
      if (kind === 'empty') return s.send(null);
      if (kind === 'no-content') return s.status(204).send('x');
      if (kind === 'json') return s.json({ a: 1 });
      return s.send('hi');
    },
  })),
  // The bytes of a Latin-1 header value depend on how the body reaches node (compared raw).
  { name: 'Latin-1 header with a tagged string body', handler: (_q, s) => s.set('X-A', 'caf\u00e9\u00ff').send('x'), raw: rawGet('Host: h\r\n') },
  { name: 'Latin-1 header with a tagged non-ASCII body', handler: (_q, s) => s.set('X-A', 'caf\u00e9').send('\u00e9\u2603'), raw: rawGet('Host: h\r\n') },
  { name: 'Latin-1 header with JSON', handler: (_q, s) => s.set('X-A', 'caf\u00e9').json({ a: '\u00e9' }), raw: rawGet('Host: h\r\n') },
  { name: 'Latin-1 attachment name', handler: (_q, s) => s.attachment('caf\u00e9.txt').send('x'), raw: rawGet('Host: h\r\n') },
  { name: 'Latin-1 header, untagged short string', setup: (a) => a.disable('etag'), handler: (_q, s) => s.set('X-A', 'caf\u00e9').send('x'.repeat(999)), raw: rawGet('Host: h\r\n') },
  { name: 'Latin-1 header, untagged long string', setup: (a) => a.disable('etag'), handler: (_q, s) => s.set('X-A', 'caf\u00e9').send('\u00e9'.repeat(1000)), raw: rawGet('Host: h\r\n') },
  { name: 'Latin-1 header, preset ETag and long string', handler: (_q, s) => s.set('X-A', 'caf\u00e9').set('ETag', '"a"').send('x'.repeat(1000)), raw: rawGet('Host: h\r\n') },
  { name: 'Latin-1 header with sendStatus', handler: (_q, s) => s.set('X-A', 'caf\u00e9').sendStatus(200), raw: rawGet('Host: h\r\n') },
];

const headerCases: Case[] = [
  { name: 'res.set values are stringified', handler: attempt((_q, s) => { s.set('X-A', 1); s.set('X-B', ['a', 2]); s.set({ 'X-C': 'c', 'X-D': 4 }); return s.set('X-E', 'e') === s; }) },
  { name: 'res.set Content-Type gets a charset', handler: attempt((_q, s) => s.set('Content-Type', 'text/plain').get('Content-Type')) },
  { name: 'res.set JSON and JavaScript types get a charset', handler: attempt((_q, s) => [s.set('Content-Type', 'application/json').get('content-type'), s.set('content-type', 'application/javascript').get('Content-Type')]) },
  { name: 'res.set keeps an explicit charset', handler: attempt((_q, s) => s.set('Content-Type', 'text/plain; charset=latin1').get('Content-Type')) },
  { name: 'res.set image type has no charset', handler: attempt((_q, s) => s.set('Content-Type', 'image/png').get('Content-Type')) },
  { name: 'res.set Content-Type is not an extension', handler: attempt((_q, s) => s.set('Content-Type', 'html').get('Content-Type')) },
  { name: 'res.set charset after other parameters', handler: attempt((_q, s) => s.set('Content-Type', 'text/plain; format=flowed').get('Content-Type')) },
  { name: 'res.set Content-Type array throws', handler: attempt((_q, s) => s.set('Content-Type', ['text/plain'])) },
  { name: 'res.set object form with Content-Type', handler: attempt((_q, s) => s.set({ 'Content-Type': 'text/plain', 'X-Y': 'y' }).get('Content-Type')) },
  { name: 'res.set undefined and null', handler: attempt((_q, s) => { s.set('X-A', undefined); s.set('X-B', null); }) },
  { name: 'res.set CR LF throws', handler: attempt((_q, s) => s.set('X-A', 'a\r\nSet-Cookie: x=1')) },
  { name: 'res.set CR LF in an array throws', handler: attempt((_q, s) => s.set('X-A', ['a', 'a\nb'])) },
  { name: 'res.set invalid name throws', handler: attempt((_q, s) => s.set('X A', 'a')) },
  { name: 'res.set CR LF error reaches next', handler: (_q, s) => s.set('X-A', 'bad\r\nvalue').send('never') },
  { name: 'res.header alias and res.get', handler: attempt((_q, s) => (s.header('X-A', 'a'), [s.get('x-a'), s.get('X-Missing')])) },
  { name: 'res.get of an array header', handler: attempt((_q, s) => (s.set('X-A', ['a', 'b']), s.get('X-A'))) },
  { name: 'res.append creates and extends', handler: attempt((_q, s) => { s.append('X-A', '1'); s.append('X-A', ['2', '3']); s.append('X-B', ['x']); s.append('X-C'); }) },
  { name: 'res.append after an array', handler: attempt((_q, s) => { s.set('X-A', ['1', '2']); s.append('X-A', '3'); }) },
  { name: 'res.append Set-Cookie', handler: attempt((_q, s) => { s.append('Set-Cookie', 'a=1'); s.append('Set-Cookie', ['b=2']); }) },
  { name: 'res.append then res.set resets', handler: attempt((_q, s) => { s.append('X-A', '1'); s.append('X-A', '2'); s.set('X-A', '3'); }) },
  { name: 'res.type extension', handler: attempt((_q, s) => s.type('json').get('Content-Type')) },
  { name: 'res.type with a dot', handler: attempt((_q, s) => s.type('.html').get('Content-Type')) },
  { name: 'res.type full type', handler: attempt((_q, s) => s.type('text/x-foo').get('Content-Type')) },
  { name: 'res.type unknown extension', handler: attempt((_q, s) => s.type('zzzz').get('Content-Type')) },
  { name: 'res.type image', handler: attempt((_q, s) => s.type('png').get('Content-Type')) },
  { name: 'res.type of a file name', handler: attempt((_q, s) => s.type('archive.tar.gz').get('Content-Type')) },
  { name: 'res.type number throws', handler: attempt((_q, s) => s.type(5)) },
  { name: 'res.contentType alias', handler: attempt((_q, s) => s.contentType('txt').get('Content-Type')) },
  { name: 'res.attachment without name', handler: attempt((_q, s) => s.attachment() === s) },
  { name: 'res.attachment with a path', handler: attempt((_q, s) => s.attachment('/path/to/report.pdf') === s) },
  { name: 'res.attachment non-Latin-1 name', handler: attempt((_q, s) => s.attachment('résumé ☃.txt') === s) },
  { name: 'res.attachment without extension', handler: attempt((_q, s) => s.attachment('README') === s) },
  { name: 'res.attachment with a quote', handler: attempt((_q, s) => s.attachment('a"b.html') === s) },
  { name: 'res.links', handler: attempt((_q, s) => { s.links({ next: '/n', last: '/l' }); s.links({ prev: '/p' }); }) },
  { name: 'res.links with an array value', handler: attempt((_q, s) => { s.links({ next: ['/a', '/b'] }); }) },
  { name: 'res.vary', handler: attempt((_q, s) => { s.vary('Accept'); s.vary('accept'); s.vary('Origin, User-Agent'); s.vary(['X-A', 'X-B']); }) },
  { name: 'res.vary with *', handler: attempt((_q, s) => { s.vary('Accept'); s.vary('*'); s.vary('X'); }) },
  { name: 'res.vary without field', handler: attempt((_q, s) => { s.vary(); s.vary([]); }) },
  { name: 'res.vary invalid field throws', handler: attempt((_q, s) => s.vary('a b')) },
  { name: 'res.headersSent', handler: (_q, s) => { const before = s.headersSent; s.write('x'); s.end(` ${before} ${s.headersSent}`); } },
  { name: 'res.locals is empty per request', handler: echo((q, s) => [s.locals, Object.keys(s.locals), q.res === s, s.req === q, q.app === s.app]) },
];

const cookieCases: Case[] = [
  { name: 'res.cookie encodes the value', handler: attempt((_q, s) => s.cookie('a', 'b c;d') === s) },
  { name: 'res.cookie object value as j:', handler: attempt((_q, s) => { s.cookie('a', { x: 1 }); }) },
  { name: 'res.cookie number, undefined, null', handler: attempt((_q, s) => { s.cookie('a', 5); s.cookie('b', undefined); s.cookie('c', null); }) },
  { name: 'res.cookie every option', handler: attempt((_q, s) => { s.cookie('a', 'b', { domain: 'x.com', path: '/p', secure: true, httpOnly: true, sameSite: 'strict', priority: 'high', partitioned: true, expires: new Date(0) }); }) },
  { name: 'res.cookie maxAge', mask: true, handler: attempt((_q, s) => { s.cookie('a', 'b', { maxAge: 1000 }); }) },
  { name: 'res.cookie maxAge string', mask: true, handler: attempt((_q, s) => { s.cookie('a', 'b', { maxAge: '90000' }); }) },
  { name: 'res.cookie negative and fractional maxAge', mask: true, handler: attempt((_q, s) => { s.cookie('a', 'b', { maxAge: -1000 }); s.cookie('c', 'd', { maxAge: 1500.7 }); s.cookie('e', 'f', { maxAge: 0 }); }) },
  { name: 'res.cookie maxAge NaN throws', handler: attempt((_q, s) => s.cookie('a', 'b', { maxAge: 'abc' })) },
  { name: 'res.cookie maxAge Infinity throws', handler: attempt((_q, s) => s.cookie('a', 'b', { maxAge: Infinity })) },
  { name: 'res.cookie maxAge null ignored', handler: attempt((_q, s) => { s.cookie('a', 'b', { maxAge: null }); }) },
  { name: 'res.cookie expires 0 is a session cookie', handler: attempt((_q, s) => { s.cookie('a', 'b', { expires: 0 }); }) },
  { name: 'res.cookie invalid expires throws', handler: attempt((_q, s) => s.cookie('a', 'b', { expires: 'x' })) },
  { name: 'res.cookie sameSite forms', handler: attempt((_q, s) => { s.cookie('a', '1', { sameSite: true }); s.cookie('b', '2', { sameSite: 'none' }); s.cookie('c', '3', { sameSite: 'Lax' }); }) },
  { name: 'res.cookie invalid sameSite throws', handler: attempt((_q, s) => s.cookie('a', 'b', { sameSite: 'foo' })) },
  { name: 'res.cookie invalid priority throws', handler: attempt((_q, s) => s.cookie('a', 'b', { priority: 'foo' })) },
  { name: 'res.cookie encode producing invalid text throws', handler: attempt((_q, s) => s.cookie('a', 'b c', { encode: String })) },
  { name: 'res.cookie custom encode', handler: attempt((_q, s) => { s.cookie('a', 'b', { encode: (v: string) => v.toUpperCase() }); }) },
  { name: 'res.cookie invalid name throws', handler: attempt((_q, s) => s.cookie('a b', 'c')) },
  { name: 'res.cookie name with ; throws', handler: attempt((_q, s) => s.cookie('a;b', 'c')) },
  { name: 'res.cookie empty name throws', handler: attempt((_q, s) => s.cookie('', 'c')) },
  { name: 'res.cookie invalid path throws', handler: attempt((_q, s) => s.cookie('a', 'c', { path: '/;x' })) },
  { name: 'res.cookie invalid domain throws', handler: attempt((_q, s) => s.cookie('a', 'c', { domain: 'x.com;y' })) },
  { name: 'res.cookie path empty and null', handler: attempt((_q, s) => { s.cookie('a', 'b', { path: '' }); s.cookie('c', 'd', { path: null }); }) },
  { name: 'res.cookie signed without secret throws', handler: attempt((_q, s) => s.cookie('a', 'c', { signed: true })) },
  { name: 'res.cookie signed', handler: attempt((q, s) => { q.secret = 'sec'; s.cookie('a', 'c', { signed: true }); s.cookie('o', { x: 1 }, { signed: true }); }) },
  { name: 'res.cookie several and after a string header', handler: attempt((_q, s) => { s.setHeader('Set-Cookie', 'z=1'); s.cookie('a', '1'); s.cookie('b', '2'); }) },
  { name: 'res.cookie leaves options untouched', mask: true, handler: attempt((_q, s) => { const o = { maxAge: 1000 }; s.cookie('a', '1', o); return o; }) },
  { name: 'res.clearCookie', handler: attempt((_q, s) => s.clearCookie('a') === s) },
  { name: 'res.clearCookie with options', handler: attempt((_q, s) => { s.clearCookie('a', { path: '/x', domain: 'd.com', httpOnly: true, secure: true }); }) },
  { name: 'res.clearCookie with maxAge (deprecated)', mask: true, handler: attempt((_q, s) => { s.clearCookie('a', { maxAge: 5000 }); }) },
  { name: 'res.clearCookie with expires (deprecated)', handler: attempt((_q, s) => { s.clearCookie('a', { expires: new Date(5e12) }); }) },
  { name: 'res.clearCookie signed', handler: attempt((q, s) => { q.secret = 's'; s.clearCookie('a', { signed: true }); }) },
];

const negotiationCases: Case[] = [
  { name: 'res.format text', handler: (_q, s) => s.format(FORMATS), request: accept('text/plain') },
  { name: 'res.format extension key', handler: (_q, s) => s.format(FORMATS), request: accept('text/html') },
  { name: 'res.format first without Accept', handler: (_q, s) => s.format(FORMATS) },
  { name: 'res.format first for */*', handler: (_q, s) => s.format(FORMATS), request: accept('*/*') },
  { name: 'res.format by quality', handler: (_q, s) => s.format(FORMATS), request: accept('text/html;q=0.5, application/json') },
  { name: 'res.format 406 to next', handler: (_q, s) => s.format(FORMATS), request: accept('image/png') },
  { name: 'res.format 406 lists unknown extension types', handler: (_q, s) => s.format({ png2: () => s.end(), 'text/html; level=1': () => s.end() }), request: accept('image/png') },
  { name: 'res.format default', handler: (_q, s) => s.format({ text: () => s.send('t'), default: () => s.send('d') }), request: accept('image/png') },
  { name: 'res.format only default', handler: (_q, s) => s.format({ default: () => s.send('d') }), request: accept('text/plain') },
  { name: 'res.format wildcard key does not match a concrete Accept', handler: (_q, s) => s.format({ 'text/*': () => s.send('t') }), request: accept('text/csv') },
  { name: 'res.format keeps an earlier Vary', handler: (_q, s) => { s.vary('Origin'); s.format({ json: () => s.send('j') }); }, request: accept('application/json') },
  { name: 'res.format key parameters are dropped', handler: (_q, s) => s.format({ 'text/plain; charset=iso-8859-1': () => s.end('t') }), request: accept('text/plain') },
  { name: 'res.format default that is not a function', handler: attempt((_q, s) => s.format({ json: () => s.end(), default: 'x' })), request: accept('image/png') },
  { name: 'res.set with a non-string name', handler: attempt((_q, s) => s.set(5, 'x')) },
  { name: 'res.format handler gets req, res, next', handler: (_q, s) => s.format({ json: (rq: any, rs: any, nx: any) => rs.json([rq === s.req, rs === s, typeof nx]) }), request: accept('application/json') },
  { name: 'res.location', handler: (_q, s) => s.location('/a b?c=d é').end() },
  { name: 'res.location back with Referer', handler: (_q, s) => s.location('back').end(), request: withHeaders({ referer: '/ref' }) },
  { name: 'res.location back without Referer', handler: (_q, s) => s.location('back').end() },
  { name: 'res.location URL object', handler: (_q, s) => s.location(new URL('http://a.com/x y')).end() },
  { name: 'res.location number and undefined', handler: (_q, s) => s.location(5).location(undefined).end() },
  { name: 'res.location keeps escapes, encodes the rest', handler: (_q, s) => s.location('http://evil.com\\@good.com/%ZZ<>"\'` {}|^').end() },
  { name: 'res.location protocol-relative', handler: (_q, s) => s.location('//evil.com/a').end() },
  { name: 'res.location Unicode host', handler: (_q, s) => s.location('http://ü.com:8080/ü').end() },
  { name: 'res.location unparsable URL', handler: (_q, s) => s.location('http://[::1/x y').end() },
  { name: 'res.location backslashes untouched', handler: (_q, s) => s.location('https:\\\\evil.com/x').end() },
  { name: 'res.location percent sign', handler: (_q, s) => s.location('/100%').end() },
  { name: 'res.redirect default 302 text', handler: (_q, s) => s.redirect('/foo') },
  { name: 'res.redirect with status', handler: (_q, s) => s.redirect(301, '/foo') },
  { name: 'res.redirect(url, status) (deprecated)', handler: (_q, s) => s.redirect('/foo', 301) },
  { name: 'res.redirect HTML body escapes', handler: (_q, s) => s.redirect('/foo?a=<b>&c="d"'), request: accept('text/html') },
  { name: 'res.redirect text body', handler: (_q, s) => s.redirect('/foo?a=<b>&c="d"'), request: accept('text/plain') },
  { name: 'res.redirect no acceptable body', handler: (_q, s) => s.redirect('/foo'), request: accept('application/json') },
  { name: 'res.redirect HEAD', handler: (_q, s) => s.redirect('/foo'), request: { method: 'HEAD', headers: { accept: 'text/html' } } },
  { name: 'res.redirect back', handler: (_q, s) => s.redirect('back'), request: withHeaders({ referer: 'http://x.com/a b' }) },
  { name: 'res.redirect back without Referer', handler: (_q, s) => s.redirect('back') },
  { name: 'res.redirect javascript: URL', handler: (_q, s) => s.redirect('javascript:alert(1)'), request: accept('text/html') },
  { name: 'res.redirect markup in URL', handler: (_q, s) => s.redirect('"><script>alert(1)</script>'), request: accept('text/html') },
  { name: 'res.redirect Unicode and bad escapes', handler: (_q, s) => s.redirect('/☃ %zz %20 é?x=ü#h é'), request: accept('text/html') },
  { name: 'res.redirect backslash authority', handler: (_q, s) => s.redirect('http://evil.com\\@good.com/') },
  { name: 'res.redirect CR LF encoded', handler: (_q, s) => s.redirect('/a\r\nSet-Cookie: x=1') },
  { name: 'res.redirect unknown status text', handler: (_q, s) => s.redirect(399, '/a'), request: accept('text/html') },
  { name: 'res.redirect 205 keeps its body', handler: (_q, s) => s.redirect(205, '/x') },
  { name: 'res.redirect status only is a URL', handler: (_q, s) => s.redirect(301) },
  { name: 'res.redirect three arguments', handler: (_q, s) => s.redirect(301, '/a', 'x') },
  { name: 'res.redirect undefined', handler: (_q, s) => s.redirect(undefined) },
];

/** Mounts a sub-app on `/sub` whose handler is the case's; the parent gets `parentSetup`. */
function mounted(parentSetup: (app: any) => void, childSetup: (app: any) => void, handler: Handler): Pick<Case, 'setup' | 'handler'> {
  return {
    setup: (app, framework) => {
      parentSetup(app);
      const child = framework();
      childSetup(child);
      child.use(handler);
      app.use('/sub', child);
    },
    handler: (_q, s) => s.status(404).end('not mounted'),
  };
}

const none = () => undefined;

const mountCases: Case[] = [
  { name: 'sub-app inherits json spaces', ...mounted((a) => a.set('json spaces', 2), none, (_q, s) => s.json({ a: 1 })), request: { path: '/sub' } },
  { name: 'sub-app keeps its own default etag', ...mounted((a) => a.set('etag', false), none, (_q, s) => s.send('hello')), request: { path: '/sub' } },
  { name: 'sub-app etag setting applies inside it', ...mounted(none, (a) => a.set('etag', 'strong'), (_q, s) => s.send('hello')), request: { path: '/sub' } },
  { name: 'sub-app inherits trust proxy', ...mounted(trust(true), none, echo(proxyView)), request: { path: '/sub', headers: { 'x-forwarded-for': '9.9.9.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'f.com' } } },
  { name: 'sub-app trust proxy overrides', ...mounted(trust(true), trust(false), echo(proxyView)), request: { path: '/sub', headers: { 'x-forwarded-for': '9.9.9.9' } } },
  { name: 'sub-app subdomain offset is its own', ...mounted((a) => a.set('subdomain offset', 1), none, echo(host)), request: { path: '/sub', headers: { host: 'a.b.c.d' } } },
  { name: 'query parsed by the outer app parser', ...mounted(none, (a) => a.set('query parser', 'simple'), echo((r) => r.query)), request: { path: '/sub?a[b]=1' } },
  { name: 'query parsed by the outer app when it is simple', ...mounted((a) => a.set('query parser', 'simple'), none, echo((r) => r.query)), request: { path: '/sub?a[b]=1' } },
  { name: 'req.path inside a sub-app', ...mounted(none, none, echo((r) => [r.path, r.baseUrl, r.originalUrl, r.url])), request: { path: '/sub/x/y?q=1' } },
  { name: 'jsonp callback name of the sub-app', ...mounted((a) => a.set('jsonp callback name', 'p'), none, (_q, s) => s.jsonp({ a: 1 })), request: { path: '/sub?p=x&callback=y' } },
  { name: 'res.format 406 inside a sub-app reaches the parent handler', ...mounted(none, none, (_q, s) => s.format({ json: () => s.end() })), request: { path: '/sub', headers: { accept: 'text/plain' } } },
  { name: 'query survives a rewritten req.url', setup: (a) => a.use((r: any, _s: any, n: any) => { r.url = '/other?z=9'; n(); }), handler: echo((r) => [r.query, r.path, r.originalUrl]), request: { path: '/start?a=1' } },
  { name: 'query read before and after a rewrite', setup: (a) => a.use((r: any, _s: any, n: any) => { void r.query; r.url = '/other?z=9'; n(); }), handler: echo((r) => r.query), request: { path: '/start?a=1' } },
  { name: 'query before a fragment', handler: echo((r) => r.query), raw: rawGet('Host: h\r\n', '/?a=1#b=2') },
  { name: 'query with a ? in the fragment', handler: echo((r) => [r.query, r.path]), raw: rawGet('Host: h\r\n', '/p#x?a=1') },
];

export const allCases: Array<[string, Case[]]> = [
  ['mounted apps and rewritten URLs', mountCases],
  ['request properties and methods', requestCases],
  ['res.send, json, jsonp and status', sendCases],
  ['response headers', headerCases],
  ['res.cookie and res.clearCookie', cookieCases],
  ['res.format, location and redirect', negotiationCases],
];

function maskTime(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/Expires=[^;]+/g, 'Expires=<time>');
  if (Array.isArray(value)) return value.map(maskTime);
  return value;
}

export function comparable(res: SimpleResponse | RawResponse, mask: boolean): unknown {
  let headers: Record<string, unknown>;
  let body: string;
  if ('rawHeaders' in res) {
    headers = stableHeaders(res);
    body = res.body.toString('latin1');
  } else {
    headers = {};
    for (const [name, values] of Object.entries(res.headers)) {
      if (!['date', 'connection', 'keep-alive'].includes(name)) headers[name] = values;
    }
    body = res.body;
  }
  if (mask) for (const key of Object.keys(headers)) headers[key] = maskTime(headers[key]);
  if (bodyNotCompared(res.status)) {
    // Under app.fetch a 205 has no body (a Response cannot carry one; docs/fetch.md).
    delete headers['content-length'];
    body = '';
  }
  return { status: res.status, headers, body };
}

export async function exchange(server: RunningServer, c: Case): Promise<SimpleResponse | RawResponse> {
  return c.raw !== undefined ? sendRaw(server.port, c.raw) : send(server.port, c.request ?? {});
}
