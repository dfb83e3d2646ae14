import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConnect2, assertSameResponse, compareLegacyApps, type LegacyFramework, type LegacyPair } from '../helpers/legacy-oracle';
import type { Listener, SimpleRequest } from '../helpers/server';

/* Issue 28: connect.json({ strict: true }) (and express.json / bodyParser with strict) answers a
   primitive JSON body with 400 and `invalid json`, as connect@2.30 does. */

type Build = (framework: LegacyFramework) => Listener;

/** The app on Portico is an Express 3 app, which says `X-Powered-By: Express`; a bare connect@2.30 app does not. */
const EXPRESS_ONLY = ['x-powered-by'];

/** The same connect() app on portico/legacy and on connect@2.30 (whose answers are in `express3`). */
const compareWithConnect2 = (build: Build, requests: SimpleRequest[]): Promise<LegacyPair[]> =>
  compareLegacyApps(build, requests, loadConnect2());

function build(parser: 'json' | 'bodyParser', handleErrors: boolean): Build {
  return (connect) => {
    const app = connect();
    app.use(connect[parser]({ strict: true }));
    app.use((req: { body: unknown }, res: { end(s: string): void }) => res.end('parsed ' + JSON.stringify(req.body)));
    if (handleErrors) {
      app.use((err: { status?: number; message: string; body?: unknown }, _req: unknown, res: { statusCode: number; end(s: string): void }, _next: unknown) => {
        res.statusCode = err.status ?? 500;
        res.end(JSON.stringify({ message: err.message, status: err.status, body: err.body }));
      });
    }
    return app;
  };
}

const post = (body: string): SimpleRequest => ({ method: 'POST', path: '/', headers: { 'content-type': 'application/json' }, body });
const bodies = ['"hello"', '123', 'true', ' false ', 'null', '{"a":1}', '[1]'];

describe('legacy json({ strict: true }) on a connect() app (differential, connect@2.30)', () => {
  for (const parser of ['json', 'bodyParser'] as const) {
    it(`${parser}: a primitive body is a 400 with 'invalid json', through an error handler`, async () => {
      const pairs = await compareWithConnect2(build(parser, true), bodies.map(post));
      pairs.forEach((pair, i) => assertSameResponse(pair, EXPRESS_ONLY, `${parser} ${bodies[i]}`));
      for (const i of [0, 1, 2, 3, 4]) {
        assert.equal(pairs[i].portico.status, 400);
        assert.match(pairs[i].portico.text, /invalid json/);
      }
      assert.equal(pairs[5].portico.text, 'parsed {"a":1}');
    });

    it(`${parser}: the same 400 and first line of the stack from the final handler`, async () => {
      const pairs = await compareWithConnect2(build(parser, false), bodies.slice(0, 3).map(post));
      pairs.forEach((pair) => {
        assert.equal(pair.portico.status, pair.express3.status);
        assert.equal(pair.portico.status, 400);
        // The stack's frames are each framework's own files; its first line is the error.
        const firstLine = (text: string) => text.split('<br>')[0];
        assert.equal(firstLine(pair.portico.text), firstLine(pair.express3.text));
        assert.match(firstLine(pair.portico.text), /^Error: invalid json/);
      });
    });

    it(`${parser}: the error is a plain Error, not a SyntaxError, as in connect@2.30`, async () => {
      const describeError: Build = (connect) => {
        const app = connect();
        app.use(connect[parser]({ strict: true }));
        app.use((err: Error, _req: unknown, res: { end(s: string): void }, _next: unknown) =>
          res.end(JSON.stringify({ name: err.name, syntax: err instanceof SyntaxError, message: err.message })),
        );
        return app;
      };
      const pairs = await compareWithConnect2(describeError, ['"hello"', '12', '{bad'].map(post));
      pairs.forEach((pair, i) => assertSameResponse(pair, EXPRESS_ONLY, `error ${i}`));
      assert.equal(JSON.parse(pairs[0].portico.text).name, 'Error');
    });
  }
});
