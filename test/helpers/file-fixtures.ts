import { statSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

/** The file tree the file-sending tests serve (awkward names on purpose: `snow ☃/`, `do..ts.txt`, `.mine/`). */
export const FILES = join(__dirname, '..', 'fixtures', 'files');

/** A path inside the fixture tree. */
export function fixture(...parts: string[]): string {
  return join(FILES, ...parts);
}

/** The weak ETag Express's file sender gives a file: `W/"<size hex>-<mtime ms hex>"`. */
export function etagOf(path: string): string {
  const stat = statSync(path);
  return 'W/"' + stat.size.toString(16) + '-' + stat.mtime.getTime().toString(16) + '"';
}

/** The file's `Last-Modified` value. */
export function lastModifiedOf(path: string): string {
  return statSync(path).mtime.toUTCString();
}

/** A fresh temporary directory, removed by the returned function. */
export function makeTempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The fields of an error that Express-compatible error handlers read, as JSON-able data. */
export function errorFields(err: unknown): Record<string, unknown> {
  const e = err as Record<string, unknown> & Error;
  return {
    name: e.name,
    message: e.message,
    status: e.status,
    statusCode: e.statusCode,
    expose: e.expose,
    code: e.code,
    syscall: e.syscall,
    headers: e.headers,
  };
}
