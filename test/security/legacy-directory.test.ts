import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import portico from '../../src/index';
import { directory } from '../../src/legacy/middleware/index';
import { withServer, send } from '../helpers/server';

let base = '';
before(() => {
  base = mkdtempSync(join(tmpdir(), 'portico-dir-hostile-'));
  mkdirSync(join(base, 'public', 'sub'), { recursive: true });
  mkdirSync(join(base, 'public-private'));
  writeFileSync(join(base, 'public-private', 'keys.txt'), 'secret');
  writeFileSync(join(base, 'outside.txt'), 'secret');
});
after(() => rmSync(base, { recursive: true, force: true }));

function app() {
  const a = portico();
  a.use(directory(join(base, 'public')));
  a.use((_req: IncomingMessage, res: ServerResponse) => {
    res.statusCode = 404;
    res.end('not here');
  });
  a.use((err: { status?: number }, _req: IncomingMessage, res: ServerResponse, _next: () => void) => {
    res.statusCode = err.status ?? 500;
    res.end('refused');
  });
  return a;
}

async function get(path: string) {
  return withServer(app(), ({ port }) => send(port, { path, headers: { accept: 'application/json' } }));
}

describe('directory() with traversal attempts', () => {
  for (const path of ['/../', '/..', '/sub/../../', '/%2e%2e/', '/%2E%2E%2F', '/..%2f..%2f', '/sub%2f..%2f..%2f', '/../public-private/', '/..%2fpublic-private%2f']) {
    it(`responds 403 for ${path}`, async () => {
      const res = await get(path);
      assert.equal(res.status, 403);
      assert.ok(!res.text.includes('keys.txt') && !res.text.includes('outside.txt'));
    });
  }

  it('still lists a path whose .. stays inside the root', async () => {
    const res = await get('/sub/../');
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.text), ['sub']);
  });

  it('responds 400 for a NUL byte', async () => {
    assert.equal((await get('/sub%00/')).status, 400);
  });

  it('responds 400 for invalid percent-encoding', async () => {
    assert.equal((await get('/%E0%A4%A/')).status, 400);
  });

  it('passes a very long name on without an error', async () => {
    assert.equal((await get('/' + 'a'.repeat(5000) + '/')).status, 404);
  });
});
