/**
 * What `app.fetch(request, context)` learns about the connection from its second argument. The
 * handler is called by many hosts, each with its own second argument; the ones recognised:
 *  - Portico's options: `{ remoteAddress, remotePort, remoteFamily }`;
 *  - @hono/node-server: `{ incoming, outgoing }`, node's own request (its socket's address is used);
 *  - Bun.serve: the server, whose `requestIP(request)` gives `{ address, port, family }`;
 *  - Deno.serve: `{ remoteAddr: { hostname, port } }`.
 * Anything else (a Workers `env`, a test's `undefined`) gives no address: `req.ip` is then
 * `undefined`, as for a request whose socket has none.
 */
export interface FetchOptions {
  /** The client's address (`req.socket.remoteAddress`, the start of `req.ip`). */
  remoteAddress?: string;
  /** The client's port (`req.socket.remotePort`). */
  remotePort?: number;
  /** `'IPv4'` or `'IPv6'`; derived from `remoteAddress` when absent. */
  remoteFamily?: string;
}

/** The client's end of the connection, as the request's socket stand-in reports it. */
export interface RemoteInfo {
  remoteAddress: string | undefined;
  remotePort: number | undefined;
  remoteFamily: string | undefined;
}

interface BunServerLike {
  requestIP(request: Request): { address?: string; port?: number; family?: string } | null;
}

interface NodeIncomingLike {
  socket?: { remoteAddress?: string; remotePort?: number; remoteFamily?: string } | null;
}

/**
 * Reads the client's address from whatever the host passed beside `request`. Called only when the
 * app reads it (`req.ip`, `req.socket.remoteAddress`…): on Bun, `requestIP` costs as much as a
 * tenth of a request.
 */
export function remoteInfo(request: Request, context: unknown): RemoteInfo {
  const info: RemoteInfo = { remoteAddress: undefined, remotePort: undefined, remoteFamily: undefined };
  if (context === null || (typeof context !== 'object' && typeof context !== 'function')) return info;
  const ctx = context as Record<string, unknown>;
  try {
    if (typeof ctx.remoteAddress === 'string') {
      info.remoteAddress = ctx.remoteAddress;
      if (typeof ctx.remotePort === 'number') info.remotePort = ctx.remotePort;
      if (typeof ctx.remoteFamily === 'string') info.remoteFamily = ctx.remoteFamily;
    } else if (ctx.incoming !== null && typeof ctx.incoming === 'object') {
      const socket = (ctx.incoming as NodeIncomingLike).socket;
      info.remoteAddress = socket?.remoteAddress;
      info.remotePort = socket?.remotePort;
      info.remoteFamily = socket?.remoteFamily;
    } else if (typeof ctx.requestIP === 'function') {
      const ip = (ctx as unknown as BunServerLike).requestIP(request);
      info.remoteAddress = ip?.address;
      info.remotePort = ip?.port;
      info.remoteFamily = ip?.family;
    } else if (ctx.remoteAddr !== null && typeof ctx.remoteAddr === 'object') {
      const addr = ctx.remoteAddr as { hostname?: unknown; port?: unknown };
      if (typeof addr.hostname === 'string') info.remoteAddress = addr.hostname;
      if (typeof addr.port === 'number') info.remotePort = addr.port;
    }
  } catch {
    // A host object that throws on reading gives no address rather than failing the request.
  }
  if (info.remoteAddress !== undefined && info.remoteFamily === undefined) {
    info.remoteFamily = info.remoteAddress.includes(':') ? 'IPv6' : 'IPv4';
  }
  return info;
}

/** The server's port, from the request's URL (the scheme's default when it names none). */
export function localPortOf(url: URL): number {
  return url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
}
