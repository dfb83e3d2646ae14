import type { Layer } from './layer';

/**
 * An index of a router's stack by the first segment of each layer's path, so that a request
 * only looks at the layers that can match it. Layers whose first segment is a pattern (or a
 * RegExp, or `/` middleware) are "always" candidates; the rest are listed under their segment.
 * Registration order is kept: candidates are visited in stack order by merging the two lists.
 */
export interface StackIndex {
  /** The stack array the index was built for (apps may replace `router.stack` with another array). */
  stack: readonly Layer[];
  /** Its length then; a different length means layers were added or removed. */
  size: number;
  /** Its layers then, position by position: a candidate found elsewhere means the stack was reordered. */
  layers: readonly Layer[];
  /** Stack positions that must always be tried, ascending. */
  always: number[];
  /** Lower-cased first segment → stack positions, ascending. */
  bySegment: Map<string, number[]>;
  /**
   * The last two pathnames looked up and their candidates: a router sees the same few paths again
   * and again, and comparing a path is cheaper than slicing its first segment and hashing that.
   */
  recentPaths: [string | undefined, string | undefined];
  recentLists: [readonly number[], readonly number[]];
  recentNext: number;
}

const EMPTY: readonly number[] = Object.freeze([]);

/** Characters that make a segment a pattern rather than literal text. */
const PATTERN_CHARS = /[:*?+()[\]\\|{}^$]/;

/**
 * The literal first segment of a path a layer was registered with, lower-cased, or undefined when
 * the layer must always be tried. `prefixBoundaryDot` is the 3.x rule where `/a` also matches `/a.json`.
 */
export function firstSegmentKey(path: unknown, prefixBoundaryDot: boolean): string | undefined {
  if (typeof path !== 'string' || path.charCodeAt(0) !== 0x2f /* / */) return undefined;
  const end = path.indexOf('/', 1);
  const segment = end === -1 ? path.slice(1) : path.slice(1, end);
  if (segment === '' || PATTERN_CHARS.test(segment) || !isAscii(segment)) return undefined;
  if (prefixBoundaryDot) return undefined;
  return asciiLower(segment);
}

/**
 * Is `index` still the index of `stack`? Checked on every walk, so it is cheap: the same array, the
 * same length, and the same layers at both ends (what `unshift(pop())` and the like change). A layer
 * moved or replaced elsewhere is caught as the walk meets it (see `layers`).
 */
export function indexIsCurrent(index: StackIndex, stack: readonly Layer[]): boolean {
  const n = stack.length;
  return index.stack === stack && index.size === n && (n === 0 || (index.layers[0] === stack[0] && index.layers[n - 1] === stack[n - 1]));
}

/** Builds the index of `stack`; `keyOf(layer)` gives each layer's segment key (undefined: always). */
export function buildStackIndex(stack: readonly Layer[], keyOf: (layer: Layer) => string | undefined): StackIndex {
  const always: number[] = [];
  const bySegment = new Map<string, number[]>();
  for (let i = 0; i < stack.length; i++) {
    const key = keyOf(stack[i]);
    if (key === undefined) always.push(i);
    else {
      const list = bySegment.get(key);
      if (list === undefined) bySegment.set(key, [i]);
      else list.push(i);
    }
  }
  return { stack, size: stack.length, layers: stack.slice(), always, bySegment, recentPaths: [undefined, undefined], recentLists: [EMPTY, EMPTY], recentNext: 0 };
}

/** The candidates a request path can match, apart from the "always" ones. */
export function candidatesFor(index: StackIndex, pathname: string): readonly number[] {
  if (index.bySegment.size === 0) return EMPTY;
  const paths = index.recentPaths;
  if (pathname === paths[0]) return index.recentLists[0];
  if (pathname === paths[1]) return index.recentLists[1];
  const end = pathname.indexOf('/', 1);
  const segment = end === -1 ? pathname.slice(1) : pathname.slice(1, end);
  const list = index.bySegment.get(asciiLower(segment)) ?? EMPTY;
  // Only short paths are kept, so a miss never compares long strings.
  if (pathname.length <= 256) {
    const slot = index.recentNext;
    paths[slot] = pathname;
    index.recentLists[slot] = list;
    index.recentNext = slot ^ 1;
  }
  return list;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Lower-cases ASCII letters only, as a non-Unicode case-insensitive RegExp compares them. */
function asciiLower(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) return s.toLowerCase();
  }
  return s;
}
