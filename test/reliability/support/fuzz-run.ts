import fc from 'fast-check';
import type { ChildServer } from './child-server';
import { exchange, type Exchange } from './raw-exchange';
import { runPool } from './run-pool';
import { ANSWER_BOUND_MS } from './mode';
import type { GeneratedRequest } from './body-requests';

export interface FuzzFigures {
  requests: number;
  crashes: number;
  timeouts: number;
  /** Portico 5xx answers, each replayed on express@4. */
  serverErrors: number;
  /** Requests also sent to express@4 (the sample plus every 5xx). */
  compared: number;
  /** Of those, how many got the same status. */
  sameStatus: number;
  /** Statuses seen from Portico, by count. */
  statuses: Record<number, number>;
  failures: string[];
}

export interface FuzzOptions {
  portico: ChildServer;
  express: ChildServer;
  arbitrary: fc.Arbitrary<GeneratedRequest>;
  count: number;
  seed: number;
  /** Every n-th request is also sent to express@4. */
  sampleEvery: number;
  concurrency: number;
  /** An extra check of Portico's answer; returns a failure reason or null. */
  check?: (request: GeneratedRequest, answer: Exchange) => string | null;
}

const BATCH = 2_000;

/**
 * Sends `count` generated requests (fixed seed, generated batch by batch) to the Portico child and
 * checks each answer: within the bound, the child still alive, and a 5xx only where express@4 also
 * fails. Failures are collected (the first 20 kept) rather than thrown, so one run reports them all.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzFigures> {
  const { portico, express, count, sampleEvery, concurrency, check } = options;
  const figures: FuzzFigures = { requests: 0, crashes: 0, timeouts: 0, serverErrors: 0, compared: 0, sameStatus: 0, statuses: {}, failures: [] };
  const fail = (message: string): void => {
    if (figures.failures.length < 20) figures.failures.push(message);
  };
  for (let start = 0; start < count && portico.exit === null; start += BATCH) {
    const batch = fc.sample(options.arbitrary, { seed: options.seed + start, numRuns: Math.min(BATCH, count - start) });
    await runPool(batch, concurrency, async (request, i) => {
      if (portico.exit !== null) return;
      const index = start + i;
      const answer = await exchange(portico.port, request.bytes, ANSWER_BOUND_MS, request);
      figures.requests++;
      figures.statuses[answer.status] = (figures.statuses[answer.status] ?? 0) + 1;
      const exit = portico.exit as ChildServer['exit']; // read again: it may have changed during the await
      if (exit !== null) {
        figures.crashes++;
        fail(`#${index} crashed the process: ${request.label}\n${exit.stderr}`);
        return;
      }
      if (answer.timedOut) {
        figures.timeouts++;
        fail(`#${index} not answered within ${ANSWER_BOUND_MS} ms: ${request.label}`);
      }
      if (answer.status === 0 && !answer.timedOut && !request.halfClose) fail(`#${index} connection closed without an answer: ${request.label}`);
      const reason = check?.(request, answer);
      if (reason) fail(`#${index} ${reason}: ${request.label}`);
      const serverError = answer.status >= 500;
      if (serverError) figures.serverErrors++;
      if (!serverError && index % sampleEvery !== 0) return;
      if (express.exit !== null) return;
      const oracle = await exchange(express.port, request.bytes, ANSWER_BOUND_MS, request);
      figures.compared++;
      if (oracle.status === answer.status) figures.sameStatus++;
      if (serverError && oracle.status >= 400 && oracle.status < 500) {
        fail(`#${index} Portico ${answer.status} where express@4 gives ${oracle.status}: ${request.label}\n${answer.body.toString('latin1').slice(0, 300)}`);
      }
    });
  }
  return figures;
}
