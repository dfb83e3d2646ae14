// The switch the differential suites are run under (test/helpers/transport.ts): with
// PORTICO_TRANSPORT=fetch every Portico app a suite starts answers through `app.fetch`, while the
// reference stays on node:http. Checked here so a mode that silently fell back to node:http fails.
import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import express from 'express';
import express5 from 'express5';
import portico from '../../src/index';
import portico5 from '../../src/express5/index';
import legacy from '../../src/legacy/index';
import { send, startServer, type Listener } from '../helpers/server';
import { fetchMode, hasFetch } from '../helpers/transport';

/** An app answering with what its request's socket is and the address it reports. */
function socketApp(framework: () => any): Listener {
  const app = framework();
  app.get('/', (req: any, res: any) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ netSocket: req.socket instanceof net.Socket, ip: req.ip, remoteAddress: req.socket.remoteAddress }));
  });
  return app as Listener;
}

async function socketOf(app: Listener): Promise<{ netSocket: boolean; ip: string; remoteAddress: string }> {
  const srv = await startServer(app);
  try {
    return JSON.parse((await send(srv.port)).text);
  } finally {
    await srv.close();
  }
}

describe(`the differential suites' transport (${fetchMode ? 'app.fetch' : 'node:http'})`, () => {
  for (const [name, framework] of [['portico', portico], ['portico/5', portico5], ['portico/legacy', legacy]] as const) {
    it(`serves a ${name} app through ${fetchMode ? 'app.fetch, with the client address' : "node:http's own socket"}`, async () => {
      assert.equal(hasFetch(framework()), true);
      const seen = await socketOf(socketApp(framework as () => any));
      assert.equal(seen.netSocket, !fetchMode);
      assert.equal(seen.remoteAddress, '127.0.0.1');
      assert.equal(seen.ip, '127.0.0.1');
    });
  }

  for (const [name, framework] of [['express@4', express], ['express@5', express5]] as const) {
    it(`keeps the ${name} reference on node:http`, async () => {
      assert.equal(hasFetch(framework()), false);
      assert.equal((await socketOf(socketApp(framework as () => any))).netSocket, true);
    });
  }
});
