import type { IncomingMessage, ServerResponse } from 'node:http';
import assert from 'node:assert/strict';
import RouterV2 from 'router';
import { createRouter5 } from '../../src/router/router5';
import { startServer, send, type SimpleRequest, type SimpleResponse, type RunningServer } from './server';
import { stableHeaders } from './compare';

/**
 * Differential testing of the Express 5 router: the same router definition is built on router@2.3
 * (the router of express@5.3, the oracle) and on Portico's `createRouter5`, each mounted on a plain
 * node:http server with the same final callback, and each request is sent to both.
 */
export type Req = IncomingMessage & { url: string; params: Record<string, unknown>; baseUrl: string; originalUrl: string; route?: { path: unknown } };
export type Res = ServerResponse;
export type Next = (err?: unknown) => void;
export type Handler = (req: Req, res: Res, next: Next) => unknown;

type Verb = (path: unknown, ...handlers: unknown[]) => TestRouter;
export interface TestRoute {
  path: unknown;
  methods: Record<string, boolean>;
  stack: unknown[];
  get(...handlers: unknown[]): TestRoute;
  post(...handlers: unknown[]): TestRoute;
  put(...handlers: unknown[]): TestRoute;
  all(...handlers: unknown[]): TestRoute;
}
export interface TestRouter {
  (req: IncomingMessage, res: ServerResponse, next: Next): void;
  use(...args: unknown[]): TestRouter;
  route(path: unknown): TestRoute;
  param(name: unknown, fn?: unknown): TestRouter;
  handle(req: unknown, res: unknown, next?: unknown): void;
  listRoutes(): unknown[];
  stack: unknown[];
  get: Verb;
  post: Verb;
  put: Verb;
  delete: Verb;
  head: Verb;
  options: Verb;
  all: Verb;
}
export type RouterFactory = (options?: { caseSensitive?: boolean; strict?: boolean; mergeParams?: boolean }) => TestRouter;

export const oracleRouter = RouterV2 as unknown as RouterFactory;
export const porticoRouter = createRouter5 as unknown as RouterFactory;

/** The callback both servers hand their router: errors and fall-through become a response. */
function finalCallback(req: IncomingMessage, res: ServerResponse): Next {
  return (err?: unknown): void => {
    if (res.headersSent) {
      res.end();
      return;
    }
    const e = err as { status?: number; message?: string; name?: string } | undefined;
    res.statusCode = err ? (e?.status ?? 500) : 404;
    res.setHeader('x-done', err === undefined ? 'undefined' : err === null ? 'null' : typeof err);
    res.end(err ? `error ${e?.name}: ${e?.message ?? String(err)}` : `done ${req.method} ${req.url}`);
  };
}

/** Echoes what routing left on the request, for handlers that end a request. */
export function echo(tag: string): Handler {
  return (req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({ tag, url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl, params: req.params, route: String(req.route?.path) }),
    );
  };
}

export interface Pair {
  oracle: RunningServer;
  portico: RunningServer;
  close(): Promise<void>;
}

/** Starts the two servers of one router definition. */
export async function startPair(define: (Router: RouterFactory) => TestRouter): Promise<Pair> {
  const build = (factory: RouterFactory) => {
    const router = define(factory);
    return (req: IncomingMessage, res: ServerResponse) => router(req, res, finalCallback(req, res));
  };
  const oracle = await startServer(build(oracleRouter));
  const portico = await startServer(build(porticoRouter));
  return { oracle, portico, close: async () => void (await Promise.all([oracle.close(), portico.close()])) };
}

function comparable(r: SimpleResponse): { status: number; headers: Record<string, unknown>; body: string } {
  return { status: r.status, headers: stableHeaders(r), body: r.text };
}

/** Sends each request to both servers and asserts equal status, headers and body; returns the oracle's answers. */
export async function assertSame(pair: Pair, requests: Array<SimpleRequest | string>): Promise<SimpleResponse[]> {
  const answers: SimpleResponse[] = [];
  for (const r of requests) {
    const request = typeof r === 'string' ? { path: r } : r;
    const expected = await send(pair.oracle.port, request);
    const actual = await send(pair.portico.port, request);
    assert.deepEqual(comparable(actual), comparable(expected), `${request.method ?? 'GET'} ${request.path}`);
    answers.push(expected);
  }
  return answers;
}

/** One router definition compared over a list of requests. */
export async function compareRouters(define: (Router: RouterFactory) => TestRouter, requests: Array<SimpleRequest | string>): Promise<SimpleResponse[]> {
  const pair = await startPair(define);
  try {
    return await assertSame(pair, requests);
  } finally {
    await pair.close();
  }
}

/** What a synchronous call throws (name and message), or 'ok'. */
export function thrown(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (err) {
    const e = err as Error;
    return `${e.constructor.name}: ${e.message}`;
  }
}
