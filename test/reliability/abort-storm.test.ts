import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { statsWhen, type ChildServer, type ChildStats } from './support/child-server';
import { runStorm, openDescriptors, type StormOptions, type StormResult } from './support/abort-storm';
import { exchange } from './support/raw-exchange';
import { byMode, LONG } from './support/mode';
import { serversForThisFile } from './support/per-file-servers';
import { until } from '../helpers/wait-for';

// Uploads and downloads cut off mid-way, half by FIN and half by RST. Afterwards the child must
// hold no more descriptors, upload files or memory (after GC) than before. The same storm is run
// on express@4 for the absorption times docs/reliability.md compares.

const COUNT = byMode(300, 10_000);
const STORM: StormOptions = {
  count: COUNT,
  concurrency: 50,
  kinds: ['upload', 'download'],
  downloadCut: 64 * 1024,
  uploadCut: 64 * 1024,
  downloadPath: '/static/big.bin',
};
const MiB = 1024 * 1024;

const servers = serversForThisFile(true);

/** A few complete transfers first, so that lazily created state is not counted as a leak. */
async function warmUp(child: ChildServer): Promise<ChildStats> {
  for (let i = 0; i < 5; i++) {
    const answer = await exchange(child.port, Buffer.from('GET /static/big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'), 10_000);
    assert.equal(answer.status, 200);
  }
  // The baseline once the warm-up's answers are all closed.
  return statsWhen(child, (s) => s.inFlight === 0);
}

const summary = (r: StormResult, before: ChildStats, after: ChildStats) => ({
  ...r,
  fdDelta: after.fds - before.fds,
  heapDeltaMiB: +((after.heapUsed - before.heapUsed) / MiB).toFixed(2),
  arrayBuffersDeltaMiB: +((after.arrayBuffers - before.arrayBuffers) / MiB).toFixed(2),
  uploadsLeft: after.uploads,
});

describe('abort storms', () => {
  it(`absorbs ${COUNT} uploads and downloads cut off by FIN and RST with nothing left behind`, async () => {
    const results: Record<string, ReturnType<typeof summary>> = {};
    for (const child of [servers.portico, servers.express!]) {
      const before = await warmUp(child);
      const result = await runStorm(child.port, child.pid, before.fds, STORM);
      // Upload files are removed and connections closed asynchronously after the storm.
      const after = await statsWhen(child, (s) => s.uploads === 0 && s.fds <= before.fds);
      results[child.framework] = summary(result, before, after);
      assert.equal(child.exit, null, `${child.framework} is still running`);
    }
    console.log(`abort storm: ${JSON.stringify(results)}`);
    const ours = results.portico;
    assert.equal(ours.fin + ours.rst, COUNT);
    assert.ok(ours.fdDelta <= 0, `descriptors back where they were (${ours.fdDelta})`);
    assert.equal(ours.uploadsLeft, 0, 'no upload file left');
    assert.ok(ours.heapDeltaMiB < 8, `heap after GC back where it was (+${ours.heapDeltaMiB} MiB)`);
    assert.ok(ours.arrayBuffersDeltaMiB < 4, `Buffer memory after GC back where it was (+${ours.arrayBuffersDeltaMiB} MiB)`);
    if (LONG) {
      // Before the fix in src/body/read.ts Portico spent 2.3 times express@4's CPU time on a mixed storm.
      const theirs = results.express;
      assert.ok(ours.serverCpuMs <= theirs.serverCpuMs * 1.6 + 500, `CPU time ${ours.serverCpuMs} ms against express@4's ${theirs.serverCpuMs} ms`);
    }
  });

  it('holds no memory for the part of an announced body that never arrives', async () => {
    // Each request announces 32 MiB (within the upload route's limit), sends 1 KiB and waits.
    const before = await servers.portico.stats();
    const sockets: net.Socket[] = [];
    for (let i = 0; i < 16; i++) {
      const socket = net.connect(servers.portico.port, '127.0.0.1');
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      socket.write(`POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nContent-Length: ${32 * MiB}\r\n\r\n`);
      socket.write(Buffer.alloc(1024, 0x61));
      sockets.push(socket);
    }
    // Measured once the server has all 16 requests in hand.
    const during = await statsWhen(servers.portico, (s) => s.inFlight >= before.inFlight + 16);
    assert.equal(during.inFlight, before.inFlight + 16, 'the 16 requests reached the server');
    for (const socket of sockets) socket.resetAndDestroy();
    const grown = (during.arrayBuffers - before.arrayBuffers) / MiB;
    assert.ok(grown < 16, `Buffer memory grew by ${grown.toFixed(1)} MiB for 16 KiB received`);
    await until(() => openDescriptors(servers.portico.pid) <= before.fds, 'the cut connections to be closed');
  });
});
