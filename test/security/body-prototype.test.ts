import { describe, it, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { probe, postBody } from '../helpers/body-probe';

/**
 * Prototype pollution through bodies: no JSON or URL-encoded key may reach Object.prototype,
 * whatever the nesting; such keys are either dropped or stay plain data on `req.body`.
 */

const FORM = 'application/x-www-form-urlencoded';

function assertPrototypeClean(): void {
  const probeObject: Record<string, unknown> = {};
  assert.equal(probeObject.polluted, undefined);
  assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), false);
  assert.equal(Object.prototype.hasOwnProperty.call(Array.prototype, 'polluted'), false);
}

afterEach(assertPrototypeClean);

describe('json() and prototype keys', () => {
  for (const body of [
    '{"__proto__":{"polluted":"yes"}}',
    '{"a":{"__proto__":{"polluted":"yes"}}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '[{"__proto__":{"polluted":"yes"}}]',
  ]) {
    it(`keeps ${body} as data`, async () => {
      const { status, json } = await probe([['json']], postBody('application/json', body));
      assert.equal(status, 200);
      assert.deepEqual(json.body, JSON.parse(body));
    });
  }

  it('keeps __proto__ an own property of req.body, not its prototype', async () => {
    const { json } = await probe([['json', { reviver: (_k: string, v: unknown) => v }]], postBody('application/json', '{"__proto__":{"x":1}}'));
    assert.deepEqual(Object.keys(json.body as object), ['__proto__']);
  });
});

describe('urlencoded({ extended: true }) and prototype keys', () => {
  for (const [body, expected] of [
    ['__proto__[polluted]=yes', {}],
    ['__proto__=yes', {}],
    ['a[__proto__][polluted]=yes', { a: {} }],
    ['a[b][__proto__][polluted]=yes', { a: { b: {} } }],
    ['__proto__.polluted=yes', { '__proto__.polluted': 'yes' }],
    ['constructor[prototype][polluted]=yes', { constructor: { prototype: { polluted: 'yes' } } }],
    ['a[constructor][prototype][polluted]=yes', { a: { constructor: { prototype: { polluted: 'yes' } } } }],
    ['__proto__[0]=yes&a[]=1', { a: ['1'] }],
    ['toString=yes&valueOf=no', { toString: 'yes', valueOf: 'no' }],
  ] as Array<[string, unknown]>) {
    it(`parses ${body} without touching any prototype`, async () => {
      const { status, json } = await probe([['urlencoded', { extended: true }]], postBody(FORM, body));
      assert.equal(status, 200);
      assert.deepEqual(json.body, expected);
    });
  }
});

describe('urlencoded({ extended: false }) and prototype keys', () => {
  it('keeps __proto__ as an own key of a null-prototype object', async () => {
    const { json } = await probe([['urlencoded', { extended: false }]], postBody(FORM, '__proto__=yes&constructor=x'));
    // JSON.parse, because `__proto__` in an object literal would set the literal's prototype instead.
    assert.deepEqual(json.body, JSON.parse('{"(null prototype)":true,"__proto__":"yes","constructor":"x"}'));
  });
});
