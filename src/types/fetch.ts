import type { FetchOptions } from '../transport/fetch-options';

export type { FetchOptions };

/**
 * `app.fetch(request, options?)`: the app as a Web-standard fetch handler (docs/fetch.md). The second
 * argument is Portico's {@link FetchOptions} or what a host passes there (@hono/node-server's env,
 * Bun's server, Deno's handler info, a Workers env); it resolves with the Response once the app has
 * written its head, and never rejects for an error of the app's.
 */
export type FetchHandler = (request: Request, options?: FetchOptions | object, ...rest: unknown[]) => Promise<Response>;
