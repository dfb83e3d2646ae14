import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareApps, type FrameworkLike } from '../helpers/compare';

/*
 * The plain objects an app exposes (`app.engines`, `app.locals`, `app.settings`) are the kind of
 * object Express 4 makes, so code that calls Object.prototype methods on them, or compares them
 * with deepStrictEqual, behaves the same.
 */

/** Custom view class in the style of a user's own: asks the engines map with hasOwnProperty. */
function viewClassApp(framework: FrameworkLike) {
  const app = framework();
  function OwnEnginesView(this: { name: string; path?: string; own: boolean }, name: string, options: { engines: Record<string, unknown> }) {
    this.name = name;
    // eslint-disable-next-line no-prototype-builtins -- the call a user's view class makes is what is tested
    this.own = options.engines.hasOwnProperty('.txt');
    this.path = name;
  }
  OwnEnginesView.prototype.render = function render(this: { name: string; own: boolean }, _opts: unknown, done: (err: unknown, html?: string) => void) {
    done(null, this.name + ' own engine: ' + this.own);
  };
  app.set('view', OwnEnginesView);
  app.engine('txt', () => undefined);
  app.get('/render', (_req, res) => res.render('page.txt'));
  const sub = framework();
  sub.set('view', OwnEnginesView);
  app.use('/sub', sub);
  sub.get('/render', (_req, res) => res.render('page.txt'));
  app.get('/shapes', (_req, res) => {
    const kind = (o: object): string => (Object.getPrototypeOf(o) === Object.prototype ? 'plain' : Object.getPrototypeOf(o) === null ? 'null-prototype' : 'other');
    // express@4's typings leave `engines` out; it is there at run time on both.
    const enginesOf = (a: unknown): object => (a as { engines: object }).engines;
    res.json({
      engines: kind(enginesOf(app)),
      locals: kind(app.locals),
      settings: kind(app.settings),
      subEnginesFromParent: Object.getPrototypeOf(enginesOf(sub)) === enginesOf(app),
    });
  });
  app.use((err: Error, _req: unknown, res: { status(n: number): { send(s: string): void } }, _next: unknown) => res.status(500).send(err.name + ': ' + err.message));
  return app;
}

describe('app.engines and the other app objects on Portico and express@4 (differential)', () => {
  it('app.engines is a plain object, so a view class may call hasOwnProperty on the engines it receives', async () => {
    const pairs = await compareApps(viewClassApp, [{ path: '/render' }, { path: '/sub/render' }]);
    assert.equal(pairs[0].express.text, 'page.txt own engine: true');
    assert.equal(pairs[1].express.text, 'page.txt own engine: false');
    for (const { portico, express } of pairs) {
      assert.equal(portico.status, express.status);
      assert.equal(portico.text, express.text);
    }
  });

  it('app.engines, app.locals and app.settings have the prototypes Express gives them', async () => {
    const [{ portico, express }] = await compareApps(viewClassApp, [{ path: '/shapes' }]);
    assert.equal(express.text, '{"engines":"plain","locals":"null-prototype","settings":"plain","subEnginesFromParent":true}');
    assert.equal(portico.text, express.text);
  });
});
