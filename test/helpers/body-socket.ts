import net from 'node:net';

/**
 * A client on a raw socket, for what node's http client will not do: send a body slower than
 * declared, abort half-way, declare a gigabyte and send a few megabytes, pipeline a second request.
 */
export class RawClient {
  readonly socket: net.Socket;
  received = '';
  closed = false;
  readonly closedPromise: Promise<void>;
  private waiters: Array<() => void> = [];

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => {
      this.received += chunk.toString('latin1');
      this.wake();
    });
    // Writes after the server has closed fail with EPIPE/ECONNRESET: that is expected here.
    this.socket.on('error', () => {});
    this.closedPromise = new Promise((resolve) =>
      this.socket.on('close', () => {
        this.closed = true;
        this.wake();
        resolve();
      }),
    );
  }

  /** Writes and resolves once the bytes are handed to the kernel (or the socket failed). */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  /** Resolves when `predicate` holds on what was received, or rejects after `ms` (generous: a bound for a failing test). */
  until(predicate: (received: string) => boolean, ms = 15_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out; received: ' + JSON.stringify(this.received.slice(0, 300)))), ms);
      const check = (): void => {
        if (predicate(this.received)) {
          clearTimeout(timer);
          this.waiters = this.waiters.filter((w) => w !== check);
          resolve(this.received);
        } else if (this.closed) {
          clearTimeout(timer);
          reject(new Error('closed; received: ' + JSON.stringify(this.received.slice(0, 300))));
        }
      };
      this.waiters.push(check);
      check();
    });
  }

  /** Resolves once `count` complete responses (status line to end of a Content-Length body) arrived. */
  responses(count: number, ms = 15_000): Promise<string[]> {
    return this.until((r) => splitResponses(r).length >= count, ms).then((r) => splitResponses(r));
  }

  destroy(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }
}

/** Complete responses found in `raw` (each with a Content-Length). */
export function splitResponses(raw: string): string[] {
  const out: string[] = [];
  let rest = raw;
  while (true) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) return out;
    const head = rest.slice(0, end);
    const match = /\r\ncontent-length: *(\d+)/i.exec(head);
    const length = match ? Number(match[1]) : 0;
    if (rest.length < end + 4 + length) return out;
    out.push(rest.slice(0, end + 4 + length));
    rest = rest.slice(end + 4 + length);
  }
}

/** The status code of a raw response. */
export function statusOf(response: string): number {
  return Number(response.split(' ')[1]);
}

/** Resolves after `ms`. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
