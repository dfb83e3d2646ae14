import type http from 'node:http';
import { createRequire } from 'node:module';
import { startServer, send, type RunningServer } from './server';
import { compilePathPattern5, paramsOf5, type PathPattern5 } from '../../src/router/patterns/express5';
import { decodeParam } from '../../src/router/decode-param';
import type { PatternOptions } from '../../src/router/patterns/compiled-pattern';

type Next = (err?: unknown) => void;
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next: Next) => void;
interface Express5Router extends Handler {
  get(path: string, handler: (req: { params: Record<string, unknown> }) => void): void;
}
interface Express5 {
  (): Handler & { use(fn: Handler): void };
  Router(options: { caseSensitive: boolean; strict: boolean }): Express5Router;
}
/** express@5.3 (the `express5` devDependency): the oracle only. */
const express5 = createRequire(__filename)('express5') as Express5;

/** One answer for a (pattern, path): Express 5's over HTTP or Portico's compiler in process. */
export type PatternAnswer =
  | { matched: false }
  | { matched: true; params: Record<string, unknown>; keys: string[] }
  | { error: string; status?: number };

/** An Express 5 app that registers the pattern sent in `x-pattern` on a fresh router and reports. */
export async function startExpress5Oracle(): Promise<RunningServer> {
  const app = express5();
  app.use((req, res) => {
    const pattern = JSON.parse(req.headers['x-pattern'] as string) as string;
    const options = JSON.parse(req.headers['x-options'] as string) as { sensitive: boolean; strict: boolean };
    const reply = (answer: PatternAnswer): void => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    };
    const router = express5.Router({ caseSensitive: options.sensitive, strict: options.strict });
    try {
      router.get(pattern, (r) =>
        reply({ matched: true, params: r.params, keys: Object.keys(r.params) }),
      );
    } catch (err) {
      reply({ error: (err as Error).message });
      return;
    }
    router(req, res, (err?: unknown) => {
      if (err) reply({ error: (err as Error).message, status: (err as { status?: number }).status });
      else reply({ matched: false });
    });
  });
  return startServer((req, res) => app(req, res, () => undefined));
}

/** Express 5's answer for `pattern` against `path`. */
export async function askExpress5(server: RunningServer, pattern: string, path: string, options: PatternOptions): Promise<PatternAnswer> {
  const res = await send(server.port, {
    path,
    headers: {
      'x-pattern': JSON.stringify(pattern),
      'x-options': JSON.stringify({ sensitive: Boolean(options.sensitive), strict: Boolean(options.strict) }),
    },
  });
  return JSON.parse(res.text) as PatternAnswer;
}

/** Portico's Express 5 compiler's answer, as a route (`end: true`) would give it. */
export function askPortico5(pattern: PathPattern5, path: string, options: PatternOptions): PatternAnswer {
  let compiled;
  try {
    compiled = compilePathPattern5(pattern, { ...options, end: true });
  } catch (err) {
    return { error: (err as Error).message };
  }
  const m = compiled.exec(path);
  if (m === null) return { matched: false };
  try {
    const params = paramsOf5(compiled.keys, m, (v) => decodeParam(v) as string, false);
    return { matched: true, params, keys: Object.keys(params) };
  } catch (err) {
    return { error: (err as Error).message, status: (err as { status?: number }).status };
  }
}
