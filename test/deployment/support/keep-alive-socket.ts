import net from 'node:net';

/**
 * One keep-alive connection, spoken to in raw HTTP/1.1 so the test sees exactly what a client
 * sees when the server drains: `received` resolves once `minBytes`… of response arrived
 * (`until` matches), `closed` resolves with everything read when the server ends the connection
 * (FIN), and rejects on a reset.
 */
export function keepAliveSocket(port: number): {
  send(request: string): void;
  received(until: RegExp): Promise<string>;
  closed: Promise<string>;
  destroy(): void;
} {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  const waiters = new Set<() => void>();
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    text += chunk;
    for (const w of waiters) w();
  });
  const closed = new Promise<string>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('end', () => resolve(text));
  });
  return {
    send: (request) => socket.write(request),
    received: (until) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${until} on the connection within 30 s; read so far:\n${text}`)), 30_000);
        const check = () => {
          if (!until.test(text)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(text);
        };
        waiters.add(check);
        check();
      }),
    closed,
    destroy: () => socket.destroy(),
  };
}
