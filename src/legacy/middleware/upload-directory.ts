import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** An extension worth keeping on the temporary file (image tools look at it); anything else is dropped. */
const SAFE_EXTENSION = /^\.[A-Za-z0-9]{1,16}$/;

/**
 * The temporary directory of one request's uploads. It is created on the first file, under
 * `parent`, with a random name; files inside get generated names (a counter, random bytes and
 * at most a plain extension), never a client-supplied path, so nothing lands outside it.
 */
export class UploadDirectory {
  private created: Promise<string> | null = null;
  private count = 0;
  private removed = false;

  constructor(private readonly parent: string) {}

  /** Opens a new, exclusive (`wx`, mode 0600) file for an upload named `originalFilename`. */
  async open(originalFilename: string): Promise<{ path: string; stream: WriteStream }> {
    if (this.created === null) this.created = mkdtemp(join(this.parent, 'portico-upload-'));
    const dir = await this.created;
    if (this.removed) throw new Error('upload directory already removed');
    const ext = extname(originalFilename);
    const name = `${++this.count}-${randomBytes(8).toString('hex')}${SAFE_EXTENSION.test(ext) ? ext.toLowerCase() : ''}`;
    const path = join(dir, name);
    return { path, stream: createWriteStream(path, { flags: 'wx', mode: 0o600 }) };
  }

  /** Removes the directory and everything in it; safe to call more than once. */
  async remove(): Promise<void> {
    this.removed = true;
    if (this.created === null) return;
    const dir = await this.created.catch(() => null);
    if (dir !== null) await rm(dir, { recursive: true, force: true });
  }
}
