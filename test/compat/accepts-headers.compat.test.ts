import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import fc from 'fast-check';
import portico from '../../src/index';
import legacy from '../../src/legacy/index';
import { startServer, send, type RunningServer, type Listener } from '../helpers/server';
import { loadExpress3, type LegacyFramework } from '../helpers/legacy-oracle';

/*
 * Differential suite for content negotiation on missing, empty, blank and odd Accept* headers:
 * req.accepts, req.acceptsCharsets, req.acceptsEncodings, req.acceptsLanguages and the deprecated
 * singular names against express@4, and the 3.x members (acceptsCharset, acceptsLanguage,
 * acceptsEncoding, acceptedCharsets, acceptedLanguages, acceptedEncodings) of portico/legacy
 * against express@3. Each app answers one JSON document with every call's result.
 */

// The deprecated singular names warn on express@4 (depd) and on Portico: expected here.
process.env.NO_DEPRECATION = 'express';

type Req = any;
/** A call under test, by the name the JSON answer gives it. */
type Calls = Record<string, (req: Req) => unknown>;

const FOUR_X_CALLS: Calls = {
  'accepts()': (req) => req.accepts(),
  'accepts(json, html)': (req) => req.accepts('json', 'html'),
  'accepts([json, html])': (req) => req.accepts(['json', 'html']),
  'accepts(text/html)': (req) => req.accepts('text/html'),
  'accepts(png, */*)': (req) => req.accepts('png', '*/*'),
  'accepts([])': (req) => req.accepts([]),
  'acceptsCharsets()': (req) => req.acceptsCharsets(),
  'acceptsCharsets(utf-8)': (req) => req.acceptsCharsets('utf-8'),
  'acceptsCharsets(utf-8, *)': (req) => req.acceptsCharsets('utf-8', '*'),
  'acceptsCharsets([iso-8859-1, UTF-8])': (req) => req.acceptsCharsets(['iso-8859-1', 'UTF-8']),
  'acceptsCharsets(*)': (req) => req.acceptsCharsets('*'),
  'acceptsEncodings()': (req) => req.acceptsEncodings(),
  'acceptsEncodings(gzip)': (req) => req.acceptsEncodings('gzip'),
  'acceptsEncodings(identity)': (req) => req.acceptsEncodings('identity'),
  'acceptsEncodings([br, gzip, identity])': (req) => req.acceptsEncodings(['br', 'gzip', 'identity']),
  'acceptsEncodings(*, gzip)': (req) => req.acceptsEncodings('*', 'gzip'),
  'acceptsLanguages()': (req) => req.acceptsLanguages(),
  'acceptsLanguages(fr)': (req) => req.acceptsLanguages('fr'),
  'acceptsLanguages(en, fr)': (req) => req.acceptsLanguages('en', 'fr'),
  'acceptsLanguages([fr-CA, en])': (req) => req.acceptsLanguages(['fr-CA', 'en']),
  'acceptsLanguages(FR, *)': (req) => req.acceptsLanguages('FR', '*'),
  'acceptsCharset(utf-8, *)': (req) => req.acceptsCharset('utf-8', '*'),
  'acceptsEncoding(gzip)': (req) => req.acceptsEncoding('gzip'),
  'acceptsLanguage(fr)': (req) => req.acceptsLanguage('fr'),
  'acceptsLanguage()': (req) => req.acceptsLanguage(),
};

const THREE_X_CALLS: Calls = {
  'acceptsCharset(utf-8)': (req) => req.acceptsCharset('utf-8'),
  'acceptsCharset(UTF-8)': (req) => req.acceptsCharset('UTF-8'),
  'acceptsCharset(*)': (req) => req.acceptsCharset('*'),
  'acceptsLanguage(fr)': (req) => req.acceptsLanguage('fr'),
  'acceptsLanguage(en-US)': (req) => req.acceptsLanguage('en-US'),
  'acceptsLanguage(*)': (req) => req.acceptsLanguage('*'),
  'acceptsEncoding(gzip)': (req) => req.acceptsEncoding('gzip'),
  'acceptsEncoding(identity)': (req) => req.acceptsEncoding('identity'),
  acceptedCharsets: (req) => req.acceptedCharsets,
  acceptedLanguages: (req) => req.acceptedLanguages,
  acceptedEncodings: (req) => req.acceptedEncodings,
};

/** An app answering every call's result (`undefined` spelled out, a throw as its message). */
function callsApp(framework: () => any, calls: Calls): Listener {
  const app = framework();
  app.get('/', (req: Req, res: any) => {
    const out: Record<string, unknown> = {};
    for (const [name, call] of Object.entries(calls)) {
      try {
        const value = call(req);
        out[name] = value === undefined ? 'undefined' : value;
      } catch (err) {
        out[name] = 'THROWS ' + (err as Error).message;
      }
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(out));
  });
  return app;
}

interface Pair {
  subject: RunningServer;
  oracle: RunningServer;
}

const fourX = {} as Pair;
const threeX = {} as Pair;

before(async () => {
  fourX.subject = await startServer(callsApp(portico as unknown as () => any, FOUR_X_CALLS));
  fourX.oracle = await startServer(callsApp(express, FOUR_X_CALLS));
  threeX.subject = await startServer(callsApp(legacy as unknown as () => any, THREE_X_CALLS));
  threeX.oracle = await startServer(callsApp(loadExpress3() as LegacyFramework, THREE_X_CALLS));
});
after(async () => {
  for (const pair of [fourX, threeX]) {
    await pair.subject.close();
    await pair.oracle.close();
  }
});

/** Asks both servers of `pair` with `headers`; asserts equal answers and returns Portico's, parsed. */
async function sameAnswers(pair: Pair, headers: Record<string, string>): Promise<Record<string, unknown>> {
  const [mine, theirs] = await Promise.all([send(pair.subject.port, { headers }), send(pair.oracle.port, { headers })]);
  assert.equal(mine.status, 200, mine.text);
  assert.deepEqual(JSON.parse(mine.text), JSON.parse(theirs.text), JSON.stringify(headers));
  return JSON.parse(mine.text) as Record<string, unknown>;
}

const NAMES = ['accept', 'accept-charset', 'accept-encoding', 'accept-language'];

/** Values each Accept* header is tried with; `utf-8`, `gzip`, `fr` and `text/html` are the choices the calls name. */
const VALUES = [
  '', ' ', '\t', ',', ', ,', ';', ';q=1', '*', '*;q=0', 'utf-8', 'UTF-8', 'gzip', 'GZIP', 'fr', 'FR', 'fr-CA', 'en-US',
  'text/html', 'application/json;q=0.5, text/html', '*/*', 'text/*', 'utf-8;q=0', 'gzip;q=0', 'fr;q=0', 'identity;q=0',
  'identity;q=0, *;q=0', 'x, *;q=0.1', 'utf-8 ;q=1', 'utf-8;Q=0', 'utf-8;q=abc', 'utf-8;q=2', 'utf-8;q=0.5;q=0', 'gzip, deflate, br',
  'fr,,en', 'utf-8;foo=bar', '__proto__', 'constructor, toString', 'a'.repeat(200), '\u00e9', 'en;q=0.8, fr;q=0.8, de;q=0.9',
];

/** A header value built from members, parameters and separators the calls care about. */
const member = fc.oneof(
  fc.constantFrom('utf-8', 'UTF-8', 'iso-8859-1', 'gzip', 'br', 'identity', 'fr', 'fr-CA', 'en', 'FR', '*', 'text/html', 'application/json', '*/*', 'text/*', ''),
  fc.stringMatching(/^[a-z*\-/ ]{0,6}$/),
);
const param = fc.constantFrom(';q=0', ';q=1', ';q=0.5', ';q=0.001', ';q=abc', ';Q=0', ' ; q = 0.2', ';level=1', ';', ';q=', ';q=2');
const headerValue = fc
  .array(fc.tuple(member, fc.option(param, { freq: 2 })), { maxLength: 4 })
  .chain((members) => fc.constantFrom(',', ', ', ' ,', ',,').map((sep) => members.map(([m, p]) => m + (p ?? '')).join(sep)));
const headerSet = fc.record(
  { accept: headerValue, 'accept-charset': headerValue, 'accept-encoding': headerValue, 'accept-language': headerValue },
  { requiredKeys: [] },
);

describe('req.accepts* on missing, empty and odd Accept* headers (express@4 answers)', () => {
  it('answers every call as express@4 does without any Accept* header', async () => {
    const answers = await sameAnswers(fourX, {});
    // The reported case: no Accept-Charset reads as `*`, and an exact `*` choice outranks `utf-8`.
    assert.equal(answers['acceptsCharsets(utf-8, *)'], '*');
    assert.equal(answers['acceptsLanguages(fr)'], 'fr');
  });

  it(`answers every call as express@4 does with each Accept* header set to ${VALUES.length} values`, async () => {
    for (const name of NAMES) {
      for (const value of VALUES) await sameAnswers(fourX, { [name]: value });
    }
  });

  it('accepts no charset or language for an empty or blank header', async () => {
    for (const value of ['', ' ']) {
      const answers = await sameAnswers(fourX, { 'accept-charset': value, 'accept-language': value });
      assert.equal(answers['acceptsLanguages(fr)'], false);
      assert.equal(answers['acceptsCharsets(utf-8)'], false);
      assert.deepEqual(answers['acceptsLanguages()'], []);
    }
  });

  it('answers as express@4 does with all four headers set together', async () => {
    for (const value of VALUES) await sameAnswers(fourX, Object.fromEntries(NAMES.map((n) => [n, value])));
  });

  it('answers 150 generated Accept* header sets as express@4 does (fast-check, fixed seed)', async () => {
    await fc.assert(fc.asyncProperty(headerSet, async (headers) => void (await sameAnswers(fourX, headers))), { numRuns: 150, seed: 20261128 });
  });
});

describe('portico/legacy req.acceptsCharset, acceptsLanguage, acceptsEncoding and the accepted* lists (express@3 answers)', () => {
  it('answers every member as express@3 does without any Accept* header', async () => {
    const answers = await sameAnswers(threeX, {});
    assert.equal(answers['acceptsCharset(utf-8)'], true);
    assert.equal(answers['acceptsEncoding(identity)'], false);
  });

  it(`answers every member as express@3 does with each Accept* header set to ${VALUES.length} values`, async () => {
    for (const name of NAMES) {
      for (const value of VALUES) await sameAnswers(threeX, { [name]: value });
    }
  });

  it('looks values up exactly, with no wildcard and no case folding, and restricts nothing with an empty list', async () => {
    const answers = await sameAnswers(threeX, { 'accept-charset': '*', 'accept-language': 'FR', 'accept-encoding': '*' });
    assert.deepEqual([answers['acceptsCharset(utf-8)'], answers['acceptsCharset(*)'], answers['acceptsLanguage(fr)'], answers['acceptsEncoding(gzip)']], [false, true, false, false]);
    const empty = await sameAnswers(threeX, { 'accept-charset': 'utf-8;q=0', 'accept-language': '' });
    assert.deepEqual([empty['acceptsCharset(UTF-8)'], empty['acceptsLanguage(fr)']], [true, true]);
  });

  it('answers 150 generated Accept* header sets as express@3 does (fast-check, fixed seed)', async () => {
    await fc.assert(fc.asyncProperty(headerSet, async (headers) => void (await sameAnswers(threeX, headers))), { numRuns: 150, seed: 20261129 });
  });
});
