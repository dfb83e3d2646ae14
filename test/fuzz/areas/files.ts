// Files: express.static with generated options, res.sendFile and res.download, under Range and
// the conditional headers (If-None-Match, If-Modified-Since, If-Match, If-Unmodified-Since,
// If-Range). The files are written once with fixed modification times, so ETags and
// Last-Modified are the same for both frameworks.
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { piecesOf, type FuzzArea } from '../differential';

const MTIME = new Date('2026-01-02T03:04:05Z');
const MTIME_HTTP = MTIME.toUTCString();

/** The served tree, made once per process and removed as the process exits. */
const root = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'portico-fuzz-files-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'hello.txt': 'hello, world',
    'page.html': '<p>page</p>',
    'dir/index.html': '<p>index</p>',
    '.hidden': 'secret',
    'empty.txt': '',
    'snow ☃.txt': 'snow',
    'data.json': '{"a":1}',
  };
  mkdirSync(join(dir, 'dir'));
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dir, name), content);
    utimesSync(join(dir, name), MTIME, MTIME);
  }
  utimesSync(join(dir, 'dir'), MTIME, MTIME);
  return dir;
})();

const NAMES = ['hello.txt', 'page.html', 'dir', 'dir/', 'dir/index.html', '.hidden', 'empty.txt', 'snow%20%E2%98%83.txt', 'data', 'missing.txt', '..%2Fx', '%2e%2e/hello.txt', 'hello.txt/', '%00', 'HELLO.TXT'];
const RANGE_PIECES = ['bytes=', '0', '1', '5', '11', '12', '100', '-', ',', ' ', 'x', '=', 'items='];
const CONDITIONS: Array<[string, string[]]> = [
  ['If-None-Match', ['*', 'W/"c-19b7e8a3a88"', '"x"', 'W/"x", *', '']],
  ['If-Modified-Since', [MTIME_HTTP, 'Thu, 01 Jan 2026 00:00:00 GMT', 'Sat, 01 Jan 2050 00:00:00 GMT', 'garbage']],
  ['If-Match', ['*', '"x"', 'W/"x"', '']],
  ['If-Unmodified-Since', [MTIME_HTTP, 'Thu, 01 Jan 2026 00:00:00 GMT', 'garbage']],
  ['If-Range', [MTIME_HTTP, '"x"', 'Thu, 01 Jan 2026 00:00:00 GMT']],
  ['Cache-Control', ['no-cache', 'max-age=0']],
];

interface FilesCase {
  options: Record<string, unknown>;
  /** `downloadOptions` (res.download(path, options)) and `sendFileCallback` (an error callback) on 5.x only. */
  route: 'static' | 'sendFile' | 'download' | 'downloadOptions' | 'sendFileCallback';
  method: 'GET' | 'HEAD';
  name: string;
  range: string | null;
  conditions: Array<[string, string]>;
}

const condition = fc.constantFrom(...CONDITIONS).chain(([name, values]) => fc.constantFrom(...values).map((v): [string, string] => [name, v]));

function filesAreaOf(api: '4.x' | '5.x'): FuzzArea<FilesCase> {
  return {
    name: api === '4.x' ? 'files' : 'files-5',
    api,
    shortRuns: api === '4.x' ? 80 : 60,
    arbitrary: fc.record({
      options: fc.record(
        {
          dotfiles: fc.constantFrom('allow', 'deny', 'ignore'),
          index: fc.constantFrom(false, 'index.html', 'missing.html'),
          redirect: fc.boolean(),
          fallthrough: fc.boolean(),
          maxAge: fc.constantFrom(0, 1000, '1d', -5),
          immutable: fc.boolean(),
          etag: fc.boolean(),
          lastModified: fc.boolean(),
          acceptRanges: fc.boolean(),
          cacheControl: fc.boolean(),
          extensions: fc.constantFrom(false, ['json'], ['txt', 'html']),
        },
        { requiredKeys: [] },
      ),
      route: api === '4.x' ? fc.constantFrom<FilesCase['route']>('static', 'sendFile', 'download') : fc.constantFrom<FilesCase['route']>('static', 'sendFile', 'download', 'downloadOptions', 'sendFileCallback'),
      method: fc.constantFrom<FilesCase['method']>('GET', 'HEAD'),
      name: fc.constantFrom(...NAMES),
      range: fc.option(piecesOf(RANGE_PIECES, 6), { nil: null }),
      conditions: fc.array(condition, { maxLength: 2 }),
    }),
    build(framework, c) {
      const app = framework();
      app.set('env', 'production');
      app.use('/s', framework.static(root, c.options));
      const fileOptions = { ...c.options, root };
      delete (fileOptions as { index?: unknown }).index;
      delete (fileOptions as { redirect?: unknown }).redirect;
      delete (fileOptions as { fallthrough?: unknown }).fallthrough;
      delete (fileOptions as { extensions?: unknown }).extensions;
      // Express 5's wildcard is named and captures the segments as an array.
      const rest = api === '4.x' ? (req: { params: Record<string, string> }) => req.params[0] : (req: { params: Record<string, string[]> }) => req.params.rest.join('/');
      const wildcard = api === '4.x' ? '*' : '*rest';
      app.get('/f/' + wildcard, (req: never, res: { sendFile(p: string, o: unknown): void }) => res.sendFile(rest(req), fileOptions));
      app.get('/d/' + wildcard, (req: never, res: { download(p: string, n: string, o: unknown): void }) => res.download(rest(req), 'name é.txt', fileOptions));
      if (api === '5.x') {
        const options5 = { ...fileOptions, headers: { 'X-Served': 'yes' } };
        type Res = { download(p: string, o: unknown): void; sendFile(p: string, o: unknown, cb: (err?: Error & { status?: number; code?: string }) => void): void };
        type Answer = { status(n: number): { json(v: unknown): void }; headersSent: boolean };
        app.get('/o/' + wildcard, (req: never, res: Res) => res.download(rest(req), options5));
        app.get('/c/' + wildcard, (req: never, res: Res & Answer) =>
          res.sendFile(rest(req), options5, (err) => {
            if (err && !res.headersSent) res.status(299).json({ code: err.code ?? null, status: err.status ?? null, name: err.name });
          }),
        );
      }
      app.use((_req: unknown, res: { status(n: number): { send(b: string): void } }) => res.status(404).send('end of stack'));
      return app;
    },
    requests(c) {
      const prefix = { static: '/s/', sendFile: '/f/', download: '/d/', downloadOptions: '/o/', sendFileCallback: '/c/' }[c.route];
      const headers = [`${c.method} ${prefix}${c.name} HTTP/1.1`, 'Host: fuzz.test'];
      if (c.range !== null) headers.push(`Range: ${c.range}`);
      for (const [name, value] of c.conditions) headers.push(`${name}: ${value}`);
      return [headers.join('\r\n') + '\r\n\r\n'];
    },
  };
}

export const filesArea = filesAreaOf('4.x');
export const files5Area = filesAreaOf('5.x');
