import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import fc from 'fast-check';
import { startServer, send, type RunningServer, type SimpleRequest } from '../../helpers/server';
import { sendRaw } from '../../helpers/raw-http';
import { addRoutesAndTerminals, comparable, type Framework, type Handler } from '../static-cases';
import { FILES, fixture } from '../../helpers/file-fixtures';
import { serveStatic5 } from '../../../src/express5/serve-static-5';
import { express5, porticoFiles5 } from './files5-frameworks';

/*
 * Express 5's file serving where it differs from 4.x, and generated inputs: request paths, validator
 * and range headers, download names, the app's `etag` setting, and raw bytes of redirects and
 * attachments. Each request goes to an express@5.3 app and to the same app on Portico with the 5.x
 * file methods; status, headers (but Date/Connection) and body bytes must be equal.
 */

/** A route that reports what a sendFile/download callback received, or leaves the finished transfer alone. */
function report(res: any) {
  return (err?: any) => {
    if (!err) return;
    res.statusCode = 598;
    res.end(JSON.stringify({ name: err.name, message: err.message, status: err.status, code: err.code }));
  };
}

const STATIC_CONFIGS: Record<string, Record<string, unknown> | undefined> = {
  default: undefined,
  strict: { fallthrough: false },
  deny: { dotfiles: 'deny', fallthrough: false },
  allow: { dotfiles: 'allow' },
  hidden: { hidden: true },
  'hidden-strict': { hidden: true, fallthrough: false },
  ext: { extensions: ['html', 'txt'], index: ['page.html', 'index.html'] },
  'dot-root': { root: fixture('.mine') },
  'dot-root-strict': { root: fixture('.mine'), fallthrough: false },
};

function routes(): Record<string, Handler> {
  const f = fixture;
  return {
    name: (q, res) => res.download(f('hello.txt'), String(q.query.n), report(res)),
    'name-options': (q, res) => res.download('hello.txt', String(q.query.n), { root: FILES, headers: { 'X-N': 'y' } }, report(res)),
    path: (q, res) => res.download(String(q.query.p), report(res)),
    'etag-option-false': (_q, res) => res.sendFile(f('hello.txt'), { etag: false }, report(res)),
    'etag-option-true': (_q, res) => res.sendFile(f('hello.txt'), { etag: true }, report(res)),
    'etag-written': (_q, res) => {
      const options = { etag: 'x', root: FILES };
      res.sendFile('hello.txt', options, report(res));
      res.setHeader('X-Options', JSON.stringify(options));
    },
    'etag-frozen': (_q, res) => res.sendFile(f('hello.txt'), Object.freeze({})),
    'etag-number': (_q, res) => res.sendFile(f('hello.txt'), 5),
    'etag-zero': (_q, res) => res.sendFile(f('hello.txt'), 0, report(res)),
    'etag-relative-string': (_q, res) => res.sendFile('hello.txt', 'x'),
    'etag-download': (_q, res) => res.download(f('hello.txt'), 'x.txt', { etag: false }, report(res)),
    'dot-anywhere': (_q, res) => res.sendFile(f('.mine', 'file.txt'), report(res)),
    'dot-root': (_q, res) => res.sendFile('file.txt', { root: f('.mine') }, report(res)),
    'dot-hidden': (_q, res) => res.sendFile(f('.dotfile'), { hidden: true }, report(res)),
    'dot-download': (_q, res) => res.download(f('.mine', 'file.txt'), report(res)),
  };
}

/** The app on one framework; `etag` is the app's `etag` setting when given. */
function build(framework: Framework, etag?: unknown) {
  const app = framework();
  if (etag !== undefined) app.set('etag', etag);
  for (const [name, options] of Object.entries(STATIC_CONFIGS)) {
    const { root, ...rest } = (options ?? {}) as { root?: string };
    app.use('/s/' + name, framework.static(root ?? FILES, options ? (rest as never) : undefined));
  }
  return addRoutesAndTerminals(app, routes());
}

const pairs: Record<string, { oracle: RunningServer; subject: RunningServer }> = {};

before(async () => {
  for (const [key, etag] of [['default', undefined], ['no-etag', false], ['strong', 'strong']] as const) {
    pairs[key] = { subject: await startServer(build(porticoFiles5, etag)), oracle: await startServer(build(express5, etag)) };
  }
});

after(async () => {
  for (const pair of Object.values(pairs)) {
    await pair.subject.close();
    await pair.oracle.close();
  }
});

async function assertSame(request: SimpleRequest, pair = pairs.default): Promise<void> {
  const expected = comparable(await send(pair.oracle.port, request));
  const actual = comparable(await send(pair.subject.port, request));
  assert.deepEqual(actual, expected, JSON.stringify(request));
}

async function assertSameBytes(path: string, method = 'GET', pair = pairs.default): Promise<void> {
  const request = method + ' ' + path + ' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
  const strip = (raw: string) => raw.replace(/\r\nDate: [^\r]*/i, '');
  assert.equal(strip((await sendRaw(pair.subject.port, request)).raw), strip((await sendRaw(pair.oracle.port, request)).raw), path);
}

describe('portico5 static, sendFile and download: Express 5 differences', () => {
  const configs = Object.keys(STATIC_CONFIGS);
  const paths = ['/.dotfile', '/.mine/file.txt', '/.mine/.hidden', '/.mine/', '/.mine', '/file.txt', '/nested/..%2f.mine/file.txt', '/page', '/hello', '/'];
  for (const config of configs) {
    for (const p of paths) {
      it(`GET /s/${config}${p}`, () => assertSame({ path: '/s/' + config + p }));
    }
  }

  for (const name of Object.keys(routes())) {
    for (const [key, pair] of Object.entries({ default: 'default', 'no-etag': 'no-etag', strong: 'strong' })) {
      it(`GET /f/${name} with the app's etag setting ${key}`, () => assertSame({ path: '/f/' + name + '?n=a.txt&p=' + encodeURIComponent(fixture('hello.txt')) }, pairs[pair]));
    }
  }

  for (const name of ['hello.txt', 'caf\u00e9.txt', '\u20ac rates.pdf', 'a%20b.txt', 'x"y\\z.txt', 'dir/sub/last.txt', 'a\\b', 'plain', "it's(1)*.txt", '\u{1f600}.txt', 'tab\t.txt']) {
    it(`download names ${JSON.stringify(name)} with Express 5's Content-Disposition bytes`, () =>
      assertSameBytes('/f/name?n=' + encodeURIComponent(name)));
  }

  for (const p of ['/s/default/nested', '/s/default/nested?a=<b>', '/s/strict/nested', '/s/default/snow%20%E2%98%83', '/s/default/nested', '/s/default/%E2%98%83%2F..']) {
    it(`redirect and error page bytes for GET ${p}`, () => assertSameBytes(p));
  }
  it('redirect bytes for HEAD /s/default/nested', () => assertSameBytes('/s/default/nested', 'HEAD'));

  it('serveStatic5 throws what express5.static throws for bad roots and options', () => {
    const inputs: unknown[][] = [[], [''], [5], ['/x', 'str'], ['/x', 5], ['/x', true], ['/x', { setHeaders: 5 }], ['/x', null], ['/x', { hidden: true }]];
    const outcome = (factory: (...args: unknown[]) => unknown, args: unknown[]) => {
      try {
        const middleware = factory(...args) as (...a: unknown[]) => void;
        return 'middleware ' + typeof middleware + ' ' + middleware.length;
      } catch (err) {
        return (err as Error).name + ': ' + (err as Error).message;
      }
    };
    for (const args of inputs) {
      assert.equal(outcome(serveStatic5 as never, args), outcome(express5.static as never, args), JSON.stringify(args));
    }
  });
});

describe('portico5 static, sendFile and download: generated inputs (fast-check, fixed seed)', () => {
  const segment = fc.constantFrom(
    'hello.txt', 'nested', 'index.html', '.mine', 'file.txt', '.hidden', '.dotfile', '..', '.', '%2e%2e', '%2E', '%2F', '%5C', '%',
    '%00', 'snow%20%E2%98%83', 'page', 'do..ts.txt', 'dir.html', '', 'a%zz', '\\', '%252e', 'no-extension', 'digits.txt',
  );
  const requestPath = fc.tuple(fc.constantFrom(...Object.keys(STATIC_CONFIGS)), fc.array(segment, { minLength: 0, maxLength: 5 }), fc.constantFrom('', '/', '?x=1', '#f'));

  it('answers 250 generated static paths as express@5 does', async () => {
    await fc.assert(
      fc.asyncProperty(requestPath, fc.constantFrom('GET', 'HEAD', 'POST'), async ([config, segments, tail], method) => {
        await assertSame({ method, path: '/s/' + config + '/' + segments.join('/') + tail });
      }),
      { numRuns: 250, seed: 5005 },
    );
  });

  it('answers 200 generated validator and Range header sets as express@5 does', async () => {
    const stat = statSync(fixture('digits.txt'));
    const etag = 'W/"' + stat.size.toString(16) + '-' + stat.mtime.getTime().toString(16) + '"';
    const lastModified = stat.mtime.toUTCString();
    const older = new Date(stat.mtime.getTime() - 60_000).toUTCString();
    const header = (values: string[]) => fc.option(fc.constantFrom(...values), { nil: undefined });
    const headers = fc.record({
      range: header(['bytes=0-1', 'bytes=5-', 'bytes=-3', 'bytes=9-9', 'bytes=10-', 'bytes=0-1,3-4', 'bytes=0-2,1-3', 'bytes=x', 'items=0-1', 'bytes=5', 'bytes=', '']),
      'if-range': header([etag, '"x"', lastModified, older, 'garbage', etag.slice(2)]),
      'if-match': header([etag, '"x"', '*', etag.slice(2), '"x", ' + etag]),
      'if-none-match': header([etag, '"x"', '*', 'W/"x", ' + etag]),
      'if-modified-since': header([lastModified, older, 'garbage']),
      'if-unmodified-since': header([lastModified, older, 'garbage']),
    });
    await fc.assert(
      fc.asyncProperty(headers, fc.constantFrom('/s/default/digits.txt', '/s/strict/digits.txt', '/f/etag-option-true?', '/f/name?n=d.txt'), fc.constantFrom('GET', 'HEAD'), async (h, path, method) => {
        const clean = Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>;
        await assertSame({ method, path, headers: clean });
      }),
      { numRuns: 200, seed: 5006 },
    );
  });

  it('sends the Content-Disposition of express@5 for 200 generated download names', async () => {
    const name = fc.oneof(
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
      fc.string({ unit: fc.constantFrom('%', '2', '0', 'a', '"', '\\', ' ', '\u00e9', '\u20ac', '/', ';', "'", '*', '('), minLength: 1, maxLength: 10 }),
    );
    await fc.assert(
      fc.asyncProperty(name, fc.constantFrom('name', 'name-options'), async (n, route) => {
        await assertSame({ path: '/f/' + route + '?n=' + encodeURIComponent(n) });
      }),
      { numRuns: 200, seed: 5007 },
    );
  });
});
