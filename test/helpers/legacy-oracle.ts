import os from 'node:os';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import legacy from '../../src/legacy/index';
import { startServer, send, type Listener, type SimpleRequest, type SimpleResponse } from './server';
import { stableHeaders } from './compare';

/**
 * Differential testing of the 3.x layer: the same app is built on `portico/legacy` and on
 * express@3.21 (the `express3` devDependency, whose middleware is connect@2.30's), and each request
 * is sent to both. The builders receive the framework function; it is loosely typed because the
 * two frameworks only share their 3.x shape.
 */
export type LegacyFramework = any;

const requireHere = createRequire(__filename);

/** express@3.21.2. Its multipart calls `os.tmpDir()`, which Node has since removed: give it the alias. */
export function loadExpress3(): LegacyFramework {
  const nodeOs = os as unknown as { tmpDir?: () => string };
  nodeOs.tmpDir ??= os.tmpdir;
  return requireHere('express3');
}

/** connect@2.30.2, for the Connect-only surface (`connect()` apps). */
export function loadConnect2(): LegacyFramework {
  loadExpress3();
  return requireHere('connect2');
}

/** The frameworks under comparison, by the name tests print. */
export function legacyFrameworks(): Array<[name: 'portico' | 'express3', framework: LegacyFramework]> {
  return [
    ['portico', legacy],
    ['express3', loadExpress3()],
  ];
}

export interface LegacyPair {
  portico: SimpleResponse;
  express3: SimpleResponse;
}

/**
 * Builds the app on both frameworks, sends every request to each (in order) and returns the pairs.
 * `oracle` is express@3 unless given (`loadConnect2()` for connect() apps; its answers are in `express3`).
 */
export async function compareLegacyApps(
  build: (framework: LegacyFramework, name: 'portico' | 'express3') => Listener,
  requests: SimpleRequest[],
  oracle: LegacyFramework = loadExpress3(),
): Promise<LegacyPair[]> {
  const p = await startServer(build(legacy, 'portico'));
  const e = await startServer(build(oracle, 'express3'));
  try {
    const out: LegacyPair[] = [];
    for (const r of requests) out.push({ portico: await send(p.port, r), express3: await send(e.port, r) });
    return out;
  } finally {
    await p.close();
    await e.close();
  }
}

/** Same status, same headers (but the volatile ones and `ignore`), same body bytes. */
export function assertSameResponse(pair: LegacyPair, ignore: string[] = [], label = ''): void {
  assert.equal(pair.portico.status, pair.express3.status, `${label} status`);
  assert.equal(pair.portico.text, pair.express3.text, `${label} body`);
  assert.deepEqual(stableHeaders(pair.portico, ignore), stableHeaders(pair.express3, ignore), `${label} headers`);
}

/** Runs the requests on both frameworks and asserts every pair is the same. */
export async function assertSameAsExpress3(
  build: (framework: LegacyFramework, name: 'portico' | 'express3') => Listener,
  requests: SimpleRequest[],
  ignore: string[] = [],
): Promise<LegacyPair[]> {
  const pairs = await compareLegacyApps(build, requests);
  pairs.forEach((pair, i) => assertSameResponse(pair, ignore, `${requests[i].method ?? 'GET'} ${requests[i].path ?? '/'}`));
  return pairs;
}
