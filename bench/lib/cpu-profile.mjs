// Reads a V8 .cpuprofile and summarises self time: by area (Portico, dependencies, Node, GC) and
// by function, with Portico's compiled locations mapped back to src/ through the source maps.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT_DIR } from './frameworks.mjs';

const sourceMaps = new Map();

/** The source map of a compiled file, or null. Cached: a profile names the same files many times. */
function sourceMapFor(file) {
  if (!sourceMaps.has(file)) {
    let map = null;
    try {
      if (existsSync(`${file}.map`)) map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    sourceMaps.set(file, map);
  }
  return sourceMaps.get(file);
}

/** A readable location for a call frame: repository-relative, mapped to src/ when a map exists. */
function location(callFrame) {
  const { url, lineNumber, columnNumber } = callFrame;
  if (!url) return '';
  if (!url.startsWith('file://')) return `${url}:${lineNumber + 1}`;
  const file = fileURLToPath(url);
  const map = sourceMapFor(file);
  const entry = map ? map.findEntry(lineNumber, columnNumber) : null;
  if (entry && entry.originalSource) {
    const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : entry.originalSource;
    return `${relative(ROOT_DIR, resolve(dirname(file), source))}:${entry.originalLine + 1}`;
  }
  return `${relative(ROOT_DIR, file)}:${lineNumber + 1}`;
}

const PORTICO_AREA = 'Portico';
// A build elsewhere (PORTICO_BENCH_MODULE=/abs/path/index.js) counts as Portico too.
const standIn = process.env.PORTICO_BENCH_MODULE;
const porticoDir = standIn && standIn.startsWith('/') ? `${dirname(standIn)}/` : null;

/** The area a call frame belongs to, for the coarse breakdown. */
function area(callFrame) {
  const { url, functionName } = callFrame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 / native (program)';
    return 'V8 builtins and native code';
  }
  if (url.startsWith('node:')) return 'Node.js internals (http, net, streams…)';
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (dependency) return `dependency: ${dependency[1]}`;
  const rel = relative(ROOT_DIR, file);
  if (rel.startsWith('dist/') || (porticoDir && file.startsWith(porticoDir))) return PORTICO_AREA;
  if (rel.startsWith('bench/')) return 'benchmark server code';
  return rel;
}

/**
 * Summarises a .cpuprofile file: total and idle time, self time per area and per function
 * (sorted, largest first), all in milliseconds.
 */
export function summariseProfile(path) {
  const profile = JSON.parse(readFileSync(path, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) || 0) + (profile.timeDeltas[i] || 0));
  }

  const areas = new Map();
  const functions = new Map();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    totalUs += us;
    const where = area(callFrame);
    if (where === 'idle') {
      idleUs += us;
      continue;
    }
    areas.set(where, (areas.get(where) || 0) + us);
    const name = callFrame.functionName || '(anonymous)';
    const loc = location(callFrame);
    const key = `${name}\u0000${loc}`;
    const entry = functions.get(key) || { name, location: loc, area: where, selfMs: 0 };
    entry.selfMs += us / 1000;
    functions.set(key, entry);
  }
  const busyMs = (totalUs - idleUs) / 1000;
  return {
    totalMs: totalUs / 1000,
    idleMs: idleUs / 1000,
    busyMs,
    areas: [...areas].map(([name, us]) => ({ name, selfMs: us / 1000 })).sort((a, b) => b.selfMs - a.selfMs),
    functions: [...functions.values()].sort((a, b) => b.selfMs - a.selfMs),
  };
}

/** Formats a summary as text: the areas, then the top functions by self time. */
export function formatSummary(summary, top) {
  const pct = (ms) => `${((100 * ms) / summary.busyMs).toFixed(1).padStart(5)}%`;
  const lines = [
    `sampled ${summary.totalMs.toFixed(0)} ms: busy ${summary.busyMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms (percentages are of busy time)`,
    '',
    'Self time by area',
    ...summary.areas.map((a) => `  ${pct(a.selfMs)}  ${a.selfMs.toFixed(0).padStart(7)} ms  ${a.name}`),
    '',
    `Top ${top} functions by self time`,
    ...summary.functions
      .slice(0, top)
      .map((f) => `  ${pct(f.selfMs)}  ${f.selfMs.toFixed(0).padStart(7)} ms  ${f.name.padEnd(32)} ${f.location}`),
  ];
  const portico = summary.functions.filter((f) => f.area === PORTICO_AREA);
  if (portico.length > 0) {
    const byFile = new Map();
    for (const f of portico) {
      const file = f.location.replace(/:\d+$/, '');
      byFile.set(file, (byFile.get(file) || 0) + f.selfMs);
    }
    lines.push('', 'Portico self time by source file');
    for (const [file, ms] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
      lines.push(`  ${pct(ms)}  ${ms.toFixed(0).padStart(7)} ms  ${file}`);
    }
  }
  return lines.join('\n');
}
