import express from 'express';
import portico from '../../src/index';
import { startServer, send, type SimpleRequest, type SimpleResponse, type Listener } from './server';
import { comparableField } from './transport';

/**
 * Differential testing: the same app is built on Portico and on express@4 (the oracle),
 * and each request is sent to both. `build` receives the framework function.
 */
export type FrameworkLike = typeof express;

export interface ComparedResponses {
  portico: SimpleResponse;
  express: SimpleResponse;
}

/** Headers whose values legitimately differ between the two servers. */
export const VOLATILE_HEADERS = new Set(['date', 'connection', 'keep-alive']);

export async function compareApps(
  build: (framework: FrameworkLike) => Listener,
  requests: SimpleRequest[],
): Promise<ComparedResponses[]> {
  const both = await startBoth(build);
  try {
    const out: ComparedResponses[] = [];
    for (const r of requests) out.push(await both.send(r));
    return out;
  } finally {
    await both.close();
  }
}

/** The app built on Portico and on express@4, both listening: each request goes to Portico, then to Express. */
export interface ServerPair {
  send(request: SimpleRequest): Promise<ComparedResponses>;
  close(): Promise<void>;
}

/** Starts `build`'s app on both frameworks, for tests that send many requests (generated ones) to one pair. */
export async function startBoth(build: (framework: FrameworkLike) => Listener): Promise<ServerPair> {
  const p = await startServer(build(portico as unknown as FrameworkLike));
  const e = await startServer(build(express));
  return {
    send: async (request) => ({ portico: await send(p.port, request), express: await send(e.port, request) }),
    close: async () => {
      await p.close();
      await e.close();
    },
  };
}

/** Headers of a response without the volatile ones, for deepStrictEqual. */
export function stableHeaders(res: SimpleResponse, ignore: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(res.headers)) {
    if (VOLATILE_HEADERS.has(k) || ignore.includes(k) || v === undefined) continue;
    // Under the fetch transport, less what the adapter decides (./transport.ts, comparableField).
    const value = Array.isArray(v) ? v.map((item) => comparableField(k, item)) : comparableField(k, v, res.body.length);
    if (value !== undefined) out[k] = value;
  }
  return out;
}
