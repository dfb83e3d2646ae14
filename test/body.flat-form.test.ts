import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import qs from 'qs';
import { parseFlatForm } from '../src/body/flat-form';

/** The options the extended parser gives qs (array limits do not matter without brackets). */
const QS_OPTIONS = { allowPrototypes: true, arrayLimit: 1000, depth: 32, strictDepth: true, parameterLimit: Infinity };

/** Pieces chosen to meet every branch: separators, pluses, valid/malformed/truncated/non-ASCII escapes, brackets, special keys. */
const pieces = [
  'a', 'b', 'name', '=', '&', '+', '%', '%20', '%2B', '%2b', '%26', '%3D', '%25', '%41', '%7F', '%7f', '%80', '%E9', '%C3%A9',
  '%C3', '%zz', '%2', '%g0', '%0g', '%E0%A4%A', '%F0%9F%98%80', '%ED%A0%80', '__proto__', 'constructor', 'hasOwnProperty',
  'toString', '0', '1', '10', 'é', '😀', ' ', '.', '%2E', '[', ']', '%5B', '%5d', '%5', '%5e', '%5F',
];

/** Asserts the fast path gives qs's answer for `body` (same keys, same order, same values), or declines it. */
function assertAgreesWithQs(body: string): void {
  const ours = parseFlatForm(body);
  if (ours === undefined) {
    assert.match(body, /[[\]]|%5[bdBD]/, `declined a flat body: ${JSON.stringify(body)}`);
    return;
  }
  const theirs = qs.parse(body, QS_OPTIONS);
  assert.deepStrictEqual(ours, theirs, JSON.stringify(body));
  assert.deepStrictEqual(Object.keys(ours), Object.keys(theirs));
  assert.equal(Object.getPrototypeOf(ours), Object.prototype);
}

describe('the flat-form fast path of the extended urlencoded parser', () => {
  it('gives exactly what qs gives, for bodies built from tricky pieces', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 24 }), (parts) => assertAgreesWithQs(parts.join(''))),
      { numRuns: 5000 },
    );
  });

  it('gives exactly what qs gives, for arbitrary strings', () => {
    const alphabet = fc.constantFrom('a', 'B', '0', '5', 'd', 'e', 'F', '%', '+', '=', '&', ' ', 'é', '\u0000', '\uffff');
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 40 }), (body) => assertAgreesWithQs(body)),
      { numRuns: 5000 },
    );
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (body) => assertAgreesWithQs(body)), { numRuns: 3000 });
  });

  it('decodes pluses and escapes as qs does, keeping a malformed component as it is', () => {
    assert.deepStrictEqual(parseFlatForm('a=value+1+%26+more&b%20c=%41%2B&d=%zz+x&e=%C3%A9+%E9&f'), {
      a: 'value 1 & more',
      'b c': 'A+',
      d: '%zz x',
      e: '%C3%A9 %E9',
      f: '',
    });
    assert.deepStrictEqual(parseFlatForm('a=%C3%A9+%F0%9F%98%80'), { a: 'é 😀' });
  });

  it('gathers repeated keys into arrays and drops empty keys', () => {
    assert.deepStrictEqual(parseFlatForm('a=1&a=2&=x&&a=3&b'), { a: ['1', '2', '3'], b: '' });
  });

  it('leaves bodies with brackets, raw or encoded, anywhere, to qs', () => {
    for (const body of ['a[b]=1', 'a%5Bb%5D=1', 'a%5bb%5d=1', 'x]=1', 'a=1&b=[2]', 'a=%5B', 'z=1&a%5D']) {
      assert.equal(parseFlatForm(body), undefined, body);
    }
    assert.deepStrictEqual(parseFlatForm('a=%5C&b=%5'), { a: '\\', b: '%5' });
  });

  it('never pollutes Object.prototype', () => {
    const parsed = parseFlatForm('__proto__=x&constructor=y&a=1&%5F_proto__=z&__proto%5F%5F=w');
    assert.deepEqual(parsed, { constructor: 'y', a: '1' });
    assert.equal(({} as Record<string, unknown>).x, undefined);
    assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
  });

  it('handles a large body of many fields in one pass', () => {
    const body = Array.from({ length: 20000 }, (_, i) => `k${i % 500}=v+${i}%21`).join('&');
    const parsed = parseFlatForm(body);
    assert.ok(parsed);
    assert.equal(Object.keys(parsed).length, 500);
    assert.equal((parsed.k7 as string[]).length, 40);
    assert.equal((parsed.k7 as string[])[1], 'v 507!');
  });
});
