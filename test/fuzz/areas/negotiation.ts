// Accept, Accept-Charset, Accept-Encoding and Accept-Language: what req.accepts* return for
// generated headers and offers, and res.format's choice (with and without a default).
import fc from 'fast-check';
import { piecesOf, type FuzzArea } from '../differential';

const MEDIA = ['text/html', 'text/*', '*/*', 'application/json', 'json', 'html', 'text/plain;level=1', 'image/png', ';q=0', ';q=0.5', ';q=1', ';q=x', ',', ', ', ' ', 'TEXT/HTML', '*'];
const TOKENS = ['utf-8', 'UTF-8', 'iso-8859-1', 'gzip', 'deflate', 'br', 'identity', 'en', 'en-US', 'fr', 'fr-CA', '*', ';q=0', ';q=0.3', ';q=1', ',', ', ', ' ', ''];
const OFFERS = ['html', 'json', 'text', 'text/html', 'application/json', 'image/png', 'utf-8', 'iso-8859-1', 'gzip', 'identity', 'en', 'en-US', 'fr', '*'];

interface NegotiationCase {
  accept: string | null;
  charset: string | null;
  encoding: string | null;
  language: string | null;
  offers: string[];
  formatDefault: boolean;
}

export const negotiationArea: FuzzArea<NegotiationCase> = {
  name: 'negotiation',
  shortRuns: 60,
  arbitrary: fc.record({
    accept: fc.option(piecesOf(MEDIA, 6), { nil: null }),
    charset: fc.option(piecesOf(TOKENS, 5), { nil: null }),
    encoding: fc.option(piecesOf(TOKENS, 5), { nil: null }),
    language: fc.option(piecesOf(TOKENS, 5), { nil: null }),
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
