import { open, read, close } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { Buffer } from 'node:buffer';
import { finished } from 'node:stream';
import type { StreamOutcome } from './stream-file';

function ignoreCloseError(): void {
  // The bytes were already read; a failing close has nothing left to report to.
}

/**
 * Sends bytes `start`–`end` (inclusive) of a small file (at most one read's worth, FILE_CHUNK_SIZE)
 * with one `fs.read` into a buffer of that size, then `res.write(buffer)` and `res.end()`: the calls a
 * piped one-chunk stream makes, without the stream (its object, state, listeners and piping cost as
 * much again as the file's open, read and close for a 10 KB file). The descriptor is open only from
 * `open` to the end of the read, so a client that disconnects leaves nothing behind. The bytes on the
 * wire, the errors and their timing are the stream's: an error before any byte is reported without
 * touching `res`, and a file that shrank since stat sends what it still has.
 * `watch` asks for `'finished'`/`'aborted'` once the response is done; without it only errors and
 * a client gone before the write are reported.
 */
export function sendSmallFile(
  res: ServerResponse,
  path: string,
  start: number,
  end: number,
  watch: boolean,
  done: (outcome: StreamOutcome) => void,
): void {
  open(path, 'r', (openError, fd) => {
    if (openError) {
      done(openError);
      return;
    }
    if (res.destroyed) {
      close(fd, ignoreCloseError);
      done('aborted');
      return;
    }
    const length = end - start + 1;
    const buffer = Buffer.allocUnsafe(length);
    read(fd, buffer, 0, length, start, (readError, bytesRead) => {
      close(fd, ignoreCloseError);
      if (readError) {
        done(readError);
        return;
      }
      if (res.destroyed) {
        done('aborted');
        return;
      }
      if (watch) finished(res, (err) => done(err ? 'aborted' : 'finished'));
      if (bytesRead > 0) res.write(bytesRead === length ? buffer : buffer.subarray(0, bytesRead));
      res.end();
    });
  });
}
