import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Request, Response } from 'express';
import { body, query, checkSchema, matchedData, validationResult } from 'express-validator';
import portico from '../../src/index';
import { frameworkUnderTest, withApp, form } from './support/harness';

const express = frameworkUnderTest(portico);

/** The README's app, plus a JSON signup and a schema-checked urlencoded form. */
function validatedApp() {
  const app = express();
  app.use(express.json());
  app.use(express.urlencoded({ extended: false }));

  app.get('/hello', query('person').notEmpty().escape(), (req, res) => {
    const result = validationResult(req);
    if (result.isEmpty()) {
      const data = matchedData(req);
      return res.send(`Hello, ${data.person}!`);
    }
    res.send({ errors: result.array() });
  });

  // The sanitizers write back into req.query: the handler reads the request, not matchedData.
  app.get('/search', query('q').trim().toLowerCase(), query('page').default(1).toInt(), (req, res) => {
    const { q, page } = req.query as Record<string, unknown>;
    res.json({ q, page });
  });

  app.post(
    '/signup',
    body('email').isEmail().withMessage('must be an email').normalizeEmail(),
    body('age').isInt({ min: 18 }).withMessage('must be 18 or over').toInt(),
    body('nickname').optional().trim().escape(),
    (req, res) => {
      const result = validationResult(req);
      if (!result.isEmpty()) return res.status(422).json({ errors: result.mapped() });
      res.status(201).json({ body: req.body, matched: matchedData(req) });
    },
  );

  app.post(
    '/profile',
    checkSchema({ name: { in: ['body'], trim: true, isLength: { options: { min: 2 }, errorMessage: 'too short' } } }),
    (req: Request, res: Response) => {
      const errors = validationResult(req).array().map((e) => e.msg as string);
      res.json({ name: req.body.name, errors });
    },
  );
  return app;
}

describe('query(field) validators and sanitizers', () => {
  it("greets with the README's escaped person", async () => {
    await withApp(validatedApp(), async ({ url }) => {
      assert.equal(await (await fetch(`${url}/hello?person=<b>Ada</b>`)).text(), 'Hello, &lt;b&gt;Ada&lt;&#x2F;b&gt;!');
    });
  });

  it('reports the missing field with type, msg, path and location', async () => {
    await withApp(validatedApp(), async ({ url }) => {
      const res = await fetch(`${url}/hello`);
      assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.deepEqual(await res.json(), { errors: [{ type: 'field', msg: 'Invalid value', path: 'person', location: 'query' }] });
    });
  });

  it('writes sanitized values and defaults into req.query', async () => {
    await withApp(validatedApp(), async ({ url }) => {
      assert.deepEqual(await (await fetch(`${url}/search?q=%20%20Portico%20`)).json(), { q: 'portico', page: 1 });
      assert.deepEqual(await (await fetch(`${url}/search?q=x&page=3`)).json(), { q: 'x', page: 3 });
    });
  });
});

describe('body(field) validators and sanitizers', () => {
  const post = (url: string, data: unknown) => fetch(`${url}/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) });

  it('writes the sanitized values into req.body (normalized email, integer age, escaped nickname)', async () => {
    await withApp(validatedApp(), async ({ url }) => {
      const res = await post(url, { email: 'Ada.Lovelace@GMAIL.com', age: '36', nickname: '  <Ada>  ', extra: 'kept' });
      assert.equal(res.status, 201);
      assert.deepEqual(await res.json(), {
        body: { email: 'adalovelace@gmail.com', age: 36, nickname: '&lt;Ada&gt;', extra: 'kept' },
        matched: { email: 'adalovelace@gmail.com', age: 36, nickname: '&lt;Ada&gt;' },
      });
    });
  });

  it('answers 422 with the errors mapped by field', async () => {
    await withApp(validatedApp(), async ({ url }) => {
      const res = await post(url, { email: 'nope', age: 12 });
      assert.equal(res.status, 422);
      const { errors } = (await res.json()) as { errors: Record<string, { msg: string; value: unknown }> };
      assert.deepEqual(Object.keys(errors).sort(), ['age', 'email']);
      assert.equal(errors.email.msg, 'must be an email');
      assert.equal(errors.age.msg, 'must be 18 or over');
      assert.equal(errors.age.value, 12);
    });
  });
});

describe('checkSchema(schema) on a urlencoded form', () => {
  it('trims the field in req.body and validates the trimmed value', async () => {
    await withApp(validatedApp(), async ({ url }) => {
      assert.deepEqual(await (await fetch(`${url}/profile`, form({ name: '  Ada  ' }))).json(), { name: 'Ada', errors: [] });
      assert.deepEqual(await (await fetch(`${url}/profile`, form({ name: ' A ' }))).json(), { name: 'A', errors: ['too short'] });
    });
  });
});
