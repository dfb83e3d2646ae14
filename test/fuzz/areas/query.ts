// Query strings under each `query parser` setting: brackets, dots, encodings, prototype keys,
// repeated and empty keys. Express 5 parses with 'simple' by default and accepts a function too.
import fc from 'fast-check';
import { piecesOf, request, type FuzzArea } from '../differential';

const PIECES = ['a', 'b', '[', ']', '[]', '=', '&', '%', '%20', '%5B', '+', '.', '__proto__', 'constructor', '0', '1', 'x', ';', ',', '"', '?', '#'];
/** Express 5's qs reads at most 21 array entries (indices 0 to 20): pieces around that limit. */
const PIECES5 = [...PIECES, '[20]', '[21]', 'a[]=x&'.repeat(21), 'a[1]=y&'];
type Parser = 'default' | 'simple' | 'extended' | 'off' | 'function';
interface QueryCase {
  parser: Parser;
  queries: string[];
}

/** What req.query inherits from: `null`, `object` (Object.prototype), `other`, or its type when not an object. */
function prototypeOf(v: unknown): string {
  if (typeof v !== 'object' || v === null) return typeof v;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === null ? 'null' : proto === Object.prototype ? 'object' : 'other';
}

/** A custom parser: what it receives is what the answer shows. */
const customParser = (text: string) => ({ text, parts: text.split('&').length });

function queryAreaOf(api: '4.x' | '5.x'): FuzzArea<QueryCase> {
  return {
    name: api === '4.x' ? 'query' : 'query-5',
    api,
    shortRuns: api === '4.x' ? 60 : 50,
    arbitrary: fc.record({
      parser: fc.constantFrom<Parser>('default', 'simple', 'extended', 'off', 'function'),
      queries: fc.array(piecesOf(api === '4.x' ? PIECES : PIECES5, 10), { minLength: 1, maxLength: 4 }),
    }),
    build(framework, c) {
      const app = framework();
      app.set('env', 'production');
      if (c.parser !== 'default') app.set('query parser', c.parser === 'off' ? false : c.parser === 'function' ? customParser : c.parser);
      // The prototype shows too: express@5.3's req.query has none under `query parser` false.
      app.get('/q', (req: { query: unknown; url: string }, res: { json(v: unknown): void }) =>
        res.json({ query: req.query, prototype: prototypeOf(req.query), url: req.url }),
      );
      return app;
    },
    // A `#` ends the query on both: the target is still sent as it is.
    requests: (c) => c.queries.map((q) => request('GET', '/q?' + q)),
  };
}

export const queryArea = queryAreaOf('4.x');
export const query5Area = queryAreaOf('5.x');
