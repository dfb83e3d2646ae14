import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import typeis from 'type-is';
import { HttpError } from '../../errors/http-error';
import { resolveMultipartLimits, type MultipartOptions } from './multipart-limits';
import { readMultipart, type MultipartResult, type UploadedFile } from './multipart-reader';
import { UploadDirectory } from './upload-directory';
import { MultipartForm } from './multipart-form';
import { Buffer } from 'node:buffer';

export type { MultipartOptions } from './multipart-limits';
export type { UploadedFile, PartInfo } from './multipart-reader';
export { MultipartForm } from './multipart-form';

/** What `multipart()` adds to a request. */
export interface MultipartRequest extends IncomingMessage {
  body?: unknown;
  files?: Record<string, unknown>;
  /** Set by the body parsers once a body has been read, so later ones skip it. */
  _body?: boolean;
  /** With `defer`, the emitter of the body being read. */
  form?: MultipartForm;
}

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** Bracketed names (`user[name]`, `photos[]`) nest as in 3.x; prototype keys are dropped. */
const QS_OPTIONS: qs.IParseOptions = { allowPrototypes: false, depth: 5, arrayLimit: 100 };

/**
 * Parses `multipart/form-data` bodies: fields go to `req.body`, files are streamed to
 * temporary files (one random directory per request under `uploadDir`) and described in
 * `req.files` (see UploadedFile). The directory is removed when the response finishes or the
 * connection closes: move a file elsewhere before responding to keep it. Every limit answers
 * 413, a malformed body 400 (through `next(err)`). With `defer`, the next handler runs at once
 * and follows the body through `req.form` (see MultipartForm).
 */
export function multipart(options: MultipartOptions = {}): Middleware {
  const limits = resolveMultipartLimits(options);
  const defer = options.defer === true;

  return function multipartParser(incoming, res, next) {
    const req = incoming as MultipartRequest;
    // 3.x gave `{}` for both whatever the request, even when another parser read the body.
    if (req.body === undefined) req.body = {};
    if (req.files === undefined) req.files = {};
    if (req._body) return next();

    if (req.method === 'GET' || req.method === 'HEAD') return next();
    if (!typeis.hasBody(req) || !typeis(req, ['multipart/form-data'])) return next();

    const declared = Number(req.headers['content-length']);
    if (declared > limits.limit) {
      return next(new HttpError(413, 'request entity too large', { type: 'entity.too.large', limit: limits.limit, length: declared, expected: declared }));
    }
    req._body = true;

    const dir = new UploadDirectory(limits.uploadDir);
    const cleanup = () => {
      dir.remove().catch(() => undefined);
    };
    const form = defer ? (req.form = new MultipartForm(res)) : undefined;
    // Without `defer` a failure goes to next(err); with it, to `req.form`.
    const failWith = (err: unknown): void => (form === undefined ? next(err) : form.fail(err));
    const bodyRead = (err: HttpError | null, result?: MultipartResult): void => {
      if (err || !result) {
        cleanup();
        return failWith(err);
      }
      // Nothing outlives the response: a finished or aborted response removes the uploads. The
      // client may have gone while the last file was still being written, after the body had
      // fully arrived: the response has then closed already and will emit nothing more.
      if (res.closed) cleanup();
      else {
        res.once('finish', cleanup);
        res.once('close', cleanup);
      }
      // This runs inside the parser's last stream event: nothing may throw out of it, and `next`
      // is called outside the try so that what the app does downstream is not caught here.
      let parsed: { body: Record<string, unknown>; files: Record<string, UploadedFile> };
      try {
        parsed = {
          body: qs.parse(result.fields as Record<string, string>, QS_OPTIONS),
          files: qs.parse(result.files as unknown as Record<string, string>, QS_OPTIONS) as Record<string, UploadedFile>,
        };
      } catch (error) {
        return failWith(new HttpError(400, 'malformed multipart body', { type: 'entity.parse.failed', cause: error }));
      }
      if (form === undefined) {
        req.body = isPlainObject(req.body) ? Object.assign(req.body, parsed.body) : parsed.body;
        req.files = parsed.files;
        return next();
      }
      // With `defer`, as in 3.x, `req.body` becomes a new object and the files are reported by
      // the `file` events alone (`req.files` stays the `{}` the handler saw).
      req.body = Object.assign({}, isPlainObject(req.body) ? req.body : undefined, parsed.body);
      form.finish();
    };
    readMultipart(req, limits, dir, bodyRead, form);
    if (form !== undefined) next();
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);
}
