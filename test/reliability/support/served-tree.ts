import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { makeTempDir } from '../../helpers/file-fixtures';

/**
 * A temporary tree for the reliability app: `root/` is what static and sendFile serve, `uploads/`
 * the legacy multipart directory, and `secret.txt` plus `root-evil/secret.txt` lie outside the root
 * (the second one shares the root's name as a prefix). Every served file has its own size, so a
 * 206 body and its Content-Range identify the file it must be a slice of.
 */
export interface ServedTree {
  root: string;
  uploads: string;
  /** The upload directory of the express@4 oracle. */
  oracleUploads: string;
  /** Relative path → content, for every file under root. */
  files: Map<string, Buffer>;
  /** A marker only the files outside the root contain. */
  secret: string;
  remove(): void;
}

const NAMES = ['a.txt', 'index.html', 'snow ☃/b.bin', 'do..ts.txt', '.hidden', '.mine/x.txt', 'dir/index.html', 'sub/deep/c.json', 'big.bin', '%2e%2e', 'with space.txt'];
const SIZES = [37, 512, 70_000, 5, 9, 11, 64, 300, 2 * 1024 * 1024 + 17, 13, 1000];

/** Deterministic bytes, different for every name. */
function contentFor(name: string, size: number): Buffer {
  const out = Buffer.alloc(size);
  let block = createHash('sha256').update(name).digest();
  for (let i = 0; i < size; i += block.length) {
    block.copy(out, i);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

export function makeServedTree(): ServedTree {
  const { dir, remove } = makeTempDir('portico-reliability-');
  const root = join(dir, 'root');
  const uploads = join(dir, 'uploads');
  mkdirSync(root);
  mkdirSync(uploads);
  mkdirSync(join(dir, 'uploads-oracle'));
  const files = new Map<string, Buffer>();
  NAMES.forEach((name, i) => {
    const content = contentFor(name, SIZES[i]);
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
    files.set(name, content);
  });
  const secret = `SECRET-${createHash('sha256').update(dir).digest('hex').slice(0, 16)}`;
  writeFileSync(join(dir, 'secret.txt'), secret);
  mkdirSync(join(dir, 'root-evil'));
  writeFileSync(join(dir, 'root-evil', 'secret.txt'), secret);
  return { root, uploads, oracleUploads: join(dir, 'uploads-oracle'), files, secret, remove };
}

/**
 * Whether a 200/206 body is byte-exact: the whole of one served file, or for 206 the slice its
 * Content-Range names of the file of that total size. Returns the reason when it is not.
 */
export function checkFileBody(tree: ServedTree, status: number, headers: Record<string, string>, body: Buffer): string | null {
  if (body.includes(tree.secret)) return 'served a file outside the root';
  if (status === 206) {
    const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(headers['content-range'] ?? '');
    if (!match) return `206 without a single Content-Range (${headers['content-range']}, ${headers['content-type']})`;
    const [start, end, total] = match.slice(1).map(Number);
    const file = [...tree.files.values()].find((c) => c.length === total);
    if (!file) return `206 of a size no served file has (${total})`;
    return file.subarray(start, end + 1).equals(body) ? null : `wrong bytes in range ${start}-${end}`;
  }
  for (const content of tree.files.values()) if (content.equals(body)) return null;
  return `200 body of ${body.length} bytes is no served file`;
}
