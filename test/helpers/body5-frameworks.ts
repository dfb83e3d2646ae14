import { createRequire } from 'node:module';
import portico from '../../src/index';
import { bodyParsers5 } from '../../src/body/express5';
import type { FrameworkLike } from './compare';

/** express@5.3 (the `express5` devDependency), whose parsers are body-parser 2.4: the oracle only. */
export const express5 = createRequire(__filename)('express5') as FrameworkLike;

/**
 * Portico's Express 5 parsers behind a Portico app: the probe app of test/helpers/body-probe.ts
 * takes a framework function with `json`, `raw`, `text` and `urlencoded` on it, so this is one.
 */
export const porticoWith5Parsers = Object.assign(() => portico(), bodyParsers5) as unknown as FrameworkLike;
