import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import qs from 'qs';
import { isFlatForm, parseFlatForm } from '../src/body/flat-form';

/** The options the extended parser gives qs (array limits do not matter without brackets). */
const QS_OPTIONS = { allowPrototypes: true, arrayLimit: 1000, depth: 32, strictDepth: true, parameterLimit: Infinity };

const pieces = ['a', 'b', 'name', '=', '&', '+', '%', '%20', '%2B', '%26', '%3D', '%E9', '%C3%A9', '%zz', '%E0%A4%A', '__proto__', 'constructor', 'hasOwnProperty', 'toString', '0', '1', '10', 'é', ' ', '.', '%2E', '[', ']', '%5B', '%5d'];

describe('the flat-form fast path of the extended urlencoded parser', () => {
  it('gives exactly what qs gives, for every flat body', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 24 }), (parts) => {
        const body = parts.join('');
        if (!isFlatForm(body)) return;
        const ours = parseFlatForm(body);
        const theirs = qs.parse(body, QS_OPTIONS);
        assert.deepStrictEqual(ours, theirs, JSON.stringify(body));
        assert.deepStrictEqual(Object.keys(ours), Object.keys(theirs));
        assert.equal(Object.getPrototypeOf(ours), Object.prototype);
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves bodies with brackets, raw or encoded, to qs', () => {
    for (const body of ['a[b]=1', 'a%5Bb%5D=1', 'a%5bb%5d=1', 'x]=1']) assert.equal(isFlatForm(body), false, body);
    assert.equal(isFlatForm('a=1&b=2'), true);
  });

  it('never pollutes Object.prototype', () => {
    const parsed = parseFlatForm('__proto__=x&constructor=y&a=1');
    assert.deepEqual(parsed, { constructor: 'y', a: '1' });
    assert.equal(({} as Record<string, unknown>).x, undefined);
  });
});
