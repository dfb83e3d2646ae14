import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readOnce, collectDeprecations } from './helpers/one-request';

const warnings = collectDeprecations();
const withAccept = (accept: string) => ({ headers: { accept } });

describe('req.accepts(types)', () => {
  it('returns the best type as given: extension, media type, list or array', async () => {
    const value = await readOnce(
      (req) => [req.accepts('html'), req.accepts('json', 'html'), req.accepts(['json', 'text']), req.accepts('text/html'), req.accepts('.html')],
      withAccept('application/json;q=0.9, text/html'),
    );
    assert.deepEqual(value, ['html', 'html', 'json', 'text/html', '.html']);
  });

  it('is false when nothing is acceptable', async () => {
    assert.deepEqual(await readOnce((req) => [req.accepts('image/png'), req.accepts('zzz'), req.accepts('text/*')], withAccept('text/html')), [false, false, false]);
  });

  it('returns the first type without an Accept header', async () => {
    assert.deepEqual(await readOnce((req) => [req.accepts('json', 'html'), req.accepts('zzz')]), ['json', 'zzz']);
  });

  it('lists accepted types by preference without arguments', async () => {
    assert.deepEqual(await readOnce((req) => req.accepts(), withAccept('text/plain;q=0.5, text/html')), ['text/html', 'text/plain']);
    assert.deepEqual(await readOnce((req) => req.accepts()), ['*/*']);
  });

  it('honours q=0 and wildcards', async () => {
    assert.deepEqual(await readOnce((req) => [req.accepts('html', 'json'), req.accepts('png')], withAccept('text/html;q=0, */*')), ['json', 'png']);
  });

  it('never throws on a malformed Accept header', async () => {
    assert.deepEqual(await readOnce((req) => [req.accepts('html'), req.accepts()], withAccept(',,;;q=x, text/html;level=1;q=0')), [false, []]);
  });
});

describe('req.acceptsCharsets(charsets)', () => {
  it('returns the first acceptable charset or false', async () => {
    const value = await readOnce((req) => [req.acceptsCharsets('latin1', 'utf-8'), req.acceptsCharsets(['x']), req.acceptsCharsets()], { headers: { 'accept-charset': 'utf-8, iso-8859-1;q=0.5' } });
    assert.deepEqual(value, ['utf-8', false, ['utf-8', 'iso-8859-1']]);
  });

  it('accepts anything without the header', async () => {
    assert.deepEqual(await readOnce((req) => [req.acceptsCharsets('koi8-r'), req.acceptsCharsets()]), ['koi8-r', ['*']]);
  });

  it('reads a missing header as `*`, so an exact `*` choice wins, and accepts nothing for an empty one', async () => {
    assert.deepEqual(await readOnce((req) => [req.acceptsCharsets('utf-8', '*'), req.acceptsCharsets(['*', 'utf-8'])]), ['*', '*']);
    assert.deepEqual(await readOnce((req) => [req.acceptsCharsets('utf-8'), req.acceptsCharsets()], { headers: { 'accept-charset': '' } }), [false, []]);
  });
});

describe('req.acceptsEncodings(encodings)', () => {
  it('returns the first acceptable encoding or false', async () => {
    const value = await readOnce((req) => [req.acceptsEncodings('br', 'gzip'), req.acceptsEncodings(['x']), req.acceptsEncodings()], { headers: { 'accept-encoding': 'gzip, deflate' } });
    assert.deepEqual(value, ['gzip', false, ['gzip', 'deflate', 'identity']]);
  });

  it('accepts only identity without the header', async () => {
    assert.deepEqual(await readOnce((req) => [req.acceptsEncodings('gzip'), req.acceptsEncodings('identity')]), [false, 'identity']);
  });
});

describe('req.acceptsLanguages(languages)', () => {
  it('returns the first acceptable language or false', async () => {
    const value = await readOnce((req) => [req.acceptsLanguages('fr', 'en-US'), req.acceptsLanguages(['de']), req.acceptsLanguages()], { headers: { 'accept-language': 'en-US, fr;q=0.8' } });
    assert.deepEqual(value, ['en-US', false, ['en-US', 'fr']]);
  });

  it('returns the first without the header', async () => {
    assert.deepEqual(await readOnce((req) => [req.acceptsLanguages('da', 'en'), req.acceptsLanguages()]), ['da', ['*']]);
  });

  it('accepts nothing for an empty header', async () => {
    assert.deepEqual(await readOnce((req) => [req.acceptsLanguages('fr'), req.acceptsLanguages()], { headers: { 'accept-language': '' } }), [false, []]);
  });
});

describe('req.acceptsCharset, req.acceptsEncoding, req.acceptsLanguage (deprecated)', () => {
  it('answer like the plural methods and warn', async () => {
    const value = await readOnce((req) => [req.acceptsCharset('utf-8'), req.acceptsEncoding('gzip'), req.acceptsLanguage('en')], { headers: { 'accept-charset': 'utf-8', 'accept-encoding': 'gzip', 'accept-language': 'en' } });
    assert.deepEqual(value, ['utf-8', 'gzip', 'en']);
    for (const name of ['Charset', 'Encoding', 'Language']) {
      assert.ok(warnings.includes(`req.accepts${name}: Use accepts${name}s instead`), name);
    }
  });
});
