// The four body parsers with generated options, Content-Types, encodings and bodies, answered by
// a handler that shows req.body and an error handler that shows every own property of the error.
import fc from 'fast-check';
import zlib from 'node:zlib';
import { piecesOf, type FuzzArea } from '../differential';

type Parser = 'json' | 'urlencoded' | 'text' | 'raw';
const JSON_PIECES = ['{', '}', '[', ']', '"a"', ':', ',', '1', 'true', 'null', ' ', '"\\u00e9"', '"__proto__"', '-', 'e5', '\n'];
const FORM_PIECES = ['a', 'b', '=', '&', '[', ']', '%', '%20', '+', '__proto__', '1', 'é', 'x[y][z]'];
const TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/octet-stream', 'application/vnd.api+json', 'text/html', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'text/plain; charset=iso-8859-1', 'text/plain; charset=bogus', 'application/x-www-form-urlencoded; charset=utf-16', 'APPLICATION/JSON', '', 'application/json;'];

interface BodyCase {
  parser: Parser;
  options: Record<string, unknown>;
  contentType: string | null;
  encoding: 'none' | 'gzip' | 'deflate' | 'identity' | 'br' | 'brotli' | 'bogus';
  body: string;
  errorHandler: boolean;
}

const options = fc.record(
  {
    limit: fc.constantFrom('1b', '10b', '1kb', 100),
    inflate: fc.boolean(),
    strict: fc.boolean(),
    extended: fc.boolean(),
    parameterLimit: fc.constantFrom(1, 2, 1000),
    type: fc.constantFrom('*/*', 'text/*', 'application/json', 'json', '+json', 'urlencoded', 'application/octet-stream'),
    defaultCharset: fc.constantFrom('utf-8', 'latin1', 'utf-16le'),
  },
  { requiredKeys: [] },
);
/** body-parser 2's options: those of 1.x, `depth`, the charset sentinel and numeric entities, ISO-8859-1. */
const options5 = fc.record(
  {
    limit: fc.constantFrom('1b', '10b', '1kb', 100),
    inflate: fc.boolean(),
    strict: fc.boolean(),
    extended: fc.boolean(),
    parameterLimit: fc.constantFrom(1, 2, 1000),
    depth: fc.constantFrom(0, 1, 32),
    charsetSentinel: fc.boolean(),
    interpretNumericEntities: fc.boolean(),
    type: fc.constantFrom('*/*', 'text/*', 'application/json', 'json', '+json', 'urlencoded', 'application/octet-stream'),
    defaultCharset: fc.constantFrom('utf-8', 'latin1', 'utf-16le', 'iso-8859-1'),
  },
  { requiredKeys: [] },
);
const FORM5_PIECES = [...FORM_PIECES, 'utf8=%E2%9C%93', 'utf8=%26%2310003%3B', '&#9731;', '%26%239731%3B', 'a[b][c][d]', '%FF'];

function bodyAreaOf(api: '4.x' | '5.x'): FuzzArea<BodyCase> {
  return {
    name: api === '4.x' ? 'body' : 'body-5',
    api,
    shortRuns: api === '4.x' ? 80 : 60,
    arbitrary: fc.record({
      parser: fc.constantFrom<Parser>('json', 'urlencoded', 'text', 'raw'),
      options: api === '4.x' ? options : options5,
      contentType: fc.option(fc.constantFrom(...TYPES), { nil: null }),
      // body-parser 2 inflates Brotli: 'brotli' sends a real Brotli body, 'br' a plain one so marked.
      encoding: api === '4.x' ? fc.constantFrom('none', 'gzip', 'deflate', 'identity', 'br', 'bogus') : fc.constantFrom('none', 'gzip', 'deflate', 'identity', 'br', 'brotli', 'bogus'),
      body: fc.oneof(piecesOf(JSON_PIECES, 8), piecesOf(api === '4.x' ? FORM_PIECES : FORM5_PIECES, 8)),
      errorHandler: fc.boolean(),
    }),
    build(framework, c) {
      const app = framework();
      app.set('env', 'production');
      const opts = { ...c.options };
      // `extended: true` without qs would differ by design only if unset; both frameworks warn when it is missing.
      if (c.parser === 'urlencoded' && opts.extended === undefined) opts.extended = false;
      app.use(framework[c.parser](opts));
      app.post('/', (req: { body: unknown }, res: { json(v: unknown): void }) =>
        res.json({ body: Buffer.isBuffer(req.body) ? { buffer: req.body.toString('hex') } : req.body, type: typeof req.body }),
      );
      if (c.errorHandler) {
        app.use((err: Record<string, unknown>, _req: unknown, res: { status(n: number): { json(v: unknown): void } }, _next: unknown) => {
          const own: Record<string, unknown> = {};
          for (const key of Object.getOwnPropertyNames(err).sort()) if (key !== 'stack') own[key] = err[key];
          res.status(Number(err.status) || 500).json({ name: (err as { name?: unknown }).name, own });
        });
      }
      return app;
    },
    requests(c) {
      let bytes = Buffer.from(c.body, 'utf8');
      const headers = ['POST / HTTP/1.1', 'Host: fuzz.test'];
      if (c.contentType !== null) headers.push(`Content-Type: ${c.contentType}`);
      if (c.encoding === 'gzip') bytes = zlib.gzipSync(bytes);
      if (c.encoding === 'deflate') bytes = zlib.deflateSync(bytes);
      if (c.encoding === 'brotli') bytes = zlib.brotliCompressSync(bytes);
      if (c.encoding !== 'none') headers.push(`Content-Encoding: ${c.encoding === 'brotli' ? 'br' : c.encoding}`);
      headers.push(`Content-Length: ${bytes.length}`);
      return [headers.join('\r\n') + '\r\n\r\n' + bytes.toString('latin1')];
    },
  };
}

export const bodyArea = bodyAreaOf('4.x');
export const body5Area = bodyAreaOf('5.x');
