import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import portico from '../../src/index';
import { startServer, send, type RunningServer } from '../helpers/server';
import { makeTempDir } from '../helpers/file-fixtures';

/*
 * res.sendFile and res.download with `root` and a path taken from the request, the way
 * applications use them: whatever the path, the file sent is inside the root, or the answer is an
 * error (403 for a climb out, 400 for NUL, 404 for a missing name).
 *   <tmp>/secret.txt           must never be sent
 *   <tmp>/root/public.txt
 *   <tmp>/root/sub/deeper.txt
 */

const SECRET = 'SECRET-OUTSIDE-ROOT';
let tmp: ReturnType<typeof makeTempDir>;
let server: RunningServer;

before(async () => {
  tmp = makeTempDir('portico-root-');
  const root = join(tmp.dir, 'root');
  mkdirSync(join(root, 'sub'), { recursive: true });
  writeFileSync(join(tmp.dir, 'secret.txt'), SECRET);
  writeFileSync(join(root, 'public.txt'), 'public');
  writeFileSync(join(root, 'sub', 'deeper.txt'), 'deeper');
  const app = portico();
  app.get('/send', (req: any, res: any) => res.sendFile(String(req.query.p), { root }));
  app.get('/download', (req: any, res: any) => res.download(String(req.query.p), 'file.txt', { root }));
  app.use((err: any, _req: unknown, res: any, _next: unknown) => {
    res.status(err.status ?? 500).end('ERR');
  });
  server = await startServer(app);
});

after(async () => {
  await server.close();
  tmp.remove();
});

function request(route: string, path: string) {
  return send(server.port, { path: `/${route}?p=${encodeURIComponent(path)}` });
}

describe('res.sendFile and res.download with root: confinement', () => {
  const climbs = ['../secret.txt', 'sub/../../secret.txt', '..\\secret.txt', 'sub/..\\..\\secret.txt', '/../secret.txt', './../secret.txt', 'sub/../../root/../secret.txt'];
  for (const path of climbs) {
    it(`refuses ${JSON.stringify(path)} with 403`, async () => {
      for (const route of ['send', 'download']) {
        const res = await request(route, path);
        assert.equal(res.status, 403, route);
        assert.ok(!res.text.includes(SECRET));
      }
    });
  }

  it('serves a path that goes down and back up inside the root', async () => {
    assert.equal((await request('send', 'sub/../public.txt')).text, 'public');
    assert.equal((await request('download', 'sub/./deeper.txt')).text, 'deeper');
  });

  it('takes an absolute path as relative to the root', async () => {
    const res = await request('send', join(tmp.dir, 'secret.txt'));
    assert.equal(res.status, 404);
  });

  it('refuses a NUL byte with 400', async () => {
    assert.equal((await request('send', 'public.txt\0.png')).status, 400);
  });

  it('does not decode percent escapes in the path (they are literal names)', async () => {
    assert.equal((await request('send', '%2e%2e/secret.txt')).status, 404);
  });

  it('never sends a file outside the root, for any path (property)', async () => {
    const segment = fc.constantFrom('..', '.', '', 'sub', 'root', 'secret.txt', 'public.txt', '..\\..', '%2e%2e', '\0');
    const separator = fc.constantFrom('/', '\\', '//');
    const path = fc
      .array(fc.tuple(segment, separator), { minLength: 1, maxLength: 7 })
      .map((pairs) => pairs.map(([s, sep]) => s + sep).join('').replace(/[\\/]+$/, '') || '.');
    await fc.assert(
      fc.asyncProperty(path, fc.constantFrom('send', 'download'), async (p, route) => {
        const res = await request(route, p);
        assert.ok(!res.text.includes(SECRET), p);
        assert.ok([200, 400, 403, 404].includes(res.status), `${JSON.stringify(p)} → ${res.status}`);
      }),
      { numRuns: 200 },
    );
  });
});
