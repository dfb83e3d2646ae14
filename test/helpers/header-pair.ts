// Two apps, one on Portico and one on its reference, listening side by side; each GET goes to both
// and the answers must be equal (status, headers but the volatile ones and the file's dates, body).
// With a 12-byte file in a folder of its own, for tests of Range and conditional file answers.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, send, type Listener, type RunningServer, type SimpleResponse } from './server';
import { stableHeaders } from './compare';

/** A 12-byte file (`hello world!`) in a new folder named from `prefix`. */
export function twelveByteFile(prefix: string): { dir: string; file: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = join(dir, 'twelve.txt');
  writeFileSync(file, 'hello world!');
  return { dir, file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface HeaderPair {
  /** The two servers, for requests the test compares itself. */
  ours: RunningServer;
  theirs: RunningServer;
  /** Sends `GET path` with `headers` to both; asserts the answers equal and returns Portico's. */
  sameAnswer(path: string, headers: Record<string, string>): Promise<SimpleResponse>;
  close(): Promise<void>;
}

/** What is compared of an answer: status, headers but the volatile ones and the file's dates, body bytes. */
export function comparable(res: SimpleResponse) {
  return { status: res.status, headers: stableHeaders(res, ['last-modified', 'etag']), body: res.body.toString('latin1') };
}

/** Starts `ours` and `theirs` on 127.0.0.1. */
export async function startHeaderPair(ours: Listener, theirs: Listener): Promise<HeaderPair> {
  const [mine, oracle] = await Promise.all([startServer(ours), startServer(theirs)]);
  return {
    ours: mine,
    theirs: oracle,
    async sameAnswer(path, headers) {
      const request = { method: 'GET', path, headers };
      const [a, b] = await Promise.all([send(mine.port, request), send(oracle.port, request)]);
      assert.deepEqual(comparable(a), comparable(b), `GET ${path} ${JSON.stringify(headers)}`);
      return a;
    },
    close: async () => {
      await mine.close();
      await oracle.close();
    },
  };
}
