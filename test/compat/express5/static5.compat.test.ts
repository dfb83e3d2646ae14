import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, send, type RunningServer } from '../../helpers/server';
import { build, cases, comparable, makeSuiteFiles } from '../static-cases';
import { express5, porticoFiles5, porticoEntry5 } from './files5-frameworks';

/*
 * The shared file-serving cases (../static-cases.ts) against express@5.3 (serve-static 2, send 1,
 * content-disposition 2): express5.static against serveStatic5, and express5's res.sendFile and
 * res.download against sendFile5 and download5 on a Portico app's responses, and on the portico/5
 * entry's own app.
 */

let tmp: ReturnType<typeof makeSuiteFiles>;
let oracle: RunningServer;
let subject: RunningServer;
let entry: RunningServer;

before(async () => {
  tmp = makeSuiteFiles();
  subject = await startServer(build(porticoFiles5, tmp.dir));
  entry = await startServer(build(porticoEntry5, tmp.dir));
  oracle = await startServer(build(express5, tmp.dir));
});

after(async () => {
  await subject.close();
  await entry.close();
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
      assert.deepEqual(comparable(await send(subject.port, request)), expected, 'sendFile5/download5 on a 4.x app');
      assert.deepEqual(comparable(await send(entry.port, request)), expected, 'the portico/5 app');
    });
  }
});
