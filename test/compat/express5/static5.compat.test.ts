import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import portico from '../../../src/index';
import { serveStatic5 } from '../../../src/static/serve-static-5';
import { sendFile5, download5 } from '../../../src/response/send-file-5';
import { startServer, send, type RunningServer } from '../../helpers/server';
import { build, cases, comparable, makeSuiteFiles, type Framework } from '../static-cases';

/*
 * The shared file-serving cases (../static-cases.ts) against express@5.3 (serve-static 2, send 1,
 * content-disposition 2): express5.static against serveStatic5, and express5's res.sendFile and
 * res.download against sendFile5 and download5 on a Portico app's responses.
 */

const express5 = createRequire(__filename)('express5') as Framework;

/**
 * A Portico app whose responses send files as Express 5 does: `sendFile5`/`download5` in place of the
 * 4.x methods, and no `res.sendfile` (Express 5 removed it), with `serveStatic5` as its `static`.
 */
export const porticoFiles5 = Object.assign(
  () => {
    const app = portico();
    app.use(function fileMethods5(_req, res, next) {
      const r = res as unknown as Record<string, unknown>;
      r.sendFile = sendFile5;
      r.download = download5;
      r.sendfile = undefined;
      next();
    });
    return app;
  },
  { static: serveStatic5 },
) as unknown as Framework;

let tmp: ReturnType<typeof makeSuiteFiles>;
let oracle: RunningServer;
let subject: RunningServer;

before(async () => {
  tmp = makeSuiteFiles();
  subject = await startServer(build(porticoFiles5, tmp.dir));
  oracle = await startServer(build(express5, tmp.dir));
});

after(async () => {
  await subject.close();
  await oracle.close();
  tmp.remove();
});

describe('static5, sendFile5 and download5 match express@5', () => {
  const all = cases();

  it('covers at least 100 cases', () => {
    assert.ok(all.length >= 100, String(all.length));
  });

  for (const { name, request } of all) {
    it(name.length > 120 ? name.slice(0, 117) + '...' : name, async () => {
      const expected = comparable(await send(oracle.port, request));
      const actual = comparable(await send(subject.port, request));
      assert.deepEqual(actual, expected);
    });
  }
});
