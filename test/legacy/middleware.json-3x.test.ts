import { describe, it } from 'node:test';
import { assertSameAsExpress3, type LegacyFramework } from '../helpers/legacy-oracle';

// json() and the combined bodyParser({ type }) against connect@2.30 (through express@3).

function build(parser: 'json' | 'bodyParser', options: Record<string, unknown> = {}) {
  return (fw: LegacyFramework) => {
    const app = fw();
    app.use(fw[parser](options));
    app.use((req: any, res: any) => res.json({ body: req.body ?? null, files: req.files ?? null }));
    app.use((err: any, _req: any, res: any, _next: any) => res.send(err.status ?? 500, { message: err.message, status: err.status, body: err.body ?? null }));
    return app;
  };
}

const post = (type: string, body: string) => ({ method: 'POST', path: '/', headers: { 'content-type': type }, body });

describe('legacy json()', () => {
  it('rejects a primitive in strict mode with the 3.x 400', async () => {
    await assertSameAsExpress3(build('json'), [
      post('application/json', '"hello"'),
      post('application/json', '12'),
      post('application/json', ' true'),
      post('application/json', 'null'),
      post('application/json', '{"a":1}'),
      post('application/json', '[1]'),
      post('application/json', '{bad'),
    ]);
  });

  it('accepts primitives with strict: false', async () => {
    await assertSameAsExpress3(build('json', { strict: false }), [post('application/json', '"hello"'), post('application/json', '12')]);
  });

  it('parses +json types and subtypes with special characters', async () => {
    await assertSameAsExpress3(build('json'), [
      post('application/vnd.api+json', '{"a":1}'),
      post('application/x.special_type-1+json; charset=utf-8', '{"b":2}'),
      post('application/ld+json', '[1,2]'),
      post('application/jsonx', '{"c":3}'),
      post('text/json', '{"d":4}'),
      post('application/json; charset=utf-8', '{"e":5}'),
    ]);
  });
});

describe('legacy bodyParser({ type })', () => {
  it('honours type for its JSON and urlencoded parts', async () => {
    await assertSameAsExpress3(build('bodyParser', { type: 'application/vnd.custom' }), [
      post('application/vnd.custom', '{"a":1}'),
      post('application/vnd.custom', 'a=1&b=2'),
      post('application/json', '{"a":1}'),
      post('application/x-www-form-urlencoded', 'a=1'),
    ]);
  });

  it('parses JSON and urlencoded bodies without type', async () => {
    await assertSameAsExpress3(build('bodyParser'), [
      post('application/json', '{"a":[1,2]}'),
      post('application/x-www-form-urlencoded', 'a[b]=1&c=2'),
      post('application/json', '"x"'),
      post('text/plain', 'hello'),
    ]);
  });
});
