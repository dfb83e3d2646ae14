import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { WriteStream } from 'node:fs';
import busboy from 'busboy';
import { HttpError } from '../../errors/http-error';
import { guardListener } from '../../errors/guard-listener';
import type { ResolvedMultipartLimits } from './multipart-limits';
import { UploadDirectory } from './upload-directory';
import { Buffer } from 'node:buffer';

/**
 * An uploaded file, in the shape 3.x apps read from `req.files` (connect 2.x's multipart).
 * `headers` is rebuilt from the part's disposition and type (the parser does not expose raw part headers).
 */
export interface UploadedFile {
  /** The part's field name; `null` for a part that has none (3.x listed it under the key `'null'`). */
  fieldName: string | null;
  originalFilename: string;
  /** Absolute path of the temporary file; removed when the response finishes. */
  path: string;
  headers: Record<string, string>;
  size: number;
  /** Same as `originalFilename`. */
  name: string;
  /** The part's `Content-Type`. */
  type: string;
}

/** The flat result of a multipart body: repeated names become arrays. */
export interface MultipartResult {
  fields: Record<string, string | string[]>;
  files: Record<string, UploadedFile | UploadedFile[]>;
}

/** What a part looks like to a `part` listener (its body is the reader's). */
export interface PartInfo {
  name: string | null;
  filename: string | undefined;
  headers: Record<string, string>;
}

/**
 * Hooks into the reading, for `multipart({ defer: true })`'s `req.form`. They are called from
 * the parser's stream events, behind the same guard as the reader's own listeners: a throw in
 * one fails the body with a 400, it never escapes the event.
 */
export interface MultipartObserver {
  part(info: PartInfo): void;
  field(name: string, value: string): void;
  file(name: string, file: UploadedFile): void;
  progress(received: number, expected: number): void;
}

/**
 * Reads a `multipart/form-data` request with busboy: fields in memory, files streamed to
 * `dir`. Calls `done` once, with an error (413 for every limit, 400 for a malformed or aborted
 * body) or the result. On error the caller must remove `dir`.
 */
export function readMultipart(
  req: IncomingMessage,
  limits: ResolvedMultipartLimits,
  dir: UploadDirectory,
  done: (err: HttpError | null, result?: MultipartResult) => void,
  observer?: MultipartObserver,
): void {
  const expected = Number(req.headers['content-length']) || 0;
  const fields: MultipartResult['fields'] = Object.create(null);
  const files: MultipartResult['files'] = Object.create(null);
  // Files finish writing in any order; they are listed in the order their parts arrived.
  const uploads: Array<{ key: string; file: UploadedFile } | null> = [];
  const fileStreams = new Set<Readable>();
  const writeStreams = new Set<WriteStream>();
  let pending = 1; // busboy itself, plus one per file being written
  let finished = false;
  let received = 0;
  let fieldsSize = 0;
  let filesSize = 0;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: {
        fieldNameSize: limits.maxFieldNameSize,
        fieldSize: limits.maxFieldsSize,
        fields: limits.maxFields,
        files: limits.maxFiles,
        parts: limits.maxParts,
        fileSize: limits.maxFileSize,
      },
    });
  } catch (err) {
    done(parseError(err));
    return;
  }

  function fail(error: HttpError): void {
    if (finished) return;
    finished = true;
    req.unpipe(parser);
    req.off('data', countBytes);
    for (const s of fileStreams) s.destroy();
    for (const w of writeStreams) w.destroy();
    // Let the rest of the body drain so the error response can still be read by the client.
    req.resume();
    done(error);
  }

  function settle(): void {
    if (finished || --pending !== 0) return;
    finished = true;
    req.off('data', countBytes);
    for (const upload of uploads) if (upload !== null) addValue(files, upload.key, upload.file);
    done(null, { fields, files });
  }

  function countBytes(chunk: Buffer): void {
    received += chunk.length;
    if (received > limits.limit) return fail(tooLarge('request entity too large', limits.limit, received));
    observer?.progress(received, expected);
  }

  // Every listener below runs inside a stream's emit: a throw is turned into a 400, never let out.
  const guard = <Args extends unknown[]>(listener: (...args: Args) => void) => guardListener(listener, failOnThrow);
  function failOnThrow(error: unknown): void {
    fail(new HttpError(400, 'malformed multipart body', { type: 'entity.parse.failed', cause: error }));
  }

  parser.on(
    'field',
    guard((rawName: string | undefined, value: string, info: busboy.FieldInfo) => {
      if (finished) return;
      const name = fieldKey(rawName);
      if (info.nameTruncated || Buffer.byteLength(name) > limits.maxFieldNameSize) {
        return fail(tooLarge('field name too long', limits.maxFieldNameSize));
      }
      fieldsSize += Buffer.byteLength(value);
      if (info.valueTruncated || fieldsSize > limits.maxFieldsSize) return fail(tooLarge('fields too large', limits.maxFieldsSize));
      addValue(fields, name, value);
      if (observer !== undefined) {
        observer.part({ name: rawName ? rawName : null, filename: undefined, headers: { 'content-disposition': `form-data; name=${quoted(name)}` } });
        observer.field(name, value);
      }
    }),
  );

  parser.on(
    'file',
    guard((rawName: string | undefined, stream: Readable, info: busboy.FileInfo) => {
      if (finished) {
        stream.resume();
        return;
      }
      const fieldName = rawName ? rawName : null;
      const key = fieldKey(rawName);
      // busboy only limits name sizes of URL-encoded bodies: check multipart names here.
      if (Buffer.byteLength(key) > limits.maxFieldNameSize) {
        stream.resume();
        return fail(tooLarge('field name too long', limits.maxFieldNameSize));
      }
      const originalFilename = info.filename ?? '';
      observer?.part({ name: fieldName, filename: originalFilename, headers: partHeaders(fieldName, originalFilename, info.mimeType) });
      const slot = uploads.push(null) - 1;
      pending++;
      fileStreams.add(stream);
      stream.pause();
      // A body cut short errors the open file stream too; the parser reports the same error.
      stream.on('error', guard((err: unknown) => fail(parseError(err))));
      stream.on('limit', guard(() => fail(tooLarge('file too large', limits.maxFileSize))));
      let size = 0;
      stream.on(
        'data',
        guard((chunk: Buffer) => {
          size += chunk.length;
          filesSize += chunk.length;
          if (filesSize > limits.maxFilesSize) fail(tooLarge('files too large', limits.maxFilesSize));
        }),
      );

      const written = guard((path: string, out: WriteStream) => {
        writeStreams.delete(out);
        fileStreams.delete(stream);
        // A browser's empty file input sends a nameless, empty part: not an upload.
        if (size !== 0 || originalFilename !== '') {
          const file: UploadedFile = {
            fieldName,
            originalFilename,
            path,
            headers: partHeaders(fieldName, originalFilename, info.mimeType),
            size,
            name: originalFilename,
            type: info.mimeType,
          };
          uploads[slot] = { key, file };
          observer?.file(key, file);
        }
        settle();
      });
      // Both handlers are guarded too: a throw inside a promise callback would be an unhandled rejection.
      dir.open(originalFilename).then(
        guard(({ path, stream: out }: { path: string; stream: WriteStream }) => {
          writeStreams.add(out);
          if (finished) {
            out.destroy();
            return;
          }
          out.on('error', guard((err: Error) => fail(new HttpError(500, err.message))));
          out.on('finish', () => written(path, out));
          stream.pipe(out);
        }),
        guard((err: Error) => fail(new HttpError(500, err.message))),
      );
    }),
  );

  parser.on('partsLimit', guard(() => fail(tooMany('too many parts', limits.maxParts))));
  parser.on('filesLimit', guard(() => fail(tooMany('too many files', limits.maxFiles))));
  parser.on('fieldsLimit', guard(() => fail(tooMany('too many fields', limits.maxFields))));
  parser.on('error', guard((err: unknown) => fail(parseError(err))));
  parser.on('close', guard(settle));

  // 'close' before the whole body arrived is an abort ('aborted' itself is deprecated).
  req.on(
    'close',
    guard(() => {
      if (!req.complete) fail(new HttpError(400, 'request aborted', { type: 'request.aborted', code: 'ECONNABORTED' }));
    }),
  );
  req.on('data', guard(countBytes));
  req.pipe(parser);
}

/** Appends `value` under `name`, turning a repeated name into an array, as 3.x did. */
function addValue<T>(target: Record<string, T | T[]>, name: string, value: T): void {
  const current = target[name];
  if (current === undefined) target[name] = value;
  else if (Array.isArray(current)) current.push(value);
  else target[name] = [current, value];
}

/**
 * The key a part is listed under. 3.x kept a part without a field name (no `name`, or an empty
 * one) under the key `'null'`, and so does this reader rather than refuse the body.
 */
function fieldKey(name: string | undefined): string {
  return name ? name : 'null';
}

/** A quoted-string (quotes and backslashes escaped). */
function quoted(s: string): string {
  return '"' + s.replace(/(["\\])/g, '\\$1') + '"';
}

/** The part headers, rebuilt from what the parser reports. */
function partHeaders(fieldName: string | null, filename: string, mimeType: string): Record<string, string> {
  const name = fieldName === null ? '' : ` name=${quoted(fieldName)};`;
  return {
    'content-disposition': `form-data;${name} filename=${quoted(filename)}`,
    'content-type': mimeType,
  };
}

function tooLarge(message: string, limit: number, length?: number): HttpError {
  return new HttpError(413, message, { type: 'entity.too.large', limit, ...(length === undefined ? {} : { length }) });
}

function tooMany(message: string, limit: number): HttpError {
  return new HttpError(413, message, { type: 'parameters.too.many', limit });
}

function parseError(err: unknown): HttpError {
  const message = err instanceof Error ? err.message : 'malformed multipart body';
  return new HttpError(400, message, { type: 'entity.parse.failed' });
}
