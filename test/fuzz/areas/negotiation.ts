// Accept, Accept-Charset, Accept-Encoding and Accept-Language: what req.accepts* return for
// generated headers and offers, and res.format's choice (with and without a default).
import fc from 'fast-check';
import { piecesOf, type FuzzArea } from '../differential';

const MEDIA = ['text/html', 'text/*', '*/*', 'application/json', 'json', 'html', 'text/plain;level=1', 'image/png', ';q=0', ';q=0.5', ';q=1', ';q=x', ',', ', ', ' ', 'TEXT/HTML', '*'];
const TOKENS = ['utf-8', 'UTF-8', 'iso-8859-1', 'gzip', 'deflate', 'br', 'identity', 'en', 'en-US', 'fr', 'fr-CA', '*', ';q=0', ';q=0.3', ';q=1', ',', ', ', ' ', ''];
// 5.x adds the entries negotiator 1.1 reads its own way: an empty or bare quality (`;q=`, `;q`),
// an upper-case `Q`, a parameter after the quality, values holding a space, two qualities.
const MEDIA5 = [...MEDIA, ';q=0.001', ';Q=0.5', ';level=1', ';charset=utf-8', 'application/*', 'text/html;q=0.9', ';q=', ';q', 'a b'];
const TOKENS5 = [...TOKENS, ';q=0.001', 'en-us', '*;q=0', 'x-gzip', ';Q=0.5', ';q=', ';q', 'a b'];
const OFFERS = ['html', 'json', 'text', 'text/html', 'application/json', 'image/png', 'utf-8', 'iso-8859-1', 'gzip', 'identity', 'en', 'en-US', 'fr', '*'];

interface NegotiationCase {
  accept: string | null;
  charset: string | null;
  encoding: string | null;
  language: string | null;
  offers: string[];
  formatDefault: boolean;
}

function negotiationAreaOf(api: '4.x' | '5.x'): FuzzArea<NegotiationCase> {
  const media = api === '4.x' ? MEDIA : MEDIA5;
  const tokens = api === '4.x' ? TOKENS : TOKENS5;
  const header = (pieces: string[], n: number) => fc.option(piecesOf(pieces, n), { nil: null });
  return {
    name: api === '4.x' ? 'negotiation' : 'negotiation-5',
    api,
    shortRuns: api === '4.x' ? 60 : 50,
    arbitrary: fc.record({
      accept: header(media, 6),
      charset: header(tokens, 5),
      encoding: header(tokens, 5),
      language: header(tokens, 5),
      offers: fc.array(fc.constantFrom(...OFFERS), { maxLength: 3 }),
      formatDefault: fc.boolean(),
    }),
    build(framework, c) {
      const app = framework();
      app.set('env', 'production');
      type Req = Record<string, (...a: unknown[]) => unknown>;
      app.get('/accepts', (req: Req, res: { json(v: unknown): void }) =>
        res.json({
          accepts: req.accepts(...c.offers),
          acceptsList: req.accepts(c.offers),
          charsets: req.acceptsCharsets(...c.offers),
          encodings: req.acceptsEncodings(...c.offers),
          languages: req.acceptsLanguages(...c.offers),
          none: [req.accepts(), req.acceptsCharsets(), req.acceptsEncodings(), req.acceptsLanguages()],
        }),
      );
      app.get('/format', (_req: unknown, res: { format(h: Record<string, () => void>): void; send(b: string): void }) => {
        const handlers: Record<string, () => void> = {
          text: () => res.send('text'),
          html: () => res.send('<p>html</p>'),
          'application/json': () => res.send('{"json":1}'),
        };
        if (c.formatDefault) handlers.default = () => res.send('default');
        res.format(handlers);
      });
      return app;
    },
    requests(c) {
      const headers: string[] = [];
      if (c.accept !== null) headers.push(`Accept: ${c.accept}`);
      if (c.charset !== null) headers.push(`Accept-Charset: ${c.charset}`);
      if (c.encoding !== null) headers.push(`Accept-Encoding: ${c.encoding}`);
      if (c.language !== null) headers.push(`Accept-Language: ${c.language}`);
      return ['/accepts', '/format'].map((path) => [`GET ${path} HTTP/1.1`, 'Host: fuzz.test', ...headers].join('\r\n') + '\r\n\r\n');
    },
  };
}

export const negotiationArea = negotiationAreaOf('4.x');
export const negotiation5Area = negotiationAreaOf('5.x');
