import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Stats } from 'node:fs';
import { fileHttpError, type TransferHooks } from '../files/index';
import type { StaticConfig } from './static-options';
import { redirectToDirectory } from './redirect-to-directory';

type NextFunction = (err?: unknown) => void;

/**
 * The static middleware's side of one transfer. Until a file is found, client errors (4xx) fall
 * through to `next()` when `fallthrough` is on; once a file is found, every error belongs to that
 * file (412, 416, read errors) and goes to `next(err)`. Server errors always do.
 */
export class StaticTransfer implements TransferHooks {
  readonly watchesCompletion = false;
  private forwardError: boolean;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly next: NextFunction,
    private readonly config: StaticConfig,
  ) {
    this.forwardError = !config.fallthrough;
  }

  file(path: string, stat: Stats): void {
    this.forwardError = true;
    if (this.config.setHeaders) this.config.setHeaders(this.res, path, stat);
  }

  directory(_path: string, trailingSlash: boolean): void {
    if (this.config.redirect && !trailingSlash) redirectToDirectory(this.req, this.res);
    else this.error(fileHttpError(404));
  }

  error(err: Error): void {
    const status = (err as { statusCode?: unknown }).statusCode;
    if (this.forwardError || !(typeof status === 'number' && status < 500)) this.next(err);
    else this.next();
  }

  end(): void {
    // Nothing to do: the static middleware has no completion callback.
  }

  aborted(): void {
    // A client that left needs no answer; the descriptor is already closed.
  }
}
