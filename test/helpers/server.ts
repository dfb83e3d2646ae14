import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveApp } from './transport';

/** A request listener, as an app or any `(req, res)` function is. */
export type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface RunningServer {
  url: string;
  port: number;
  server: http.Server;
  close(): Promise<void>;
}

/**
 * Starts `app` on 127.0.0.1 on an ephemeral port through node:http's own server, or, for a Portico
 * app under `PORTICO_TRANSPORT=fetch`, through `app.fetch` behind a Node adapter (./transport.ts).
 */
export async function startServer(app: Listener, options: http.ServerOptions = {}): Promise<RunningServer> {
  const server = serveApp(app, options);
  return listenOn(server);
}

/** Listens on 127.0.0.1:0 and resolves once the port is known; `close` also drops keep-alive sockets. */
export async function listenOn(server: http.Server): Promise<RunningServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return running(server);
}

/** Starts `app` on 127.0.0.1 on an ephemeral port through the server its own `app.listen` creates. */
export async function startWithAppListen(app: { listen(port: number, host: string, cb: () => void): http.Server }): Promise<RunningServer> {
  let server: http.Server | undefined;
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', resolve);
  });
  return running(server as http.Server);
}

function running(server: http.Server): RunningServer {
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

export interface SimpleResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
  text: string;
}

export interface SimpleRequest {
  method?: string;
  path?: string;
  headers?: http.OutgoingHttpHeaders;
  body?: string | Buffer;
}

/**
 * One HTTP request over node:http (no normalisation of the path or headers, unlike fetch);
 * `sent` is called once the whole request is handed to the kernel.
 */
export function send(port: number, req: SimpleRequest = {}, sent?: () => void): Promise<SimpleResponse> {
  return new Promise((resolve, reject) => {
    const r = http.request(
      { host: '127.0.0.1', port, method: req.method ?? 'GET', path: req.path ?? '/', headers: req.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    if (req.body !== undefined) r.write(req.body);
    r.end(sent);
  });
}

/** Starts `app`, runs `fn` against it, and always closes the server. */
export async function withServer<T>(app: Listener, fn: (srv: RunningServer) => Promise<T>): Promise<T> {
  const srv = await startServer(app);
  try {
    return await fn(srv);
  } finally {
    await srv.close();
  }
}
