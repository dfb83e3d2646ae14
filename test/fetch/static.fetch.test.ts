import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import portico from '../../src/index';
import { startServer, send, type RunningServer } from '../helpers/server';
import { build, cases, comparable, makeSuiteFiles, type Framework } from '../compat/static-cases';
import { fetchMode } from './fetch-mode';
import { express5, porticoEntry5 } from '../compat/express5/files5-frameworks';

/*
 * The static, sendFile and download differential battery (ranges, conditional requests, 304, HEAD,
 * vanishing files, errors), with Portico reached through `app.fetch` behind @hono/node-server and
 * express@4 over node:http.
 *
 * A Request's URL is a parsed URL: dot segments are resolved, `\` becomes `/`, a fragment is cut off,
 * some characters are percent-encoded, and an absolute-form target keeps only its path (docs/fetch.md).
 * A request whose target parsing changes is compared with express@4's answer to the parsed target,
 * which is what the app is given.
 */

// express@4's deprecation notices (the `hidden` option) are expected here.
process.env.NO_DEPRECATION = 'express,send';

/**
 * Targets @hono/node-server refuses before any app sees them: 400 for a backslash, and 500 for
 * userinfo once the real Request is built, which app.fetch asks for only for a method that may
 * carry a body (it reads `body` then).
 */
const REFUSED_BY_ADAPTER = (path: string, method = 'GET'): boolean =>
  path.includes('\\') || (method !== 'GET' && method !== 'HEAD' && /^https?:\/\/[^/]*@/.test(path));

/** The target a Request for `path` carries: what the URL parser makes of it. */
function parsedTarget(path: string): string {
  const url = new URL(path, 'http://127.0.0.1');
  const href = url.href;
  const start = href.indexOf('/', href.indexOf('//') + 2);
  const hash = href.indexOf('#', start);
  return hash === -1 ? href.slice(start) : href.slice(start, hash);
}

function describeFiles(title: string, ours: Framework, oracleFramework: Framework): void {
describe(title, () => {
  let tmp: ReturnType<typeof makeSuiteFiles>;
  let oracle: RunningServer;
  let subject: RunningServer;

  before(async () => {
    tmp = makeSuiteFiles();
    subject = await startServer(build(fetchMode(ours), tmp.dir));
    oracle = await startServer(build(oracleFramework, tmp.dir));
  });

  after(async () => {
    await subject.close();
    await oracle.close();
    tmp.remove();
  });

  const all = cases();
  it('covers at least 100 cases', () => {
    assert.ok(all.length >= 100, String(all.length));
  });

  for (const { name, request } of all) {
    const path = request.path ?? '/';
    const target = parsedTarget(path);
    const label = name.length > 100 ? name.slice(0, 97) + '...' : name;
    if (REFUSED_BY_ADAPTER(path, request.method)) {
      it(`${label}: refused by the adapter, as docs/fetch.md says`, async () => {
        const answer = await send(subject.port, request);
        assert.ok(answer.status === 400 || answer.status === 500, String(answer.status));
        assert.equal(answer.headers['x-powered-by'], undefined, 'the app was not reached');
      });
      continue;
    }
    it(target === path ? label : `${label} (as ${target}, its parsed URL)`, async () => {
      const expected = comparable(await send(oracle.port, { ...request, path: target }));
      assert.deepEqual(comparable(await send(subject.port, request)), expected);
    });
  }
});
}

describeFiles('static, sendFile and download over app.fetch match express@4', portico as unknown as Framework, express);
describeFiles('portico/5: static, sendFile and download over app.fetch match express@5.3', porticoEntry5, express5);
