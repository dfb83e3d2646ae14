import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import { send, startServer, type Listener, type RunningServer, type SimpleResponse } from '../../helpers/server';
import { batteryCases, type BatteryCase } from './cases';
import { FETCH_TARGETS, type ExcludedCases, type ServerDifference } from './runtime-differences';

/*
 * Runs the battery on one runtime: the Portico app of app.cjs is served by a child process of that
 * runtime (serve.mjs), the oracle by express@4 and express@5.3 on this process's node:http, and every
 * case goes over real HTTP to both. Status, headers (but the connection-level ones) and body must match.
 */

const requireHere = createRequire(__filename);
const { buildBatteryApp, writeBatteryFixtures } = requireHere('./app.cjs') as {
  buildBatteryApp(framework: unknown, options: { major: 4 | 5; fixtures: string }): Listener;
  writeBatteryFixtures(dir: string): void;
};
const express5 = requireHere('express5') as typeof express;

export const REPO_ROOT = join(__dirname, '..', '..', '..');
export const SERVE_SCRIPT = join(__dirname, 'serve.mjs');
export const BIN = join(REPO_ROOT, 'node_modules', '.bin');

/** Headers that belong to the connection or the moment, not to the app. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

// express@4 prints its deprecations (res.redirect('back'), …) through `depd`.
process.env.NO_DEPRECATION = 'express';

/** A comparable view of a response: status, the app's headers, and the body as text or hex. */
export function comparable(res: SimpleResponse): { status: number; headers: Record<string, unknown>; body: string } {
  const headers: Record<string, unknown> = {};
  for (const key of Object.keys(res.headers).sort()) if (!CONNECTION_HEADERS.has(key)) headers[key] = res.headers[key];
  const text = res.body.toString('utf8');
  const body = Buffer.from(text, 'utf8').equals(res.body) ? text : `hex:${res.body.toString('hex')}`;
  return { status: res.status, headers, body };
}

/** The oracle's engine, as serve.mjs names a runtime's. */
const ORACLE_ENGINE = `v8 ${process.versions.v8}`;

export interface RuntimeServer {
  ports: { 4: number; 5: number };
  /** The runtime's JavaScript engine and its version (`v8 12.4.254.21-node.33`, `bun 1.4.5`). */
  engine: string;
  stop(): Promise<void>;
}

/** Starts serve.mjs with `command` (the runtime and its arguments before the script) and waits for READY. */
export function startRuntimeServer(command: string, args: string[], mode: string, fixtures: string, env: NodeJS.ProcessEnv = {}): Promise<RuntimeServer> {
  return new Promise((resolve, reject) => {
    // PORTICO_BATTERY_PACKAGE: a folder holding another build of the package (its dist/), to run the battery on.
    const packageDir = process.env.PORTICO_BATTERY_PACKAGE ? [process.env.PORTICO_BATTERY_PACKAGE] : [];
    const child: ChildProcess = spawn(command, [...args, SERVE_SCRIPT, mode, fixtures, ...packageDir], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`${command} ${mode} exited before READY (${signal ?? code}): ${err.slice(-2000)}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\d+) (\d+) (.+)\n/.exec(out);
      if (match) {
        resolve({
          ports: { 4: Number(match[1]), 5: Number(match[2]) },
          engine: match[3],
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
  });
}

/** Sends one battery case to `port`. */
export function sendCase(port: number, c: BatteryCase): Promise<SimpleResponse> {
  return send(port, { method: c.method ?? 'GET', path: c.path, headers: headersOf(c), body: c.body });
}

/** The case's headers, with the Content-Length of its body (node's client sends a DELETE body without one). */
function headersOf(c: BatteryCase): Record<string, string | string[] | number> | undefined {
  if (c.body === undefined) return c.headers;
  return { 'Content-Length': Buffer.byteLength(c.body), ...c.headers };
}

/** Whether the response to `c` arrived whole: false when the connection ended before its end. */
export function completes(port: number, c: BatteryCase): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method: c.method ?? 'GET', path: c.path, headers: headersOf(c), agent: false }, (res) => {
      res.resume();
      res.on('error', () => undefined);
      res.on('close', () => resolve(res.complete));
    });
    req.on('error', () => resolve(false));
    req.end(c.body);
  });
}

/**
 * The JavaScript engine's own words: JSON.parse's error message differs between JavaScriptCore (Bun)
 * and V8, and between V8 versions (Deno's and Node 22's add the line and column), under Express as
 * under Portico. On an engine other than the oracle's the `message` of such an answer is left out, and
 * with it the Content-Length and ETag it determines; the status, the error's type and every other
 * field are still compared.
 */
export function withoutEngineWording(view: ReturnType<typeof comparable>): ReturnType<typeof comparable> {
  const body = JSON.parse(view.body) as Record<string, unknown>;
  delete body.message;
  const headers = { ...view.headers };
  delete headers['content-length'];
  delete headers.etag;
  return { status: view.status, headers, body: JSON.stringify(body) };
}

/** The express@4 and express@5.3 oracles on this process's node:http, with the shared fixtures. */
export interface Oracles {
  fixtures: string;
  servers: { 4: RunningServer; 5: RunningServer };
  close(): Promise<void>;
}

/** Writes the fixtures into a temporary folder and starts both oracles on them. */
export async function startOracles(): Promise<Oracles> {
  const fixtures = mkdtempSync(join(tmpdir(), 'portico-battery-'));
  writeBatteryFixtures(fixtures);
  const servers = {
    4: await startServer(buildBatteryApp(express, { major: 4, fixtures })),
    5: await startServer(buildBatteryApp(express5, { major: 5, fixtures })),
  };
  return {
    fixtures,
    servers,
    close: async () => {
      await servers[4].close();
      await servers[5].close();
      rmSync(fixtures, { recursive: true, force: true });
    },
  };
}

/** A mode served by serve.mjs on a runtime's executable. */
interface ServedMode {
  /** The runtime's executable, or a function that finds it (fetching a Node version on first use). */
  command: string | (() => Promise<string>);
  args: string[];
  /** serve.mjs's mode. */
  mode: string;
}

/** A mode that starts its servers itself (workerd runs a bundle, not serve.mjs), on the oracles' fixtures folder. */
interface StartedMode {
  start(fixtures: string): Promise<RuntimeServer>;
}

export type BatteryMode = (ServedMode | StartedMode) & {
  /** Shown in the test names: `bun node:http`, `node 18 app.fetch`, … */
  label: string;
  /** How the runtime's fetch server turns the request target into the Request's URL (FETCH_TARGETS); the oracle is asked that target. */
  fetchTarget?: keyof typeof FETCH_TARGETS;
  /** What the runtime's server does to the answer, allowed for and named in the output. */
  differences?: ServerDifference[];
  /** Cases this runtime's server keeps from the app (runtime-differences.ts): not run, each list named in the output. */
  excluded?: ExcludedCases[];
};

/**
 * Declares the battery's tests for each mode: one `describe` per mode and Express major, one `it` per
 * case. A mode whose runtime cannot start fails its `before` hook, and with it every case.
 */
export function declareBattery(modes: BatteryMode[]): void {
  let oracles: Oracles;
  before(async () => {
    oracles = await startOracles();
  });
  after(async () => {
    await oracles?.close();
  });
  for (const mode of modes) {
    describe(mode.label, () => {
      let server: RuntimeServer;
      before(async () => {
        if ('start' in mode) {
          server = await mode.start(oracles.fixtures);
          return;
        }
        const command = typeof mode.command === 'string' ? mode.command : await mode.command();
        server = await startRuntimeServer(command, mode.args, mode.mode, oracles.fixtures);
      });
      after(async () => {
        await server?.stop();
      });
      for (const major of [4, 5] as const) {
        describe(`portico${major === 5 ? '/5' : ''} against express@${major === 5 ? '5.3' : '4'}`, () => {
          const excluded = new Set((mode.excluded ?? []).flatMap((e) => e.cases));
          for (const e of mode.excluded ?? []) {
            it(`excluded: ${e.reason}`, (t) => {
              const names = new Set(batteryCases(major).map((c) => c.name));
              for (const name of e.cases) assert.ok(names.has(name), `no battery case named ${name}`);
              t.diagnostic(`not run: ${e.cases.join(', ')}`);
            });
          }
          for (const c of batteryCases(major).filter((b) => !excluded.has(b.name))) {
            it(c.name, async (t) => {
              const oracleCase = mode.fetchTarget ? { ...c, path: FETCH_TARGETS[mode.fetchTarget](c.path) } : c;
              if (oracleCase.path !== c.path) t.diagnostic(`the app sees ${oracleCase.path} behind the fetch server; so is the oracle asked`);
              if (c.truncated) {
                assert.equal(await completes(oracles.servers[major].port, oracleCase), false, 'the oracle ends the response early');
                assert.equal(await completes(server.ports[major], c), false);
                return;
              }
              let expected = comparable(await sendCase(oracles.servers[major].port, oracleCase));
              let actual = comparable(await sendCase(server.ports[major], c));
              if (c.engineMessage && server.engine !== ORACLE_ENGINE) {
                expected = withoutEngineWording(expected);
                actual = withoutEngineWording(actual);
              }
              for (const difference of mode.differences ?? []) {
                const adjusted = difference.adjust(expected, actual, c);
                if (adjusted === undefined) continue;
                t.diagnostic(`allowed: ${difference.name}`);
                actual = adjusted;
              }
              assert.deepStrictEqual(actual, expected);
            });
          }
        });
      }
    });
  }
}
