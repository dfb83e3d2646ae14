import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import fc from 'fast-check';
import portico from '../../src/index';
import { startServer, type Listener, type SimpleRequest } from '../helpers/server';
import { compareApps, type FrameworkLike } from '../helpers/compare';
import { probeApp, type ParserSpec } from '../helpers/body-probe';
import { both, ct, describeAborts, describeGroups, factoryOutcome, FORM, groups, JSON_TYPE, OCTET, post } from './body-parser-cases';

/**
 * Differential tests of the four body parsers: each request goes to the same probe app built on
 * Portico and on express@4, and the status, `req.body`, the `_body` flag and every property of an
 * error (class, name, message, own keys in order, status, expose, type, extra fields) must agree.
 */

const caseCount = describeGroups('express@4', groups, portico as unknown as FrameworkLike, express);

describe('body parsers against express@4: the differential suite', () => {
  it('covers at least 150 requests', () => {
    assert.ok(caseCount >= 150, `only ${caseCount} cases`);
  });
});

describe('body parser factories against express@4', () => {
  const factoryCases: Array<[string, (fw: FrameworkLike) => unknown]> = [
    ['verify as a string', (fw) => fw.json({ verify: 'x' as never })],
    ['verify as a number', (fw) => fw.raw({ verify: 1 as never })],
    ['verify null', (fw) => fw.text({ verify: null as never })],
    ['verify false', (fw) => fw.text({ verify: false as never })],
    ['parameterLimit 0', (fw) => fw.urlencoded({ extended: true, parameterLimit: 0 })],
    ['parameterLimit -1', (fw) => fw.urlencoded({ extended: false, parameterLimit: -1 })],
    ["parameterLimit 'abc'", (fw) => fw.urlencoded({ extended: false, parameterLimit: 'abc' as never })],
    ["parameterLimit '10'", (fw) => fw.urlencoded({ extended: false, parameterLimit: '10' as never })],
    ['parameterLimit NaN', (fw) => fw.urlencoded({ extended: false, parameterLimit: NaN })],
    ['parameterLimit null', (fw) => fw.urlencoded({ extended: false, parameterLimit: null as never })],
    ['parameterLimit Infinity', (fw) => fw.urlencoded({ extended: false, parameterLimit: Infinity })],
    ['depth -1', (fw) => fw.urlencoded({ extended: true, depth: -1 } as never)],
    ["depth 'abc'", (fw) => fw.urlencoded({ extended: true, depth: 'abc' } as never)],
    ['depth Infinity', (fw) => fw.urlencoded({ extended: true, depth: Infinity } as never)],
    ['depth -1 without extended', (fw) => fw.urlencoded({ extended: false, depth: -1 } as never)],
    ["depth 'abc' without extended", (fw) => fw.urlencoded({ extended: false, depth: 'abc' } as never)],
    ["depth '3'", (fw) => fw.urlencoded({ extended: true, depth: '3' } as never)],
    ['depth null', (fw) => fw.urlencoded({ extended: true, depth: null } as never)],
    ['depth an object', (fw) => fw.urlencoded({ extended: true, depth: {} } as never)],
    ["limit 'bogus'", (fw) => fw.json({ limit: 'bogus' })],
    ["limit ''", (fw) => fw.json({ limit: '' })],
    ["limit '1mb'", (fw) => fw.json({ limit: '1mb' })],
    ['limit false', (fw) => fw.json({ limit: false as never })],
    ['limit NaN', (fw) => fw.json({ limit: NaN })],
    ["limit '0'", (fw) => fw.json({ limit: '0' })],
    ['limit an object', (fw) => fw.json({ limit: {} as never })],
    ['type 1', (fw) => fw.json({ type: 1 as never })],
    ['options null', (fw) => fw.json(null as never)],
    ['options a string', (fw) => fw.raw('x' as never)],
    ['no options', (fw) => fw.text()],
  ];
  for (const [name, make] of factoryCases) {
    it(`behaves like Express with ${name}`, () => {
      assert.deepStrictEqual(
        factoryOutcome(() => make(portico as unknown as FrameworkLike)),
        factoryOutcome(() => make(express)),
      );
    });
  }
});

describeAborts('express@4', portico as unknown as FrameworkLike, express);

describe('body parsers against express@4: the default error handler', () => {
  const requests: Array<[string, ParserSpec, SimpleRequest]> = [
    ['entity.too.large', ['json', { limit: 2 }], post(ct(JSON_TYPE), '{"a":1}')],
    ['entity.parse.failed', ['json'], post(ct(JSON_TYPE), '{')],
    ['charset.unsupported', ['text'], post(ct('text/plain; charset=bogus'), 'x')],
    ['encoding.unsupported', ['raw'], post(ct(OCTET, { 'content-encoding': 'bogus' }), 'x')],
    ['parameters.too.many', ['urlencoded', { extended: false, parameterLimit: 1 }], post(ct(FORM), 'a=1&b=2')],
    ['stream.encoding.set', ['json'], post(ct(JSON_TYPE, { 'x-pre-encoding': 'utf8' }), '{}')],
  ];
  for (const [name, parser, request] of requests) {
    it(`answers ${name} with the same status and type of body`, async () => {
      const build = (fw: FrameworkLike): Listener => {
        const app = fw();
        app.use(((req: { headers: Record<string, string>; setEncoding(e: string): void }, _res: unknown, next: () => void) => {
          if (req.headers['x-pre-encoding']) req.setEncoding(req.headers['x-pre-encoding']);
          next();
        }) as never);
        const factories = fw as unknown as Record<string, (o?: unknown) => unknown>;
        app.use(factories[parser[0]](parser[1]) as never);
        return app as unknown as Listener;
      };
      const [answer] = await compareApps(build, [request]);
      assert.equal(answer.portico.status, answer.express.status);
      assert.equal(answer.portico.headers['content-type'], answer.express.headers['content-type']);
    });
  }
});

describe('body parsers against express@4: generated bodies', () => {
  const jsonish = fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', ' ', '\n', 'a', '1', '-', 'e', '.', 't', 'r', 'u', 'n', 'l', '\\', '#', '\u00e9', '\ud83d'), maxLength: 40 });
  const key = fc.tuple(
    fc.constantFrom('a', 'b', 'user', '__proto__', 'constructor', 'toString', 'x y', '%41', 'é', '%5B', '%5d', '['),
    fc.array(fc.constantFrom('[]', '[0]', '[1]', '[99]', '[100]', '[k]', '[__proto__]', '[prototype]', '[', ']', '%5B', '%5D', '[[k]]'), { maxLength: 4 }),
  ).map(([head, tail]) => head + tail.join(''));
  // Keys may repeat, plain and with brackets (`b[k]=1&b=2`): qs merges them, in Express's way too.
  const form = fc.array(fc.tuple(key, fc.constantFrom('', '1', 'x+y', '%20', '%ZZ', 'a=b', '%C3%A9')), { maxLength: 8 })
    .map((pairs) => pairs.map(([k, v]) => k + '=' + v).join('&'));

  for (const [name, parsers, type, arbitrary] of [
    ['JSON, strict', [['json']], JSON_TYPE, jsonish],
    ['JSON, not strict', [['json', { strict: false }]], JSON_TYPE, jsonish],
    ['forms, extended', [['urlencoded', { extended: true }]], FORM, form],
    ['forms, not extended', [['urlencoded', { extended: false }]], FORM, form],
  ] as Array<[string, ParserSpec[], string, fc.Arbitrary<string>]>) {
    it(`gives the same answer for generated ${name}`, { timeout: 120_000 }, async () => {
      const servers = {
        portico: await startServer(probeApp(portico as unknown as FrameworkLike, parsers)),
        express: await startServer(probeApp(express, parsers)),
      };
      try {
        await fc.assert(
          fc.asyncProperty(arbitrary, async (text) => {
            const { portico: p, express: e } = await both(servers, post(ct(type), text));
            assert.deepStrictEqual(p, e);
          }),
          { numRuns: 150 },
        );
      } finally {
        await servers.portico.close();
        await servers.express.close();
      }
    });
  }
});
