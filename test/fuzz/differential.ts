// The differential fuzzer: fast-check generates a case (an app's configuration and the requests
// sent to it), the same app is built on Portico and on the reference (express@4; express@3 for
// the legacy entry; express@5.3 for portico/5), the same bytes go to both over a raw socket, and the answers must be equal:
// status line, every header line in order (Date aside) and the body bytes. A difference fails the
// property, fast-check shrinks the case to a small one, and the failure prints it with the seed.
//
// Runs and seed: FUZZ_RUNS (cases per area; each area names its own default for `npm test`) and
// FUZZ_SEED (default: the fixed seed below, so `npm test` always runs the same cases).
// `npm run test:fuzz` (scripts/run-fuzz.mjs) runs every area with many more cases and a new seed.
import fc from 'fast-check';
import net from 'node:net';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { knownDifference } from './known-differences';
import { comparableMessage, serveApp, statusRefusedByFetch } from '../helpers/transport';

/** The seed of the short run in `npm test`. */
export const FIXED_SEED = 20261128;

/** A framework function, as `require('express')` or `require('portico')` returns it. */
export type Framework = any;
type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** One area of the fuzzer: how to generate a case, build its app and write its requests. */
export interface FuzzArea<Case> {
  name: string;
  /** The API compared, named by its reference's major version (`4.x` when absent). */
  api?: '3.x' | '4.x' | '5.x';
  /** Cases per run in `npm test`. */
  shortRuns: number;
  arbitrary: fc.Arbitrary<Case>;
  build(framework: Framework, testCase: Case): Listener;
  /** The raw requests, each a complete HTTP/1.1 message without the Connection header. */
  requests(testCase: Case): string[];
}

/**
 * What is compared of an answer: its bytes as received, with the two values that come from the
 * clock blanked: the Date header, and a cookie's Expires computed from `maxAge` (the two servers
 * answer a moment apart). A cleared cookie's fixed 1970 date is kept.
 */
function comparable(raw: Buffer): string {
  // Under PORTICO_TRANSPORT=fetch, relaxed by the fetch transport's documented differences only.
  const text = comparableMessage(raw.toString('latin1'));
  return text
    .replace(/\r\nDate: [^\r\n]*/i, '\r\nDate: -')
    .replace(/(\r\nSet-Cookie: [^\r\n]*?Expires=)(?!Thu, 01 Jan 1970)[^;\r\n]*/gi, '$1-');
}

/** Sends `request` (with `Connection: close` added) and resolves with every byte received. */
function exchange(port: number, request: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer within 15 s'));
    }, 15_000);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    const end = request.indexOf('\r\n\r\n');
    // Written, not ended: a client that half-closes can see the server drop an answer still being
    // read from disk. `Connection: close` has the server close once it has answered.
    socket.write(Buffer.from(request.slice(0, end) + '\r\nConnection: close' + request.slice(end), 'latin1'));
  });
}

/** Serves `app` on 127.0.0.1: Portico through `app.fetch` under `PORTICO_TRANSPORT=fetch` (../helpers/transport.ts). */
async function listen(app: Listener): Promise<{ port: number; close(): Promise<void> }> {
  const server = serveApp(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The answers of one case on both frameworks, request by request. */
export async function answersOf<Case>(area: FuzzArea<Case>, testCase: Case, ours: Framework, reference: Framework): Promise<Array<[string, string, string]>> {
  // An app whose building throws (an option or a pattern the framework rejects) is compared by the
  // error it throws: its class, name and message.
  const built = [ours, reference].map((framework) => {
    try {
      return area.build(framework, testCase);
    } catch (err) {
      const e = err as Error;
      return `thrown at registration: ${e?.constructor?.name} ${e?.name}: ${e?.message}`;
    }
  });
  if (typeof built[0] === 'string' || typeof built[1] === 'string') {
    const describe = (b: Listener | string) => (typeof b === 'string' ? b : 'built');
    return [['(building the app)', describe(built[0]), describe(built[1])]];
  }
  const a = await listen(built[0]);
  const b = await listen(built[1] as Listener);
  try {
    const out: Array<[string, string, string]> = [];
    for (const request of area.requests(testCase)) {
      out.push([request, comparable(await exchange(a.port, request)), comparable(await exchange(b.port, request))]);
    }
    return out;
  } finally {
    await a.close();
    await b.close();
  }
}

/** Counts of cases and requests an area ran, for the run's summary line. */
export interface AreaFigures {
  cases: number;
  requests: number;
  /** Requests whose answers differ in a way known-differences.ts lists. */
  known: number;
}

/**
 * Runs `area` as a fast-check property: every request of every case must get the same bytes from
 * Portico (`ours`) and the reference. Returns the counts; throws fast-check's report (the shrunk
 * case, the seed and the path to replay it) on a difference.
 */
export async function runArea<Case>(area: FuzzArea<Case>, ours: Framework, reference: Framework): Promise<AreaFigures> {
  const numRuns = Number(process.env.FUZZ_RUNS ?? area.shortRuns);
  const seed = Number(process.env.FUZZ_SEED ?? FIXED_SEED);
  const figures: AreaFigures = { cases: 0, requests: 0, known: 0 };
  const started = process.hrtime.bigint();
  // Both frameworks' final handlers log each error with console.error; thousands of cases would
  // bury the report, so the log is silenced while cases run (the answers carry what matters).
  const log = console.error;
  console.error = () => {};
  try {
    await fc.assert(
    fc.asyncProperty(area.arbitrary, async (testCase) => {
      figures.cases++;
      for (const [request, mine, theirs] of await answersOf(area, testCase, ours, reference)) {
        figures.requests++;
        // Under PORTICO_TRANSPORT=fetch, a status a Response cannot have (../helpers/transport.ts).
        if (mine !== theirs && statusRefusedByFetch(mine, theirs)) {
          figures.known++;
          continue;
        }
        if (mine !== theirs && knownDifference({ area: area.name, request, ours: mine, reference: theirs })) {
          figures.known++;
          continue;
        }
        if (mine !== theirs) {
          throw new Error(`${area.name}: the answers differ\n--- request\n${request}\n--- Portico\n${mine}\n--- reference\n${theirs}`);
        }
      }
    }),
    { numRuns, seed, endOnFailure: process.env.FUZZ_SHRINK === 'off', includeErrorInReport: true },
    );
  } finally {
    console.error = log;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // scripts/run-fuzz.mjs reads these lines for its summary: keep their shape.
  console.log(
    `# fuzz ${area.name} [${area.api ?? '4.x'}]: ${figures.cases} cases, ${figures.requests} requests (${figures.known} with a known difference), seed ${seed}, ${seconds.toFixed(1)} s`,
  );
  return figures;
}

/** A GET (or other method) request for `target` with extra header lines. */
export function request(method: string, target: string, headers: Array<[string, string]> = [], body?: Buffer | string): string {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: fuzz.test', ...headers.map(([n, v]) => `${n}: ${v}`)];
  if (body !== undefined) {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
    lines.push(`Content-Length: ${bytes.length}`);
    return lines.join('\r\n') + '\r\n\r\n' + bytes.toString('latin1');
  }
  return lines.join('\r\n') + '\r\n\r\n';
}

/** Strings made of the given pieces: the alphabets are where the frameworks' corner cases live. */
export function piecesOf(pieces: string[], maxLength = 6): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...pieces), { maxLength }).map((parts) => parts.join(''));
}
