import { EventEmitter } from 'node:events';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { cutResponse } from '../../http/cut-response';
import type { MultipartObserver, PartInfo, UploadedFile } from './multipart-reader';

/**
 * `req.form` of `multipart({ defer: true })`: the handler gets it before the body is read and
 * listens for `part`, `field` (name, value), `file` (name, file), `progress` (received,
 * expected), then `close` once `req.body` and `req.files` are complete, or `error`.
 */
export class MultipartForm extends EventEmitter implements MultipartObserver {
  constructor(private readonly res: ServerResponse) {
    super();
  }

  part(info: PartInfo): void {
    this.emit('part', info);
  }

  field(name: string, value: string): void {
    this.emit('field', name, value);
  }

  file(name: string, file: UploadedFile): void {
    this.emit('file', name, file);
  }

  progress(received: number, expected: number): void {
    this.emit('progress', received, expected);
  }

  /** The body is read: `close`. A listener that throws fails the form instead of the process. */
  finish(): void {
    try {
      this.emit('close');
    } catch (err) {
      this.fail(err);
    }
  }

  /**
   * The body failed: `error` for the app's listener. Without one (or when it throws), the
   * response is answered with the error's status, so the request never hangs; 3.x left it open.
   */
  fail(err: unknown): void {
    if (this.listenerCount('error') !== 0) {
      try {
        this.emit('error', err);
        return;
      } catch (thrown) {
        err = thrown;
      }
    }
    const res = this.res;
    if (res.headersSent) {
      cutResponse(res.req, res);
      return;
    }
    const status = statusOf(err);
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(STATUS_CODES[status] ?? 'Error');
  }
}

function statusOf(err: unknown): number {
  const status = typeof err === 'object' && err !== null ? (err as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}
