/**
 * The native RegExp of a simple Express 5 path. Express 5 writes one alternative per way of
 * taking the optional groups (with a group before without it) and joins them; when every
 * alternative is simple (at most one wildcard, and every parameter or wildcard right after text
 * holding a `/`, so one capture per segment), each alternative is a plain expression whose
 * captures cannot overlap a `/`, and the whole runs in linear time on the RegExp engine: faster
 * than the general automaton (linear-vm.ts), with the same answers. Anything else (or more
 * alternatives than are worth trying one after another) returns undefined.
 */
import type { Token5 } from './express5-parse';

export interface NativeOptions {
  sensitive?: boolean;
  strict?: boolean;
  end?: boolean;
}

export interface NativePattern {
  regexp: RegExp;
  /** The slot (key index) of each capture group of `regexp`, in group order. */
  slots: number[];
  /** Group i is slot i for every i (one alternative): the RegExp's answer is the pattern's. */
  direct: boolean;
}

/** Beyond this many alternatives the automaton, which tries them together, is the better engine. */
const MAX_ALTERNATIVES = 16;

type Flat = Exclude<Token5, { type: 'group' }>;

export function nativePattern5(tokens: Token5[], options: NativeOptions): NativePattern | undefined {
  const alternatives = expand(tokens);
  if (alternatives === undefined) return undefined;
  const sources: string[] = [];
  const slots: number[] = [];
  for (const alternative of alternatives) {
    const source = alternativeSource(alternative, slots);
    if (source === undefined) return undefined;
    sources.push(source);
  }
  // The same tail as the automaton's: an optional trailing slash unless strict, then the end of
  // the path (routes) or a `/` ahead (middleware).
  let pattern = '^(?:' + sources.join('|') + ')';
  if (!options.strict) pattern += '(?:\\/$)?';
  pattern += options.end === false ? '(?=\\/|$)' : '$';
  const direct = slots.every((slot, i) => slot === i);
  return { regexp: new RegExp(pattern, options.sensitive ? '' : 'i'), slots, direct };
}

/** The alternatives in Express 5's order, or undefined when there are too many. */
function expand(tokens: Token5[]): Flat[][] | undefined {
  let out: Flat[][] = [[]];
  for (const token of tokens) {
    if (token.type !== 'group') {
      for (const alternative of out) alternative.push(token);
      continue;
    }
    const inner = expand(token.tokens);
    if (inner === undefined || out.length * (inner.length + 1) > MAX_ALTERNATIVES) return undefined;
    const next: Flat[][] = [];
    for (const alternative of out) {
      for (const taken of inner) next.push([...alternative, ...taken]);
      next.push(alternative);
    }
    out = next;
  }
  return out;
}

function alternativeSource(tokens: Flat[], slots: number[]): string | undefined {
  let source = '';
  let wildcards = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === 'text') {
      source += escapeText(token.value);
      continue;
    }
    const before = tokens[i - 1];
    if (before === undefined || before.type !== 'text' || before.value.indexOf('/') === -1) return undefined;
    if (token.type === 'wildcard') {
      if (++wildcards > 1) return undefined;
      source += '([\\s\\S]+)';
    } else source += '([^\\/]+)';
    slots.push(token.slot);
  }
  return source;
}

function escapeText(text: string): string {
  return text.replace(/[.+*?^${}()[\]|/\\]/g, '\\$&');
}
