import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import { withoutAdapterAdditions } from './fetch-mode';
import { listenOn, send, startServer, type Listener, type RunningServer, type SimpleRequest, type SimpleResponse } from '../helpers/server';

/** An app as these tests use it: a node:http listener with `fetch`. */
export type FetchApp = Listener & { fetch: (request: Request, context?: unknown, ...rest: unknown[]) => Promise<Response> };

/** The same app on node:http and through `app.fetch` behind @hono/node-server, both on 127.0.0.1. */
export interface FetchPair {
  node: RunningServer;
  fetch: RunningServer;
  /** Sends `request` to both; node:http's answer first. */
  send(request: SimpleRequest): Promise<{ node: SimpleResponse; fetch: SimpleResponse }>;
  close(): Promise<void>;
}

/** Starts `app` twice: on node:http, and served by @hono/node-server from `app.fetch`. */
export async function startPair(app: FetchApp): Promise<FetchPair> {
  const node = await startServer(app);
  const fetch = await listenOn(createAdaptorServer({ fetch: withoutAdapterAdditions(app.fetch), hostname: '127.0.0.1', overrideGlobalObjects: false }) as Server);
  return {
    node,
    fetch,
    send: async (request) => ({ node: await send(node.port, request), fetch: await send(fetch.port, request) }),
    close: async () => {
      await node.close();
      await fetch.close();
    },
  };
}

/** Headers that belong to the connection or the moment, not to the app's answer. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * A cookie set with `maxAge` carries `Expires` = the moment it was set + Max-Age: the two servers
 * are asked one after the other, so their dates may be a second apart. The date is kept as a
 * date, checked to be within 5 s of Max-Age from now; Max-Age itself is compared as sent.
 */
function clockFree(cookie: string): string {
  const maxAge = /;\s*Max-Age=(\d+)/i.exec(cookie);
  if (maxAge === null) return cookie;
  return cookie.replace(/Expires=([^;]*)/i, (whole, date: string) => {
    const off = Date.parse(date) - (Date.now() + Number(maxAge[1]) * 1000);
    return Math.abs(off) <= 5000 ? 'Expires=<Max-Age from now>' : whole;
  });
}

/** What must be equal over both transports: status, headers but the transport's own, body bytes. */
export function answer(res: SimpleResponse): { status: number; headers: Record<string, unknown>; body: string } {
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (TRANSPORT_HEADERS.has(name)) continue;
    headers[name] = name === 'set-cookie' && Array.isArray(value) ? value.map((cookie) => clockFree(String(cookie))) : value;
  }
  return { status: res.status, headers, body: res.body.toString('base64') };
}
