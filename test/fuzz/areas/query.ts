// Query strings under each `query parser` setting: brackets, dots, encodings, prototype keys,
// repeated and empty keys.
import fc from 'fast-check';
import { piecesOf, request, type FuzzArea } from '../differential';

const PIECES = ['a', 'b', '[', ']', '[]', '=', '&', '%', '%20', '%5B', '+', '.', '__proto__', 'constructor', '0', '1', 'x', ';', ',', '"', '?', '#'];
type Parser = 'default' | 'simple' | 'extended' | 'off';
interface QueryCase {
  parser: Parser;
  queries: string[];
}

export const queryArea: FuzzArea<QueryCase> = {
  name: 'query',
  shortRuns: 60,
  arbitrary: fc.record({ parser: fc.constantFrom<Parser>('default', 'simple', 'extended', 'off'), queries: fc.array(piecesOf(PIECES, 10), { minLength: 1, maxLength: 4 }) }),
  build(framework, c) {
    const app = framework();
    app.set('env', 'production');
    if (c.parser !== 'default') app.set('query parser', c.parser === 'off' ? false : c.parser);
    app.get('/q', (req: { query: unknown; url: string }, res: { json(v: unknown): void }) => res.json({ query: req.query, url: req.url }));
    return app;
  },
  // A `#` ends the query on both: the target is still sent as it is.
  requests: (c) => c.queries.map((q) => request('GET', '/q?' + q)),
};
