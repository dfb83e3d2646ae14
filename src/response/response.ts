import { ServerResponse } from 'node:http';
import type { Application } from '../application/application';
import type { PorticoRequest } from '../request/request';
import { sendFile } from './send-file';
import { download } from './download';
import { render } from './render';

/**
 * The response class, passed to node:http when Portico creates the server.
 * Methods live in one file per concern; this class only gathers them.
 */
export class PorticoResponse extends ServerResponse<PorticoRequest> {
  declare app: Application;
  declare locals: Record<string, unknown>;

  /** Transfers a file (see src/files). */
  sendFile(...args: Parameters<typeof sendFile>): void {
    return sendFile.apply(this, args);
  }

  /** Transfers a file as an attachment. */
  download(...args: Parameters<typeof download>): void {
    return download.apply(this, args);
  }

  /** Renders a view and sends it, or hands it to the callback. */
  render(...args: Parameters<typeof render>): void {
    return render.apply(this, args);
  }
}
