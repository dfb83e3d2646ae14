import { readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import { Buffer } from 'node:buffer';

/** Options of `favicon()`. */
export interface FaviconOptions {
  /** Browser cache lifetime in milliseconds (default one year). */
  maxAge?: number;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const ALLOW = 'GET, HEAD, OPTIONS';

/**
 * The 3.x `favicon([path], [options])`: answers `/favicon.ico` from memory, before logging and
 * sessions see the request. The file is read when the middleware is created (a missing file throws
 * then, not on the first request); without a path a small built-in icon is served. GET and HEAD get
 * the icon with `Cache-Control: public, max-age` and an `ETag` (304 when fresh), OPTIONS the allowed
 * methods, other methods 405.
 */
export function favicon(path?: string, options?: FaviconOptions): Middleware {
  let icon: Buffer;
  if (path === undefined) icon = defaultIcon();
  else {
    statSync(path);
    icon = readFileSync(path);
  }
  const maxAge = Math.floor(Math.min(Math.max(0, options?.maxAge ?? ONE_YEAR_MS), ONE_YEAR_MS) / 1000);
  const etag = '"' + icon.length.toString(16) + '-' + createHash('md5').update(icon).digest('base64').replace(/=+$/, '') + '"';
  return function favicon(req, res, next) {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    if ((query === -1 ? url : url.slice(0, query)) !== '/favicon.ico') return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = req.method === 'OPTIONS' ? 200 : 405;
      res.setHeader('Allow', ALLOW);
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=' + maxAge);
    res.setHeader('ETag', etag);
    if (fresh(req.headers, { etag })) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Length', icon.length);
    res.setHeader('Content-Type', 'image/x-icon');
    res.end(req.method === 'HEAD' ? undefined : icon);
  };
}

let builtIn: Buffer | undefined;

/** A 16×16 icon (a grey square), drawn here so no image file ships with the package. */
function defaultIcon(): Buffer {
  if (builtIn) return builtIn;
  const size = 16;
  const pixels = size * size * 4;
  const mask = size * 4;
  const image = 40 + pixels + mask;
  const out = Buffer.alloc(6 + 16 + image);
  out.writeUInt16LE(1, 2); // type: icon
  out.writeUInt16LE(1, 4); // one image
  out.writeUInt8(size, 6);
  out.writeUInt8(size, 7);
  out.writeUInt16LE(1, 10); // colour planes
  out.writeUInt16LE(32, 12); // bits per pixel
  out.writeUInt32LE(image, 14);
  out.writeUInt32LE(22, 18); // offset of the image
  out.writeUInt32LE(40, 22); // BITMAPINFOHEADER
  out.writeInt32LE(size, 26);
  out.writeInt32LE(size * 2, 30); // height counts the AND mask too
  out.writeUInt16LE(1, 34);
  out.writeUInt16LE(32, 36);
  out.writeUInt32LE(pixels + mask, 42);
  for (let i = 0; i < size * size; i++) out.writeUInt32BE(0x555555ff, 62 + i * 4); // BGRA
  builtIn = out;
  return out;
}
