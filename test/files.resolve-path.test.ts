import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join, normalize, sep } from 'node:path';
import fc from 'fast-check';
import { resolveFilePath } from '../src/files/resolve-path';

/*
 * resolveFilePath skips normalisation for plain paths. Whatever path it is given, the answer must be
 * the one normalisation gives: the same file, the same segments for the dotfile rule, the same refusals.
 * (Requests over HTTP exercise the same function in express.static.test.ts and static-traversal.test.ts.)
 */

/** The answer by normalisation alone, written out independently of the fast path. */
function byNormalising(path: string, root: string): unknown {
  if (path.includes('\0')) return { ok: false, status: 400 };
  const relative = normalize('.' + sep + path);
  if (/(?:^|[\\/])\.\.(?:[\\/]|$)/.test(relative)) return { ok: false, status: 403 };
  return { ok: true, path: normalize(join(root, relative)), parts: relative.split(sep) };
}

const pieces = ['/', '//', '.', '..', '/..', '/.', 'a', 'b.txt', '.env', '~x', '-', '_', '\\', '%2e', '\0', 'é', ' '];

describe('resolveFilePath', () => {
  it('answers as normalisation does, for any mix of segments', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), fc.constantFrom('/srv/www', '/', '/srv/.hidden/root'), (parts, root) => {
        const path = '/' + parts.join('');
        assert.deepEqual(resolveFilePath(path, root), byNormalising(path, root));
      }),
      { numRuns: 3000 },
    );
  });

  it('takes plain paths as they are, with their segments', () => {
    assert.deepEqual(resolveFilePath('/static/small.txt', '/srv'), { ok: true, path: '/srv/static/small.txt', parts: ['static', 'small.txt'] });
    assert.deepEqual(resolveFilePath('/dir/', '/'), { ok: true, path: '/dir/', parts: ['dir', ''] });
  });

  it('refuses a climb out of the root and a NUL byte', () => {
    assert.deepEqual(resolveFilePath('/a/../../etc/passwd', '/srv'), { ok: false, status: 403 });
    assert.deepEqual(resolveFilePath('/a\0b', '/srv'), { ok: false, status: 400 });
  });
});
