import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import RouterV2 from 'router';
import { createRouter5 } from '../../../src/router/router5';
import { oracleRouter, porticoRouter, thrown, type RouterFactory, type TestRouter } from '../../helpers/router5-compare';

// What the Express 5 router throws for bad arguments and bad paths, and what it shows of itself
// (listRoutes, routes' methods), compared with router@2.3.

const noop = (): void => undefined;

/** Calls `use` with each factory and compares what is thrown. */
function sameThrow(call: (r: TestRouter) => unknown): string {
  const expected = thrown(() => call(oracleRouter()));
  assert.equal(thrown(() => call(porticoRouter())), expected);
  return expected;
}

describe('createRouter5 API as router@2.3', () => {
  it('throws router 2 messages for missing or bad handlers', () => {
    const cases: Array<(r: TestRouter) => unknown> = [
      (r) => r.use(),
      (r) => r.use('/x'),
      (r) => r.use('/x', 'nope'),
      (r) => r.use([]),
      (r) => r.use(null),
      (r) => r.use('/x', [noop, [null]]),
      (r) => r.get('/x'),
      (r) => r.get('/x', {}),
      (r) => r.all('/x'),
      (r) => r.all('/x', 1),
      (r) => r.route('/x').get(),
      (r) => r.route('/x').post(noop, 'x'),
      (r) => r.route('/x').all(),
      (r) => r.route('/x').all([[undefined]]),
    ];
    const messages = cases.map(sameThrow);
    assert.ok(messages.includes('TypeError: argument handler must be a function'));
    assert.ok(messages.includes('TypeError: argument handler is required'));
  });

  it('keeps the handlers before a bad one, as router 2 does', () => {
    for (const factory of [oracleRouter, porticoRouter]) {
      const r = factory();
      const route = r.route('/x');
      assert.throws(() => route.get(noop, noop, 'bad'));
      assert.equal(route.stack.length, 2);
    }
  });

  it('param(): only (name, fn); param(fn) and bad arguments throw', () => {
    const cases: Array<(r: TestRouter) => unknown> = [
      (r) => r.param(noop),
      (r) => r.param(''),
      (r) => r.param('id'),
      (r) => r.param('id', 'x'),
      (r) => r.param(1, noop),
      (r) => r.param(':id', noop),
    ];
    assert.deepEqual(cases.map(sameThrow), [
      'TypeError: argument name must be a string',
      'TypeError: argument name is required',
      'TypeError: argument fn is required',
      'TypeError: argument fn must be a function',
      'TypeError: argument name must be a string',
      'ok',
    ]);
  });

  it('rejects path-to-regexp 1 syntax with the same TypeErrors, on routes and on mount paths', () => {
    // Path-to-regexp 8 refuses more than 256 ways of taking the optional groups.
    const accepted = ['/a' + '{/x}'.repeat(8), '/a{/b{/c}}'.repeat(3)];
    const paths = [...accepted, '/a' + '{/x}'.repeat(9), '{/a{/b{/c}}}'.repeat(5), '*', '/*', '/:', '/a?', '/a+', '/(x)', '/:id(\\d+)', '/[x]', '/a{', '/a}', '/:a:b', '/x!', '/\\', '/{*}', '/:1', '/*/x'];
    for (const p of paths) {
      const onRoute = sameThrow((r) => r.get(p, noop));
      sameThrow((r) => r.use(p, noop));
      sameThrow((r) => r.route([p]));
      if (accepted.includes(p)) assert.equal(onRoute, 'ok');
      else assert.match(onRoute, /^(TypeError|PathError): /, p);
    }
  });

  it('router.handle needs a callback', () => {
    assert.equal(
      thrown(() => porticoRouter().handle({ url: '/', method: 'GET' }, {})),
      thrown(() => oracleRouter().handle({ url: '/', method: 'GET' }, {})),
    );
  });

  it('lists routes and mounted routers as listRoutes() does', () => {
    const build = (Router: RouterFactory) => {
      const r = Router();
      const sub = Router();
      r.get('/a', noop);
      r.post('/a', noop);
      r.route('/b').all(noop).put(noop);
      r.use('/sub', sub);
      r.use(noop);
      r.get(['/c', ['/d', /^\/e$/]], noop);
      r.head('/h', noop).get('/h', noop);
      return { listed: r.listRoutes(), sub };
    };
    const expected = build(oracleRouter);
    const actual = build(porticoRouter);
    const normalise = (l: unknown[], sub: unknown) => l.map((e) => ({ ...(e as object), router: (e as { router: unknown }).router === sub }));
    assert.deepEqual(normalise(actual.listed, actual.sub), normalise(expected.listed, expected.sub));
  });

  it("routes: methods record, _methods(), _handlesMethod(), Route class", () => {
    const describeRoute = (Router: RouterFactory) => {
      const route = Router().route('/r') as unknown as Record<string, (...a: unknown[]) => unknown> & { methods: object; path: unknown };
      (route.get as (...a: unknown[]) => unknown)(noop);
      (route.all as (...a: unknown[]) => unknown)(noop);
      return {
        methods: { ...route.methods },
        proto: Object.getPrototypeOf(route.methods) === null,
        listed: route._methods(),
        listedAll: route._methods(true),
        handles: ['GET', 'head', 'PATCH'].map((m) => route._handlesMethod(m)),
        json: JSON.stringify(route),
      };
    };
    assert.deepEqual(describeRoute(porticoRouter), describeRoute(oracleRouter));
    assert.equal(typeof (createRouter5 as unknown as { Route: unknown }).Route, typeof (RouterV2 as unknown as { Route: unknown }).Route);
  });
});
