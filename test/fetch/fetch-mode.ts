import { getRequestListener } from '@hono/node-server';
import type { IncomingMessage, ServerResponse } from 'node:http';

/*
 * Fetch mode for the differential suites: the same app, reached through `app.fetch` behind
 * @hono/node-server's request listener instead of node:http directly. The suites start their servers
 * with `http.createServer(app)`; here the app they are given is the real app behind a Proxy whose
 * call, as a server's listener (no `next`), goes through the adapter. Everything else (routes,
 * settings, mounting, a call with `next` from a parent app) reaches the app itself.
 *
 * Two things the adapter adds are taken back (docs/fetch.md, "Adapters"): it gives a Response that
 * has a body and no Content-Type a `Content-Type: text/plain; charset=UTF-8` of its own, and one whose
 * streamed body ends within its first reads a `Content-Length` (where node:http would send it
 * chunked). What Portico answered is what is compared, so each is dropped when the Response had none.
 */

type Fetch = (request: Request, env?: unknown) => Promise<Response>;
type AnyApp = ((req: IncomingMessage, res: ServerResponse, next?: unknown) => void) & { fetch: Fetch };

/** `fetch`, with what the adapter adds (see above) taken back from the node:http response it writes to. */
export function withoutAdapterAdditions(fetch: Fetch): Fetch {
  return async (request, env) => {
    const response = await fetch(request, env);
    const outgoing = (env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    const added: string[] = [];
    if (response.body !== null && !response.headers.has('content-type')) added.push('content-type');
    if (response.body instanceof ReadableStream && !response.headers.has('content-length')) added.push('content-length');
    if (outgoing !== undefined && added.length > 0) {
      const writeHead = outgoing.writeHead;
      outgoing.writeHead = function writeHeadWithoutDefaultType(this: ServerResponse, status: number, ...rest: unknown[]) {
        const headers = rest[rest.length - 1];
        if (headers !== null && typeof headers === 'object' && !Array.isArray(headers)) {
          for (const name of Object.keys(headers)) if (added.includes(name.toLowerCase())) delete (headers as Record<string, unknown>)[name];
        }
        return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
      } as ServerResponse['writeHead'];
    }
    return response;
  };
}

/** `app`, served over `app.fetch` when a server calls it. */
export function servedOverFetch<T>(app: T): T {
  const target = app as unknown as AnyApp;
  let listener: ((req: IncomingMessage, res: ServerResponse) => unknown) | undefined;
  return new Proxy(target, {
    apply(fn, thisArg, args: unknown[]) {
      if (args.length >= 3 && args[2] !== undefined) return Reflect.apply(fn, thisArg, args);
      listener ??= getRequestListener(withoutAdapterAdditions(fn.fetch)) as unknown as (req: IncomingMessage, res: ServerResponse) => unknown;
      return listener(args[0] as IncomingMessage, args[1] as ServerResponse);
    },
  }) as unknown as T;
}

/** `framework` (portico, portico/5…) whose apps are served over `app.fetch`; its other members are its own. */
export function fetchMode<F>(framework: F): F {
  return new Proxy(framework as unknown as (...args: unknown[]) => unknown, {
    apply(fn, thisArg, args: unknown[]) {
      return servedOverFetch(Reflect.apply(fn, thisArg, args));
    },
  }) as unknown as F;
}
