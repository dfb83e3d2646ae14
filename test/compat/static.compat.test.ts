import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import portico from '../../src/index';
import { startServer, send, type RunningServer } from '../helpers/server';
import { build, cases, comparable, makeSuiteFiles, type Framework } from './static-cases';

/*
 * Differential suite for express.static, res.sendFile and res.download against express@4 (the
 * oracle); the apps and requests are the shared cases of ./static-cases.ts.
 */

// express@4's deprecation notices (the `hidden` option) are expected here.
process.env.NO_DEPRECATION = 'express,send';

let tmp: ReturnType<typeof makeSuiteFiles>;
let oracle: RunningServer;
let subject: RunningServer;

before(async () => {
  tmp = makeSuiteFiles();
  subject = await startServer(build(portico as unknown as Framework, tmp.dir));
  oracle = await startServer(build(express, tmp.dir));
});

after(async () => {
  await subject.close();
  await oracle.close();
  tmp.remove();
});

describe('static, sendFile and download match express@4', () => {
  const all = cases();

  it('covers at least 100 cases', () => {
    assert.ok(all.length >= 100, String(all.length));
  });

  for (const { name, request } of all) {
    it(name.length > 120 ? name.slice(0, 117) + '...' : name, async () => {
      const expected = comparable(await send(oracle.port, request));
      const actual = comparable(await send(subject.port, request));
      assert.deepEqual(actual, expected);
    });
  }
});
