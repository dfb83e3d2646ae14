import portico from '../../src/index';
import { withServer, send, type SimpleResponse, type SimpleRequest } from './server';
import { errorFields } from './file-fixtures';

/** A handler under test: it calls res.sendFile/res.download in its own way. */
export type TransferHandler = (req: any, res: any, next: any) => void;

/**
 * An app running `handler` on GET/HEAD `/`, then a handler answering `NEXT` (so `next()` is visible),
 * and an error handler answering the error's fields as JSON with its status. A handler that throws
 * is answered 599 with the error's name and message.
 */
export function transferApp(handler: TransferHandler) {
  const app = portico();
  app.get('/', (req: any, res: any, next: any) => {
    try {
      handler(req, res, next);
    } catch (err) {
      res.status(599).send('THROWN ' + (err as Error).name + ': ' + (err as Error).message);
    }
  });
  app.use((_req: any, res: any) => {
    res.status(404).send('NEXT');
  });
  app.use((err: unknown, _req: unknown, res: any, _next: unknown) => {
    res.status((err as { status?: number }).status ?? 500).json(errorFields(err));
  });
  return app;
}

/** Runs `handler` in a fresh `transferApp` and sends one request to `/`. */
export async function runTransfer(handler: TransferHandler, request: SimpleRequest = {}): Promise<SimpleResponse> {
  return withServer(transferApp(handler), ({ port }) => send(port, { path: '/', ...request }));
}
