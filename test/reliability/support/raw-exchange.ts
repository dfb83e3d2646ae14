import net from 'node:net';

/** The first response found in what the server sent back, or status 0 when there was none. */
export interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The server neither answered nor closed within the bound. */
  timedOut: boolean;
  /** Everything received, for pipelining checks. */
  raw: Buffer;
  elapsedMs: number;
}

export interface ExchangeOptions {
  /** The request is a HEAD: its answer has no body. */
  head?: boolean;
  /**
   * Half-close the connection once the request is written, as a client that stops sending does:
   * a body shorter than announced then ends at once instead of waiting. Node's server closes a
   * half-closed connection, so an answer that is not ready by then is lost (for express@4 too).
   */
  halfClose?: boolean;
}

/**
 * Writes `request` (one buffer, or pieces written in turn) on a fresh connection to 127.0.0.1 and
 * reads until the server closes or `timeoutMs` passes. Ask for `Connection: close` in the request.
 */
export function exchange(port: number, request: Buffer | Buffer[], timeoutMs: number, options: ExchangeOptions = {}): Promise<Exchange> {
  const head = options.head === true;
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (timedOut: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks);
      resolve({ ...parseFirstResponse(raw, head), timedOut, raw, elapsedMs: Date.now() - started });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(false));
    socket.on('connect', () => {
      for (const piece of Array.isArray(request) ? request : [request]) socket.write(piece);
      if (options.halfClose) socket.end();
    });
  });
}

/** Parses the first response of `raw`: status, lower-case headers (last wins) and its body. */
export function parseFirstResponse(raw: Buffer, head = false): { status: number; headers: Record<string, string>; body: Buffer; rest: Buffer } {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) return { status: 0, headers: {}, body: Buffer.alloc(0), rest: Buffer.alloc(0) };
  const [statusLine, ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine.split(' ')[1]) || 0;
  let rest = raw.subarray(end + 4);
  if (head || status === 204 || status === 304 || (status >= 100 && status < 200)) {
    return { status, headers, body: Buffer.alloc(0), rest };
  }
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd === -1) break;
      const size = Number.parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
      if (!(size > 0)) {
        rest = rest.subarray(Math.min(rest.length, lineEnd + 4));
        break;
      }
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
    return { status, headers, body: Buffer.concat(parts), rest };
  }
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    return { status, headers, body: rest.subarray(0, length), rest: rest.subarray(length) };
  }
  return { status, headers, body: rest, rest: Buffer.alloc(0) };
}
