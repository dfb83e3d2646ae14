import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import portico from '../src/index';
import { startServer, send, type RunningServer } from './helpers/server';
import { stableHeaders } from './helpers/compare';
import { makeTempDir } from './helpers/file-fixtures';

/*
 * Portico's static middleware keeps no stat cache (docs/static-files.md, "No stat cache, by
 * decision"): a file replaced on disk is what the next request gets, even a conditional one carrying
 * the old ETag. Each framework serves a directory of its own, the file is changed in both the same
 * way (new size, new modification time), and the answers are compared with express@4's.
 */

type Framework = typeof express;

let dirs: Record<'portico' | 'express', ReturnType<typeof makeTempDir>>;
let servers: Record<'portico' | 'express', RunningServer>;

function build(framework: Framework, root: string) {
  const app = framework();
  app.use('/static', framework.static(root));
  return app;
}

/** Writes the file with `content` and a fixed modification time, so both directories agree. */
function writeFile(dir: string, content: string, mtimeSeconds: number): void {
  const file = join(dir, 'page.txt');
  writeFileSync(file, content);
  utimesSync(file, mtimeSeconds, mtimeSeconds);
}

describe('static: a file changed on disk is seen by the next request', () => {
  before(async () => {
    dirs = { portico: makeTempDir('portico-changed-'), express: makeTempDir('express-changed-') };
    for (const d of Object.values(dirs)) writeFile(d.dir, 'first version', 1_700_000_000);
    servers = {
      portico: await startServer(build(portico as unknown as Framework, dirs.portico.dir)),
      express: await startServer(build(express, dirs.express.dir)),
    };
  });

  after(async () => {
    await Promise.all(Object.values(servers).map((s) => s.close()));
    for (const d of Object.values(dirs)) d.remove();
  });

  it('answers 304 to its ETag, then 200 with the new body and a new ETag once the file changed', async () => {
    const first = await send(servers.portico.port, { path: '/static/page.txt' });
    assert.equal(first.status, 200);
    assert.equal(first.text, 'first version');
    const oldTag = first.headers.etag as string;
    assert.ok(oldTag);

    const unchanged = await send(servers.portico.port, { path: '/static/page.txt', headers: { 'if-none-match': oldTag } });
    assert.equal(unchanged.status, 304);

    for (const d of Object.values(dirs)) writeFile(d.dir, 'second, longer version', 1_700_000_100);
    const request = { path: '/static/page.txt', headers: { 'if-none-match': oldTag } };
    const ours = await send(servers.portico.port, request);
    const theirs = await send(servers.express.port, request);

    assert.equal(ours.status, 200);
    assert.equal(ours.text, 'second, longer version');
    assert.notEqual(ours.headers.etag, oldTag);
    assert.equal(ours.status, theirs.status);
    assert.deepEqual(stableHeaders(ours), stableHeaders(theirs));
    assert.equal(ours.text, theirs.text);

    const again = await send(servers.portico.port, { path: '/static/page.txt', headers: { 'if-none-match': ours.headers.etag as string } });
    assert.equal(again.status, 304);
  });
});
