// Waiting for what a test depends on rather than for a length of time: on a loaded machine any
// fixed delay is sometimes too short.
import type { Server, Socket } from 'node:net';

/** A promise and the function that settles it: a handler or callback signals, the test awaits. */
export function signal<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Resolves once `condition()` holds, checking every `intervalMs`; rejects naming `what` (or what
 * `what()` says then) after `timeoutMs`. For a state no event announces to the test (a file removed by the server, a
 * descriptor closed, a process gone); the bound is generous, as it only limits a failing test.
 */
export async function until(condition: () => boolean | Promise<boolean>, what: string | (() => string), timeoutMs = 15_000, intervalMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Follows the connections `server` accepts from now on; `read(bytes)` resolves once one of them
 * has read `bytes` bytes from its client. A test that hangs up mid-body waits on this to know the
 * server holds what was sent (node's HTTP parser handles the bytes in the same turn as it reads them).
 */
export function watchReads(server: Server): (bytes: number) => Promise<void> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => sockets.add(socket));
  return (bytes) => until(() => [...sockets].some((s) => s.bytesRead >= bytes), `the server to read ${bytes} bytes`);
}
