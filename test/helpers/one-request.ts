import portico from '../../src/index';
import { withServer, send, type SimpleRequest, type SimpleResponse } from './server';

/** A handler as an app registers it; tests use Express-style loose typing on purpose. */
export type TestHandler = (req: any, res: any, next: any) => unknown;

/**
 * Reports an error reaching the end of the app as JSON (name, message, status, code and `types`),
 * so a test sees exactly what went to `next(err)`.
 */
function reportError(err: any, _req: any, res: any, next: any): void {
  if (res.headersSent) return next(err);
  res.statusCode = typeof err.status === 'number' ? err.status : 500;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ error: err.name, message: err.message, status: err.status, code: err.code, types: err.types }));
}

/** A Portico app running `setup`, then `handler` for every request, then the error reporter. */
export function appWith(handler: TestHandler, setup?: (app: any) => void): any {
  const app = portico();
  setup?.(app);
  app.use(handler);
  app.use(reportError);
  return app;
}

/** Starts `appWith(handler, setup)`, sends one request over HTTP, closes the server. */
export function requestOnce(handler: TestHandler, request: SimpleRequest = {}, setup?: (app: any) => void): Promise<SimpleResponse> {
  return withServer(appWith(handler, setup), (srv) => send(srv.port, request));
}

/** Like `requestOnce`, for a handler that answers with `res.json(value)`: resolves to the parsed value. */
export async function readOnce(read: (req: any, res: any) => unknown, request: SimpleRequest = {}, setup?: (app: any) => void): Promise<unknown> {
  const res = await requestOnce((req, r) => r.json({ value: read(req, r) }), request, setup);
  if (res.status !== 200) throw new Error(`status ${res.status}: ${res.text}`);
  return (JSON.parse(res.text) as { value: unknown }).value;
}

/** Collects DeprecationWarning messages emitted by this process from now on. */
export function collectDeprecations(): string[] {
  const seen: string[] = [];
  process.on('warning', (w) => {
    if (w.name === 'DeprecationWarning') seen.push(w.message);
  });
  return seen;
}
