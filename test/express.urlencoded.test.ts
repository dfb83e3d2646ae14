import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import portico from '../src/index';
import { probe, postBody } from './helpers/body-probe';

const FORM = 'application/x-www-form-urlencoded';

describe('portico.urlencoded() without extended', () => {
  it('emits one DeprecationWarning per process and parses as extended', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error): void => {
      if (w.name === 'DeprecationWarning') warnings.push(w);
    };
    process.on('warning', onWarning);
    try {
      portico.urlencoded();
      portico.urlencoded({});
      portico.urlencoded({ extended: true });
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(warnings.length, 1);
      assert.equal(warnings[0].message, 'undefined extended: provide extended option');
    } finally {
      process.removeListener('warning', onWarning);
    }
    const { json } = await probe([['urlencoded']], postBody(FORM, 'a[b]=1'));
    assert.deepEqual(json.body, { a: { b: '1' } });
  });
});

describe('portico.urlencoded()', () => {
  it('returns a middleware named urlencodedParser, also on bodyParsers', () => {
    assert.equal(portico.urlencoded({ extended: false }).name, 'urlencodedParser');
    assert.equal(portico.bodyParsers.urlencoded, portico.urlencoded);
  });

  it('gives {} for an empty body', async () => {
    const { json } = await probe([['urlencoded', { extended: true }]], postBody(FORM, ''));
    assert.deepEqual(json.body, {});
  });

  it('refuses a charset other than UTF-8 with 415, before reading', async () => {
    const { status, json } = await probe([['urlencoded', { extended: true }]], postBody(FORM + '; charset=iso-8859-1', 'a=1'));
    assert.equal(status, 415);
    assert.equal(json.error?.message, 'unsupported charset "ISO-8859-1"');
    assert.equal(json.flag, '(undefined)');
  });
});

describe('portico.urlencoded({ extended: true })', () => {
  const extended: [['urlencoded', Record<string, unknown>]] = [['urlencoded', { extended: true }]];

  it('parses nested objects and arrays with qs', async () => {
    const { json } = await probe(extended, postBody(FORM, 'user[name]=tobi&user[langs][]=js&user[langs][]=ts&x=1&x=2'));
    assert.deepEqual(json.body, { user: { name: 'tobi', langs: ['js', 'ts'] }, x: ['1', '2'] });
  });

  it('accepts 32 levels of nesting and refuses 33 with 400', async () => {
    assert.equal((await probe(extended, postBody(FORM, 'a' + '[b]'.repeat(32) + '=1'))).status, 200);
    const { status, json } = await probe(extended, postBody(FORM, 'a' + '[b]'.repeat(33) + '=1'));
    assert.equal(status, 400);
    assert.equal(json.error?.type, 'querystring.parse.rangeError');
  });

  it('takes a depth option', async () => {
    assert.equal((await probe([['urlencoded', { extended: true, depth: 2 }]], postBody(FORM, 'a[b][c][d]=1'))).status, 400);
    assert.throws(() => portico.urlencoded({ extended: true, depth: -1 }), { message: 'option depth must be a zero or a positive number' });
  });

  it('makes an object, not a sparse array, for a large index', async () => {
    const { json } = await probe(extended, postBody(FORM, 'a[99]=x&b[100]=y&c[4294967295]=z'));
    assert.deepEqual(json.body, { a: ['x'], b: { 100: 'y' }, c: { 4294967295: 'z' } });
  });

  it('keeps keys named after Object.prototype members as data', async () => {
    const { json } = await probe(extended, postBody(FORM, 'toString=1&hasOwnProperty=2'));
    assert.deepEqual(json.body, { toString: '1', hasOwnProperty: '2' });
  });
});

describe('portico.urlencoded({ extended: false })', () => {
  it('parses with querystring: brackets stay in keys, repeated keys make arrays', async () => {
    const { json } = await probe([['urlencoded', { extended: false }]], postBody(FORM, 'a[b]=1&c=2&c=3&d=x+y%21'));
    assert.deepEqual(json.body, { '(null prototype)': true, 'a[b]': '1', c: ['2', '3'], d: 'x y!' });
  });
});

describe('portico.urlencoded() parameterLimit', () => {
  it('refuses more parameters than the limit with 413', async () => {
    for (const extended of [true, false]) {
      const { status, json } = await probe([['urlencoded', { extended, parameterLimit: 2 }]], postBody(FORM, 'a=1&b=2&c=3'));
      assert.equal(status, 413);
      assert.equal(json.error?.type, 'parameters.too.many');
      assert.equal(json.error?.fields.body, 'a=1&b=2&c=3');
    }
  });

  it('defaults to 1000', async () => {
    const form = (n: number): string => Array.from({ length: n }, (_, i) => 'k' + i + '=v').join('&');
    assert.equal((await probe([['urlencoded', { extended: false }]], postBody(FORM, form(1000)))).status, 200);
    assert.equal((await probe([['urlencoded', { extended: false }]], postBody(FORM, form(1001)))).status, 413);
  });

  it('lifts querystring\'s own cap of 1000 keys when the limit is higher', async () => {
    const form = Array.from({ length: 1500 }, (_, i) => 'k' + i + '=v').join('&');
    const { json } = await probe([['urlencoded', { extended: false, parameterLimit: 2000 }]], postBody(FORM, form));
    assert.equal(Object.keys(json.body as object).length, 1501);
  });

  it('throws a TypeError at creation for a limit below 1', () => {
    assert.throws(() => portico.urlencoded({ extended: false, parameterLimit: 0 }), { message: 'option parameterLimit must be a positive number' });
  });
});
