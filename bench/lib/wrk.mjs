// The wrk load generator: a Lua script that sends the scenario's requests and reports one JSON line,
// run once for the warm-up and once measured. wrk is C on epoll, so one thread on one core drives a
// server much harder than autocannon can from a single Node process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnPinned } from './processes.mjs';

let detected;

/**
 * The version of the wrk on PATH (`4.1.0` out of `wrk debian/4.1.0-3+b2 [epoll] …`), or null when
 * there is none. Detected once: the answer does not change during a run.
 */
export function wrkVersion() {
  if (detected !== undefined) return detected;
  // `wrk --version` prints its banner, then exits with status 1; only a failed spawn means "absent".
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (probe.error) {
    detected = null;
  } else {
    const banner = /^wrk\s+(\S+)/m.exec(`${probe.stdout}${probe.stderr}`);
    const release = banner && /\d+\.\d+(?:\.\d+)?/.exec(banner[1]);
    detected = release ? release[0] : banner ? banner[1] : 'unknown';
  }
  return detected;
}

/**
 * A Lua string literal holding exactly the UTF-8 bytes of `text`. Everything but plain printable
 * ASCII is written as a three-digit decimal escape, so no body or header value can end the literal
 * or be read differently, whatever quotes, backslashes or newlines it holds.
 */
export function luaString(text) {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    const plain = byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c;
    out += plain ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/** A Lua table literal of header names to values. */
function luaHeaders(headers = {}) {
  const entries = Object.entries(headers).map(([name, value]) => `[${luaString(name)}] = ${luaString(String(value))}`);
  return `{ ${entries.join(', ')} }`;
}

// Runs in wrk's main Lua state when the run ends: the numbers the runner needs as one JSON line
// (wrk's own summary is text meant for people). Times are microseconds.
const DONE = `
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"wrkResult":true,"requests":%d,"duration":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,' ..
    '"status":%d,"timeout":%d,"p50":%d,"p99":%d,"mean":%.3f}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.mean))
end
`;

/**
 * The Lua script for a list of requests. One request sets wrk's defaults, so that wrk builds it once
 * and never calls into Lua per request. Several are formatted once per thread in init() (after wrk
 * has set the Host header, which wrk.format copies) and handed out in turn by request().
 */
export function luaScript(requests) {
  if (requests.length === 1) {
    const [{ method, path, headers = {}, payload }] = requests;
    const lines = [`wrk.method = ${luaString(method)}`, `wrk.path = ${luaString(path)}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`wrk.headers[${luaString(name)}] = ${luaString(String(value))}`);
    if (payload !== undefined) lines.push(`wrk.body = ${luaString(payload)}`);
    return `${lines.join('\n')}\n${DONE}`;
  }
  const specs = requests.map(
    ({ method, path, headers, payload }) =>
      `  { ${luaString(method)}, ${luaString(path)}, ${luaHeaders(headers)}, ${payload === undefined ? 'nil' : luaString(payload)} },`,
  );
  return `local specs = {
${specs.join('\n')}
}
local prepared = {}
local index = 0

function init(args)
  for i, spec in ipairs(specs) do
    prepared[i] = wrk.format(spec[1], spec[2], spec[3], spec[4])
  end
end

function request()
  index = index % #prepared + 1
  return prepared[index]
end
${DONE}`;
}

/**
 * One wrk run of `seconds` against the port; resolves with the parsed JSON line of done().
 * wrk's -d takes whole seconds only (no fractions, no `ms`), so a fractional time is run as the next
 * whole second and stopped with SIGINT on time: wrk then ends the run cleanly, reports the time it
 * really ran, and still calls done().
 */
async function wrkOnce(port, script, connections, seconds, pinning) {
  const args = ['-t1', `-c${connections}`, `-d${Math.ceil(seconds)}s`, '--timeout', '10s', '-s', script, `http://127.0.0.1:${port}`];
  const child = spawnPinned('wrk', args, { pinning, core: 1 });
  const timer = Number.isInteger(seconds) ? null : setTimeout(() => child.kill('SIGINT'), Math.round(seconds * 1000));
  const { code, signal } = await child.exited;
  if (timer) clearTimeout(timer);
  const line = child.stdoutText.split('\n').find((l) => l.startsWith('{"wrkResult"'));
  if (code !== 0 || !line) {
    const said = `${child.stderrText} ${child.stdoutText}`.trim().split('\n').slice(-3).join(' | ');
    throw new Error(`wrk exited (${signal || code})${line ? '' : ' without a result'}: ${said}`);
  }
  return JSON.parse(line);
}

/** wrk's numbers in the shape load-worker.mjs gives autocannon's (latencies in ms). */
function toResult(run) {
  const seconds = run.duration / 1e6;
  const ms = (us) => Math.round(us) / 1000;
  return {
    rps: seconds > 0 ? run.requests / seconds : 0,
    total: run.requests,
    p50: ms(run.p50),
    p99: ms(run.p99),
    latencyAvg: ms(run.mean),
    throughputMBps: seconds > 0 ? run.bytes / seconds / (1024 * 1024) : 0,
    errors: run.connect + run.read + run.write,
    timeouts: run.timeout,
    // wrk counts answers by status only as "4xx or 5xx" (without a response() callback, which
    // would cost a Lua call per response); the correct statuses were checked before the load.
    statusCounts: run.status > 0 ? { 'non-2xx/3xx': run.status } : {},
  };
}

/**
 * Runs wrk (one thread, on core 1 when pinning) against a port: `warmup` seconds unmeasured (none
 * when 0), then `duration` seconds measured. Resolves with the same shape as the autocannon worker.
 */
export async function runWrk(port, requests, { connections, warmup, duration }, pinning) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  try {
    const script = join(dir, 'requests.lua');
    writeFileSync(script, luaScript(requests));
    if (warmup > 0) await wrkOnce(port, script, connections, warmup, pinning);
    return toResult(await wrkOnce(port, script, connections, duration, pinning));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
