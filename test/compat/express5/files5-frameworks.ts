import { createRequire } from 'node:module';
import portico from '../../../src/index';
import portico5 from '../../../src/express5/index';
import { serveStatic5 } from '../../../src/express5/serve-static-5';
import { sendFile5, download5 } from '../../../src/express5/send-file-5';
import type { Framework } from '../static-cases';

/** express@5.3, the oracle of the 5.x file-serving tests (serve-static 2, send 1, content-disposition 2). */
export const express5 = createRequire(__filename)('express5') as Framework;

/**
 * A Portico app whose responses send files as Express 5 does: `sendFile5`/`download5` in place of the
 * 4.x methods, and no `res.sendfile` (Express 5 removed it), with `serveStatic5` as its `static`.
 */
export const porticoFiles5 = Object.assign(
  () => {
    const app = portico();
    app.use(function fileMethods5(_req, res, next) {
      const r = res as unknown as Record<string, unknown>;
      r.sendFile = sendFile5;
      r.download = download5;
      r.sendfile = undefined;
      next();
    });
    return app;
  },
  { static: serveStatic5 },
) as unknown as Framework;

/** The `portico/5` entry itself: its `static` is serveStatic5, its responses' sendFile/download the 5.x ones. */
export const porticoEntry5 = portico5 as unknown as Framework;
