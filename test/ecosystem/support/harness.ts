import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

/**
 * The framework an ecosystem app is built on, typed as Express 4 (@types/express): the
 * packages' own typings (`req.session`, `req.user`, `req.file`, `req.flash`) augment those types,
 * and the apps are written exactly as the packages' READMEs write them for Express.
 */
export type Framework = typeof express;

/**
 * Portico, or express@4 when `ECOSYSTEM_ORACLE=express` is set: running the same suite on the
 * reference shows that a failure on Portico is Portico's, not the test's.
 */
export function frameworkUnderTest(portico: unknown): Framework {
  return process.env.ECOSYSTEM_ORACLE === 'express' ? express : (portico as Framework);
}

export interface Listening {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/** `app.listen(0, '127.0.0.1')` as an app in the wild starts, resolved once the port is known. */
export async function listen(app: { listen: express.Application['listen'] }): Promise<Listening> {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return listening(server);
}

/** Wraps a listening server with its URL and a `close` that also drops keep-alive sockets. */
export function listening(server: Server): Listening {
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts the app, runs `fn` against it, and always closes the server. */
export async function withApp<T>(app: { listen: express.Application['listen'] }, fn: (srv: Listening) => Promise<T>): Promise<T> {
  const srv = await listen(app);
  try {
    return await fn(srv);
  } finally {
    await srv.close();
  }
}

/** A browser-like cookie jar for fetch: remembers `name=value` from Set-Cookie, sends them back. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** Records the cookies a response sets (an empty value or a past expiry removes one). */
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0];
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header value for the next request. */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** fetch with the jar's cookies, no redirect following, and the response's cookies stored. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.header());
    const res = await fetch(url, { redirect: 'manual', ...init, headers });
    this.store(res);
    return res;
  }
}

/** A urlencoded form body, as a browser posts it. */
export function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}
