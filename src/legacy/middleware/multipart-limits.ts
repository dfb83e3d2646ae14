import os from 'node:os';
import bytes from 'bytes';

/** Options of `multipart()` (and of `bodyParser()` for its multipart part). */
export interface MultipartOptions {
  /** Largest request body, in bytes or a `bytes` string; default `100mb`. Larger gets 413. */
  limit?: number | string;
  /** Largest single file; default: `limit`. */
  maxFileSize?: number | string;
  /** Largest total of all files; default: `limit`. */
  maxFilesSize?: number | string;
  /** Most files; default 100. */
  maxFiles?: number;
  /** Most non-file fields; default 1000. */
  maxFields?: number;
  /** Largest total of all field values (and so of any one); default `2mb`. */
  maxFieldsSize?: number | string;
  /** Longest field name (of fields and files), in bytes; default 1024. */
  maxFieldNameSize?: number;
  /** Most parts (fields and files together); default `maxFields + maxFiles`. */
  maxParts?: number;
  /** Where the per-request upload directories are made; default `os.tmpdir()`. */
  uploadDir?: string;
  /**
   * Call the next handler at once with `req.form`, an emitter of the body's `part`, `field`,
   * `file`, `progress`, `error` and `close` events, instead of after the body was read.
   */
  defer?: boolean;
}

/** The options resolved to plain numbers, once per factory call. */
export interface ResolvedMultipartLimits {
  limit: number;
  maxFileSize: number;
  maxFilesSize: number;
  maxFiles: number;
  maxFields: number;
  maxFieldsSize: number;
  maxFieldNameSize: number;
  maxParts: number;
  uploadDir: string;
}

/** Resolves sizes (`'10mb'`) and defaults; throws a TypeError on a size `bytes` cannot read. */
export function resolveMultipartLimits(options: MultipartOptions): ResolvedMultipartLimits {
  const limit = size(options.limit, 100 * 1024 * 1024, 'limit');
  const maxFiles = count(options.maxFiles, 100);
  const maxFields = count(options.maxFields, 1000);
  return {
    limit,
    maxFileSize: size(options.maxFileSize, limit, 'maxFileSize'),
    maxFilesSize: size(options.maxFilesSize, limit, 'maxFilesSize'),
    maxFiles,
    maxFields,
    maxFieldsSize: size(options.maxFieldsSize, 2 * 1024 * 1024, 'maxFieldsSize'),
    maxFieldNameSize: count(options.maxFieldNameSize, 1024),
    maxParts: count(options.maxParts, maxFields + maxFiles),
    uploadDir: options.uploadDir ?? os.tmpdir(),
  };
}

function size(value: number | string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === null) return fallback;
  const parsed = typeof value === 'number' ? value : bytes.parse(value);
  if (typeof parsed !== 'number' || Number.isNaN(parsed) || parsed < 0) {
    throw new TypeError(`option ${name} must be a size in bytes or a string such as "10mb"`);
  }
  return parsed;
}

function count(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && value >= 0 ? value : fallback;
}
