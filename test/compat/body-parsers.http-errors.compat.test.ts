import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type http from 'node:http';
import express from 'express';
import portico from '../../src/index';
import { probeApp, type ParserSpec } from '../helpers/body-probe';
import type { FrameworkLike } from '../helpers/compare';
import { send, startServer, type SimpleRequest } from '../helpers/server';

/**
 * Errors made by http-errors (`createError(401, 'bad signature')`), thrown from `verify` or a
 * reviver, are already HTTP errors: Express keeps them as they are (an `expose: false` stays false,
 * no own status fields are added) and only adds `body` and `type`. The same package Express's body
 * parsers use is loaded, through Express's own dependency.
 */

type CreateError = (status: number, message?: string, props?: Record<string, unknown>) => Error;
const fromExpress = createRequire(require.resolve('express'));
const createError = createRequire(fromExpress.resolve('body-parser'))('http-errors') as CreateError;

function verifyThrowing(req: http.IncomingMessage): void {
  switch (req.headers['x-throw']) {
    case '401': throw createError(401, 'bad signature');
    case '401-hidden': throw createError(401, 'bad signature', { type: 'signature.invalid', expose: false });
    case '500': throw createError(500, 'verifier down');
    case 'no-message': throw createError(403);
    case 'prototype-status': {
      // Not http-errors: a class of its own with a status on its prototype gets the fields added.
      class Refused extends Error {}
      Object.assign(Refused.prototype, { status: 409 });
      throw new Refused('refused');
    }
  }
}

function reviverThrowing(key: string, value: unknown): unknown {
  if (key === 'bad') throw createError(422, 'unprocessable', { expose: false });
  return value;
}

const parsers: ParserSpec[] = [
  ['json', { verify: verifyThrowing }],
  ['json', { type: 'application/vnd.revived', reviver: reviverThrowing }],
];

function post(type: string, body: string, headers: Record<string, string> = {}): SimpleRequest {
  return { method: 'POST', path: '/', headers: { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...headers }, body };
}

describe('body parsers against express@4: errors made by http-errors', () => {
  const requests: Array<[string, SimpleRequest]> = [
    ['verify throws createError(401)', post('application/json', '{}', { 'x-throw': '401' })],
    ['verify throws createError(401) with expose false and a type', post('application/json', '{}', { 'x-throw': '401-hidden' })],
    ['verify throws createError(500)', post('application/json', '{}', { 'x-throw': '500' })],
    ['verify throws createError(403) without a message', post('application/json', '{}', { 'x-throw': 'no-message' })],
    ['verify throws an error whose class has a status', post('application/json', '{}', { 'x-throw': 'prototype-status' })],
    ['a reviver throws createError(422)', post('application/vnd.revived', '{"bad":1}')],
  ];
  for (const [name, request] of requests) {
    it(`reports the same error when ${name}`, async () => {
      const ours = await startServer(probeApp(portico as unknown as FrameworkLike, parsers));
      const theirs = await startServer(probeApp(express, parsers));
      try {
        const [p, e] = [await send(ours.port, request), await send(theirs.port, request)];
        assert.equal(p.status, e.status);
        assert.deepStrictEqual(JSON.parse(p.text), JSON.parse(e.text));
      } finally {
        await ours.close();
        await theirs.close();
      }
    });
  }
});
