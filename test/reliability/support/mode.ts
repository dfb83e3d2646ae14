/**
 * The suite's two modes. The short one runs in `npm test`; the long one
 * (`npm run test:reliability -- --long`, or RELIABILITY_LONG=1) is the full run docs/reliability.md reports.
 */
export const LONG = process.env.RELIABILITY_LONG === '1';

/** Picks the short-mode or long-mode value. */
export const byMode = <T>(short: T, long: T): T => (LONG ? long : short);

/** The fixed seed of every property run, so a failure replays; override with RELIABILITY_SEED. */
export const SEED = Number(process.env.RELIABILITY_SEED ?? 18_2026);

/** How long any single request may take to be answered (or its connection closed). */
export const ANSWER_BOUND_MS = 10_000;
