import { Buffer } from 'node:buffer';

/*
 * SHA-1 (FIPS 180-4, section 6.1) of a short body, for entity tags only: an ETag names a version of
 * a body, it protects nothing. node:crypto is not in node's start-up snapshot; loading it takes some
 * twenty internal modules and about 3 ms, which an app's first tagged response would wait for.
 * etag.ts hashes an app's first short bodies here (see there), in one pass over a reused buffer.
 */

/** The longest body (in bytes) hashed here. */
export const SHORT_BODY = 1024;

// The body, its padding and its bit length; the 80-word message schedule; the 20-byte digest.
const block = Buffer.alloc(SHORT_BODY + 72);
const schedule = new Int32Array(80);
const digest = Buffer.alloc(20);

/**
 * The SHA-1 of `body` (a string in `encoding`, or bytes) in base64, or undefined when it is longer
 * than SHORT_BODY bytes (then the caller hashes it with node:crypto).
 */
export function shortSha1Base64(body: string | Uint8Array, encoding: BufferEncoding | undefined): string | undefined {
  let length: number;
  if (typeof body === 'string') {
    // Three bytes per UTF-16 unit at most: a string that short fits without counting its bytes.
    if (body.length * 3 > SHORT_BODY && Buffer.byteLength(body, encoding ?? 'utf8') > SHORT_BODY) return undefined;
    length = block.write(body, 0, encoding ?? 'utf8');
  } else {
    if (body.length > SHORT_BODY) return undefined;
    block.set(body, 0);
    length = body.length;
  }
  return sha1Of(length).toString('base64');
}

/** Pads the `length` bytes at the start of `block` and hashes them into `digest`. */
function sha1Of(length: number): Buffer {
  // The message, a 1 bit, zeros, and the length in bits as a 64-bit big-endian number, to a
  // multiple of 64 bytes. (Bodies this short have a length whose high 32 bits are zero.)
  const padded = (((length + 8) >> 6) + 1) << 6;
  block[length] = 0x80;
  block.fill(0, length + 1, padded - 4);
  block.writeUInt32BE(length * 8, padded - 4);

  let h0 = 0x67452301;
  let h1 = 0xefcdab89 | 0;
  let h2 = 0x98badcfe | 0;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0 | 0;
  const w = schedule;
  for (let offset = 0; offset < padded; offset += 64) {
    for (let t = 0; t < 16; t++) w[t] = block.readInt32BE(offset + 4 * t);
    for (let t = 16; t < 80; t++) {
      const x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16];
      w[t] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let t = 0; t < 80; t++) {
      let f: number;
      let k: number;
      if (t < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (t < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (t < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc | 0;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6 | 0;
      }
      const next = (((a << 5) | (a >>> 27)) + f + e + k + w[t]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }
  digest.writeInt32BE(h0, 0);
  digest.writeInt32BE(h1, 4);
  digest.writeInt32BE(h2, 8);
  digest.writeInt32BE(h3, 12);
  digest.writeInt32BE(h4, 16);
  return digest;
}
