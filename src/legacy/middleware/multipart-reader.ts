import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { WriteStream } from 'node:fs';
import busboy from 'busboy';
import { HttpError } from '../../errors/http-error';
import type { ResolvedMultipartLimits } from './multipart-limits';
import { UploadDirectory } from './upload-directory';
import { Buffer } from 'node:buffer';

/**
 * An uploaded file, in the shape 3.x apps read from `req.files` (connect 2.x's multipart).
 * `headers` is rebuilt from the part's disposition and type (the parser does not expose raw part headers).
 */
export interface UploadedFile {
  fieldName: string;
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
): void {
  const fields: MultipartResult['fields'] = Object.create(null);
  const files: MultipartResult['files'] = Object.create(null);
  // Files finish writing in any order; they are listed in the order their parts arrived.
  const uploads: Array<{ fieldName: string; file: UploadedFile } | null> = [];
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
    for (const upload of uploads) if (upload !== null) addValue(files, upload.fieldName, upload.file);
    done(null, { fields, files });
  }

  function countBytes(chunk: Buffer): void {
    received += chunk.length;
    if (received > limits.limit) fail(tooLarge('request entity too large', limits.limit, received));
  }

  parser.on('field', (name, value, info) => {
    if (finished) return;
    if (info.nameTruncated || Buffer.byteLength(name) > limits.maxFieldNameSize) {
      return fail(tooLarge('field name too long', limits.maxFieldNameSize));
    }
    fieldsSize += Buffer.byteLength(value);
    if (info.valueTruncated || fieldsSize > limits.maxFieldsSize) return fail(tooLarge('fields too large', limits.maxFieldsSize));
    addValue(fields, name, value);
  });

  parser.on('file', (fieldName, stream, info) => {
    if (finished) {
      stream.resume();
      return;
    }
    // busboy only limits name sizes of URL-encoded bodies: check multipart names here.
    if (Buffer.byteLength(fieldName) > limits.maxFieldNameSize) {
      stream.resume();
      return fail(tooLarge('field name too long', limits.maxFieldNameSize));
    }
    const originalFilename = info.filename ?? '';
    const slot = uploads.push(null) - 1;
    pending++;
    fileStreams.add(stream);
    stream.pause();
    // A body cut short errors the open file stream too; the parser reports the same error.
    stream.on('error', (err: unknown) => fail(parseError(err)));
    stream.on('limit', () => fail(tooLarge('file too large', limits.maxFileSize)));
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      filesSize += chunk.length;
      if (filesSize > limits.maxFilesSize) fail(tooLarge('files too large', limits.maxFilesSize));
    });

    dir.open(originalFilename).then(
      ({ path, stream: out }) => {
        writeStreams.add(out);
        if (finished) {
          out.destroy();
          return;
        }
        out.on('error', (err) => fail(new HttpError(500, err.message)));
        out.on('finish', () => {
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
            uploads[slot] = { fieldName, file };
          }
          settle();
        });
        stream.pipe(out);
      },
      (err: Error) => fail(new HttpError(500, err.message)),
    );
  });

  parser.on('partsLimit', () => fail(tooMany('too many parts', limits.maxParts)));
  parser.on('filesLimit', () => fail(tooMany('too many files', limits.maxFiles)));
  parser.on('fieldsLimit', () => fail(tooMany('too many fields', limits.maxFields)));
  parser.on('error', (err: unknown) => fail(parseError(err)));
  parser.on('close', settle);

  // 'close' before the whole body arrived is an abort ('aborted' itself is deprecated).
  req.on('close', () => {
    if (!req.complete) fail(new HttpError(400, 'request aborted', { type: 'request.aborted', code: 'ECONNABORTED' }));
  });
  req.on('data', countBytes);
  req.pipe(parser);
}

/** Appends `value` under `name`, turning a repeated name into an array, as 3.x did. */
function addValue<T>(target: Record<string, T | T[]>, name: string, value: T): void {
  const current = target[name];
  if (current === undefined) target[name] = value;
  else if (Array.isArray(current)) current.push(value);
  else target[name] = [current, value];
}

/** The part headers, rebuilt from what the parser reports (quotes in names are escaped). */
function partHeaders(fieldName: string, filename: string, mimeType: string): Record<string, string> {
  const quote = (s: string) => '"' + s.replace(/(["\\])/g, '\\$1') + '"';
  return {
    'content-disposition': `form-data; name=${quote(fieldName)}; filename=${quote(filename)}`,
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
