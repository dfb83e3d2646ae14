import http2 from 'node:http2';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Listener } from './server';
import * as porticoHttp2 from '../../src/http2';

/** The test-only key pair (self-signed for `localhost` and 127.0.0.1; never used outside tests). */
export const TLS = {
  key: readFileSync(join(__dirname, '..', 'fixtures', 'tls', 'localhost-key.pem')),
  cert: readFileSync(join(__dirname, '..', 'fixtures', 'tls', 'localhost-cert.pem')),
};

export interface RunningHttp2Server {
  /** `https://127.0.0.1:port` (TLS, ALPN h2 + http/1.1) or `http://127.0.0.1:port` (h2c). */
  url: string;
  port: number;
  server: http2.Http2Server | http2.Http2SecureServer;
  close(): Promise<void>;
}

/**
 * How the server is created: node:http2's own `createServer`/`createSecureServer` given the app, or
 * `portico/http2`'s, whose request and response objects node constructs from Portico's classes.
 */
export type Http2Startup = 'node:http2' | 'portico/http2';
export const HTTP2_STARTUPS: readonly Http2Startup[] = ['node:http2', 'portico/http2'];

/** `http2.createSecureServer({ allowHTTP1: true, key, cert }, app)` on 127.0.0.1:0. */
export function startSecureHttp2(app: Listener, options: http2.SecureServerOptions = {}, startup: Http2Startup = 'node:http2'): Promise<RunningHttp2Server> {
  const all = { allowHTTP1: true, ...TLS, ...options };
  const server = startup === 'node:http2' ? http2.createSecureServer(all, app as never) : porticoHttp2.createSecureServer(all, app);
  return listen(server, 'https');
}

/** `http2.createServer(app)` (h2c, prior knowledge) on 127.0.0.1:0. */
export function startCleartextHttp2(app: Listener, startup: Http2Startup = 'node:http2'): Promise<RunningHttp2Server> {
  return listen(startup === 'node:http2' ? http2.createServer(app as never) : porticoHttp2.createServer(app), 'http');
}

function listen(server: http2.Http2Server | http2.Http2SecureServer, scheme: string): Promise<RunningHttp2Server> {
  // Sessions still open when a test closes the server are destroyed, or `close` would wait for them.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (s: http2.ServerHttp2Session) => {
    sessions.add(s);
    s.on('close', () => sessions.delete(s));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        url: `${scheme}://127.0.0.1:${port}`,
        port,
        server,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sessions) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** A client session to `url`; TLS sessions trust the test certificate. */
export function connect(url: string): Promise<http2.ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(url, url.startsWith('https') ? { ca: TLS.cert, servername: 'localhost' } : {});
    session.once('connect', () => resolve(session));
    session.once('error', reject);
  });
}

export interface H2Request {
  method?: string;
  path?: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** Leave `content-length` out of a request with a body (node's client does not add one). */
  noContentLength?: boolean;
}

export interface H2Response {
  status: number;
  /** Response headers without pseudo-headers. */
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** One request on `session`: resolves with the whole response. */
export function request(session: http2.ClientHttp2Session, req: H2Request = {}): Promise<H2Response> {
  return new Promise((resolve, reject) => {
    const headers: http2.OutgoingHttpHeaders = { ':method': req.method ?? 'GET', ':path': req.path ?? '/', ...req.headers };
    if (req.body !== undefined && !req.noContentLength && headers['content-length'] === undefined) {
      headers['content-length'] = Buffer.byteLength(req.body);
    }
    const stream = session.request(headers, { endStream: req.body === undefined });
    const chunks: Buffer[] = [];
    let status = 0;
    let responseHeaders: Record<string, string | string[] | undefined> = {};
    stream.on('response', (h) => {
      status = Number(h[':status']);
      responseHeaders = {};
      for (const [k, v] of Object.entries(h)) if (!k.startsWith(':')) responseHeaders[k] = v as string | string[];
    });
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const body = Buffer.concat(chunks);
      resolve({ status, headers: responseHeaders, body, text: body.toString('utf8') });
    });
    stream.on('error', reject);
    if (req.body !== undefined) stream.end(req.body);
  });
}

/** One request on a fresh session to `url`, closed afterwards. */
export async function requestOnce(url: string, req: H2Request = {}): Promise<H2Response> {
  const session = await connect(url);
  try {
    return await request(session, req);
  } finally {
    session.close();
  }
}
