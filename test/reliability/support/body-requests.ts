import fc from 'fast-check';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

// Generators of whole HTTP requests for the body parsers: the bytes are built here, so framing
// and encodings can be wrong in ways node's own client would never send.

const PATHS = ['/json', '/form', '/form-flat', '/text', '/raw', '/legacy/upload'];
const TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data', 'application/vnd.api+json', 'application/octet-stream', 'text/html', '*/*', 'application/', 'json', ''];
const CHARSETS = [null, 'utf-8', 'UTF-8', 'latin1', 'iso-8859-1', 'utf-16le', 'utf-16', 'koi8-r', 'bogus-charset', '', '"utf-8"'];
const ENCODINGS = ['identity', 'gzip', 'deflate', 'br', 'corrupt-gzip', 'truncated-gzip', 'truncated-br', 'x-unknown', 'gzip, deflate', 'GZIP'] as const;
const FRAMINGS = ['exact', 'short', 'long', 'chunked', 'chunked-bad', 'none'] as const;
const DISPOSITIONS = [
  (n: string) => `form-data; name="${n}"`,
  (n: string) => `form-data; name="${n}"; filename="f.txt"`,
  () => 'form-data',
  () => 'form-data; name=""',
  () => 'form-data; filename="nameless.bin"',
  () => 'form-data; name=""; filename=""',
  () => 'attachment; name="a"',
  () => 'form-data; name=__proto__',
  (n: string) => `form-data; name="${n}"; filename="../../../etc/passwd"`,
  (n: string) => `form-data; name*=UTF-8''${encodeURIComponent(n)}`,
  () => 'form-data; name="constructor[prototype][polluted]"',
  () => ';;;',
];

const KEY = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', '__proto__[polluted]', 'constructor[prototype][polluted]', 'a[__proto__][b]', 'a[]', 'a[0]', 'a[999999]', 'a[b][c][d][e][f][g]', 'hasOwnProperty', 'toString'),
);

/** A body in one of the syntaxes the parsers know, or not. */
const BODY = fc.oneof(
  fc.json({ maxDepth: 4 }).map((s) => Buffer.from(s)),
  fc.dictionary(KEY, fc.json({ maxDepth: 2 })).map((o) => Buffer.from(JSON.stringify(o).replace(/"polluted"/g, '"__proto__"'))),
  fc.constantFrom('{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '[', '{"a":', ' ', '', 'null', '"str"', '1e999', '\uFEFF{}').map((s) => Buffer.from(s)),
  fc.array(fc.tuple(KEY, fc.string({ maxLength: 12 })), { maxLength: 8 }).map((pairs) => Buffer.from(pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'))),
  fc.array(fc.constantFrom('a', '=', '&', '[', ']', '%', '%zz', '+', '__proto__', '.', '%00', 'é'), { maxLength: 40 }).map((a) => Buffer.from(a.join(''))),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
  fc.string({ unit: 'grapheme', maxLength: 60 }).map((s) => Buffer.from(s)),
  fc.integer({ min: 60_000, max: 70_000 }).map((n) => Buffer.alloc(n, 0x61)),
);

/** A multipart body: random parts with odd dispositions, sometimes unterminated. */
const MULTIPART = fc
  .record({
    boundary: fc.constantFrom('XyZ', 'b', '----WebKitFormBoundary7MA4YWxkTrZu0gW', '"quoted"'),
    parts: fc.array(
      fc.record({
        disposition: fc.nat(DISPOSITIONS.length - 1),
        name: KEY,
        type: fc.constantFrom(null, 'text/plain', 'application/octet-stream', 'x'),
        value: fc.oneof(fc.string({ maxLength: 40 }), fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a).toString('latin1'))),
      }),
      { maxLength: 5 },
    ),
    ending: fc.constantFrom('close', 'close', 'none', 'garbage'),
  })
  .map(({ boundary, parts, ending }) => {
    const b = boundary.replace(/"/g, '');
    let text = parts
      .map((p) => `--${b}\r\nContent-Disposition: ${DISPOSITIONS[p.disposition](p.name)}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n${p.value}\r\n`)
      .join('');
    if (ending === 'close') text += `--${b}--\r\n`;
    else if (ending === 'garbage') text += `--${b}\r\nno-colon-header\r\n`;
    return { body: Buffer.from(text, 'latin1'), type: `multipart/form-data; boundary=${boundary}` };
  });

export interface GeneratedRequest {
  /** The request's bytes, ready to write. */
  bytes: Buffer;
  /** A short description for failure messages. */
  label: string;
  head?: boolean;
  /** Half-close once written (a body shorter than its Content-Length). */
  halfClose?: boolean;
}

function encode(body: Buffer, encoding: (typeof ENCODINGS)[number]): Buffer {
  switch (encoding) {
    case 'gzip':
    case 'GZIP':
      return gzipSync(body);
    case 'deflate':
      return deflateSync(body);
    case 'br':
      return brotliCompressSync(body);
    case 'corrupt-gzip': {
      const out = gzipSync(body);
      out[Math.min(out.length - 1, 12)] ^= 0xff;
      return out;
    }
    case 'truncated-gzip':
      return gzipSync(body).subarray(0, 12);
    case 'truncated-br':
      return brotliCompressSync(body).subarray(0, 3);
    default:
      return body;
  }
}

const encodingHeader = (e: (typeof ENCODINGS)[number]): string | null =>
  e === 'identity' ? null : e.startsWith('corrupt') || e.startsWith('truncated') ? e.split('-')[1] : e;

/** Frames `body` as the framing says; the head gets the matching length headers. */
function frame(body: Buffer, framing: (typeof FRAMINGS)[number], delta: number, splits: number[]): { headers: string[]; payload: Buffer } {
  switch (framing) {
    case 'exact':
      return { headers: [`Content-Length: ${body.length}`], payload: body };
    case 'short':
      return { headers: [`Content-Length: ${Math.max(0, body.length - delta)}`], payload: body };
    case 'long':
      return { headers: [`Content-Length: ${body.length + delta}`], payload: body };
    case 'none':
      return { headers: [], payload: body };
    case 'chunked':
    case 'chunked-bad': {
      const pieces: Buffer[] = [];
      let at = 0;
      for (const s of [...splits.map((x) => x % (body.length + 1)).sort((a, b) => a - b), body.length]) {
        if (s <= at) continue;
        const piece = body.subarray(at, s);
        pieces.push(Buffer.from(`${framing === 'chunked-bad' && at === 0 ? 'zz' : piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
        at = s;
      }
      pieces.push(Buffer.from('0\r\n\r\n'));
      return { headers: ['Transfer-Encoding: chunked'], payload: Buffer.concat(pieces) };
    }
  }
}

/** Requests for the four parsers and the legacy body parser. */
export const bodyRequest: fc.Arbitrary<GeneratedRequest> = fc
  .record({
    path: fc.constantFrom(...PATHS),
    plain: BODY,
    multipart: MULTIPART,
    useMultipart: fc.boolean(),
    type: fc.constantFrom(...TYPES),
    charset: fc.constantFrom(...CHARSETS),
    encoding: fc.constantFrom(...ENCODINGS),
    framing: fc.constantFrom(...FRAMINGS),
    delta: fc.integer({ min: 1, max: 40 }),
    splits: fc.array(fc.nat(), { maxLength: 4 }),
  })
  .map((r) => {
    const useMultipart = r.useMultipart && (r.path === '/legacy/upload' || r.type === 'multipart/form-data');
    const raw = useMultipart ? r.multipart.body : r.plain;
    let type = useMultipart ? r.multipart.type : r.type;
    if (r.charset !== null && type !== '') type += `; charset=${r.charset}`;
    const { headers, payload } = frame(encode(raw, r.encoding), r.framing, r.delta, r.splits);
    const coding = encodingHeader(r.encoding);
    const head = [`POST ${r.path} HTTP/1.1`, 'Host: 127.0.0.1', ...(type ? [`Content-Type: ${type}`] : []), ...(coding ? [`Content-Encoding: ${coding}`] : []), ...headers, 'Connection: close'];
    return {
      bytes: Buffer.concat([Buffer.from(head.join('\r\n') + '\r\n\r\n', 'latin1'), payload]),
      halfClose: r.framing === 'long',
      label: `${r.path} type=${JSON.stringify(type)} encoding=${r.encoding} framing=${r.framing} body=${raw.length}B`,
    };
  });
