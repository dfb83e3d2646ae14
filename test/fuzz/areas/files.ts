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
  route: 'static' | 'sendFile' | 'download';
  method: 'GET' | 'HEAD';
  name: string;
  range: string | null;
  conditions: Array<[string, string]>;
}

const condition = fc.constantFrom(...CONDITIONS).chain(([name, values]) => fc.constantFrom(...values).map((v): [string, string] => [name, v]));

export const filesArea: FuzzArea<FilesCase> = {
  name: 'files',
  shortRuns: 80,
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
    route: fc.constantFrom<FilesCase['route']>('static', 'sendFile', 'download'),
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
    app.get('/f/*', (req: { params: string[] }, res: { sendFile(p: string, o: unknown): void }) => res.sendFile(req.params[0], fileOptions));
    app.get('/d/*', (req: { params: string[] }, res: { download(p: string, n: string, o: unknown): void }) => res.download(req.params[0], 'name é.txt', fileOptions));
    app.use((_req: unknown, res: { status(n: number): { send(b: string): void } }) => res.status(404).send('end of stack'));
    return app;
  },
  requests(c) {
    const prefix = c.route === 'static' ? '/s/' : c.route === 'sendFile' ? '/f/' : '/d/';
    const headers = [`${c.method} ${prefix}${c.name} HTTP/1.1`, 'Host: fuzz.test'];
    if (c.range !== null) headers.push(`Range: ${c.range}`);
    for (const [name, value] of c.conditions) headers.push(`${name}: ${value}`);
    return [headers.join('\r\n') + '\r\n\r\n'];
  },
};
