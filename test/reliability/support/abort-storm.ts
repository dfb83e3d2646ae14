import net from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { runPool } from './run-pool';

export type StormKind = 'upload' | 'download';

export interface StormOptions {
  count: number;
  concurrency: number;
  /** The kinds to alternate between: one kind alone, or both for a mixed storm. */
  kinds: StormKind[];
  /** Bytes a download reads before it is cut off. */
  downloadCut: number;
  /** Bytes of body an upload sends (of the 1 MiB it announces) before it is cut off. */
  uploadCut: number;
  /** The file a download fetches (a path of the child app). */
  downloadPath: string;
  /** Close every connection the same way instead of alternating FIN and RST. */
  only?: 'fin' | 'rst';
}

export interface StormResult {
  /** From the first connection to the last client-side close. */
  clientMs: number;
  /** From the first connection until the server holds no more descriptors than before. */
  absorbedMs: number;
  /** Connections closed by FIN and by RST. */
  fin: number;
  rst: number;
  /** CPU time (user + system) the server process spent from the start until absorbed. */
  serverCpuMs: number;
  /** Client-side life of one connection (connect to close): median, 99th percentile, longest. */
  connectionMs: { p50: number; p99: number; max: number };
}

const UPLOAD_LENGTH = 1024 * 1024;

/**
 * One connection cut off mid-transfer. FIN: `end()` and keep reading until the server closes, as a
 * client that stops sending does. RST: `resetAndDestroy()` (SO_LINGER 0), as a client that crashes does.
 */
function cutOff(port: number, kind: StormKind, rst: boolean, options: StormOptions): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let cut = false;
    let received = 0;
    const timer = setTimeout(() => socket.destroy(), 15_000);
    const abort = (): void => {
      if (cut) return;
      cut = true;
      if (rst) socket.resetAndDestroy();
      else socket.end();
    };
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (kind === 'download' && received >= options.downloadCut) abort();
    });
    socket.on('connect', () => {
      if (kind === 'download') {
        socket.write(`GET ${options.downloadPath} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
        return;
      }
      socket.write(`POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nContent-Length: ${UPLOAD_LENGTH}\r\n\r\n`);
      socket.write(Buffer.alloc(options.uploadCut, 0x75), () => abort());
    });
  });
}

/** Open descriptors of process `pid`. */
export function openDescriptors(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** User plus system CPU time of process `pid`, from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 10 ms). */
export function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Runs `count` cut-off transfers against `port`, alternating the kinds and, within each kind, FIN
 * and RST, then waits (up to `settleMs`) until process `pid` is back to `baselineFds` descriptors.
 */
export async function runStorm(port: number, pid: number, baselineFds: number, options: StormOptions, settleMs = 30_000): Promise<StormResult> {
  const started = Date.now();
  const cpuBefore = cpuTimeMs(pid);
  const plan = Array.from({ length: options.count }, (_, i) => ({
    kind: options.kinds[i % options.kinds.length],
    rst: options.only === undefined ? Math.floor(i / options.kinds.length) % 2 === 1 : options.only === 'rst',
  }));
  const lives: number[] = [];
  await runPool(plan, options.concurrency, async ({ kind, rst }) => {
    const born = Date.now();
    await cutOff(port, kind, rst, options);
    lives.push(Date.now() - born);
  });
  lives.sort((a, b) => a - b);
  const clientMs = Date.now() - started;
  while (openDescriptors(pid) > baselineFds && Date.now() - started < clientMs + settleMs) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const serverCpuMs = cpuTimeMs(pid) - cpuBefore;
  return {
    clientMs,
    serverCpuMs,
    absorbedMs: Date.now() - started,
    fin: plan.filter((p) => !p.rst).length,
    rst: plan.filter((p) => p.rst).length,
    connectionMs: { p50: lives[lives.length >> 1], p99: lives[Math.floor(lives.length * 0.99)], max: lives[lives.length - 1] },
  };
}
