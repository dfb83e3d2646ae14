/**
 * Turns Express 5 tokens into a small automaton program whose run time is linear in the path.
 *
 * Express 5 expands every optional group into the alternatives with and without it (with it
 * first) and builds one RegExp of them all. A parameter's characters depend on the text written
 * before it in its alternative: right after text holding a `/` (or first) it takes anything but
 * `/`; otherwise it may not start that text again. The same token can thus behave differently in
 * two alternatives, so code is generated per (position, context) and shared when both agree:
 * the program stays as small as the distinct behaviours, and the run (linear-vm.ts) visits each
 * instruction at most once per character.
 */
import { PathError, type Token5 } from './express5-parse';

export const enum Op {
  Char,
  Param,
  Any,
  Split,
  Save,
  End,
  SlashOrEnd,
  Match,
}

/** One instruction; `a` is the next one (or the preferred branch), `b` the other branch. */
export interface Instruction {
  op: Op;
  a: number;
  b: number;
  /** Char: the character (canonical code); Save: the slot; Split: the optional group's number + 1 (0: a repetition). */
  n: number;
  /** Param: the text the parameter may not start again (canonical codes), or null. */
  text: number[] | null;
}

export interface ProgramOptions {
  end: boolean;
  trailing: boolean;
  canon: (code: number) => number;
}

export interface Program {
  code: Instruction[];
  start: number;
  /** The optional groups (by number) in the order Express 5 decides them, each with its enclosing group. */
  groups: Array<{ group: number; parent: number }>;
}

interface Context {
  text: string;
  safe: boolean;
  /** A wildcard was taken since the last text holding a `/` (Express 5 then bounds parameters differently). */
  wild: boolean;
}

/** Builds the program for `tokens`; returns the instructions and the entry point. Throws PathError. */
export function buildProgram(tokens: Token5[], path: string, options: ProgramOptions): Program {
  const code: Instruction[] = [];
  const emit = (op: Op, a = -1, b = -1, n = 0, text: number[] | null = null): number => code.push({ op, a, b, n, text }) - 1;
  const ids = new Map<Token5[], number>();
  const idOf = (list: Token5[]): number => {
    let id = ids.get(list);
    if (id === undefined) ids.set(list, (id = ids.size));
    return id;
  };
  const canonText = (s: string): number[] => {
    const out: number[] = [];
    for (let k = 0; k < s.length; k++) out.push(options.canon(s.charCodeAt(k)));
    return out;
  };

  // The tail: `(?:/$)?` when a trailing slash is allowed, then the end or a `/` ahead.
  const accept = emit(Op.Match);
  let tail = options.end ? emit(Op.End, accept) : emit(Op.SlashOrEnd, accept);
  if (options.trailing) tail = emit(Op.Split, emit(Op.Char, emit(Op.End, tail), -1, 0x2f), tail);

  const groups: Token5[] = [];
  const groupNumber = (token: Token5): number => {
    const known = groups.indexOf(token);
    return known !== -1 ? known : groups.push(token) - 1;
  };
  const memo = new Map<string, number>();
  type Frame = [Token5[], number];

  const build = (frames: Frame[], ctx: Context): number => {
    const at = normalise(frames);
    if (at.length === 0) return tail;
    const key = at.map(([list, i]) => idOf(list) + ':' + i).join(',') + '|' + (ctx.safe ? 's' : 'u') + (ctx.wild ? 'w' : 'p') + ctx.text;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const [list, index] = at[at.length - 1];
    const token = list[index];
    const rest: Frame[] = [...at.slice(0, -1), [list, index + 1]];
    let pc: number;
    if (token.type === 'group') {
      const inside = build([...rest, [token.tokens, 0]], ctx);
      pc = emit(Op.Split, inside, build(rest, ctx), groupNumber(token) + 1);
    } else if (token.type === 'text') {
      const slash = token.value.indexOf('/') !== -1;
      pc = build(rest, { text: ctx.text + token.value, safe: ctx.safe || slash, wild: ctx.wild && !slash });
      for (let k = token.value.length - 1; k >= 0; k--) pc = emit(Op.Char, pc, -1, options.canon(token.value.charCodeAt(k)));
    } else {
      if (!ctx.safe && ctx.text === '') throw new PathError('Missing text before "' + token.name + '" ' + token.type, path);
      const after = build(rest, { text: '', safe: false, wild: ctx.wild || token.type === 'wildcard' });
      const close = emit(Op.Save, after, -1, 2 * token.slot + 1);
      const step = token.type === 'param' ? emit(Op.Param, -1, -1, 0, ctx.safe ? null : canonText(ctx.text)) : emit(Op.Any);
      // One character, then more of them for as long as possible (greedy `+`).
      code[step].a = emit(Op.Split, step, close);
      let body = step;
      // A parameter after another one in its segment (no wildcard there) may also be exactly the
      // text between them, tried after the characters.
      if (token.type === 'param' && !ctx.safe && !ctx.wild && !wildcardMayFollowInSegment(rest)) {
        let literal = close;
        for (let k = ctx.text.length - 1; k >= 0; k--) literal = emit(Op.Char, literal, -1, options.canon(ctx.text.charCodeAt(k)));
        body = emit(Op.Split, step, literal, 0);
      }
      pc = emit(Op.Save, body, -1, 2 * token.slot);
    }
    memo.set(key, pc);
    return pc;
  };
  const start = build([[tokens, 0]], { text: '', safe: true, wild: false });
  return { code, start, groups: groupOrder(tokens, groups) };
}

/**
 * Might a wildcard come later in the current segment (before text holding a `/` that is sure to
 * be taken), whichever optional groups are taken? Frames are innermost last.
 */
function wildcardMayFollowInSegment(frames: [Token5[], number][]): boolean {
  for (let f = frames.length - 1; f >= 0; f--) {
    const [list, from] = frames[f];
    // Only the outermost frame's text is sure to be taken; inside a group it is optional.
    const sure = f === 0;
    for (let i = from; i < list.length; i++) {
      const t = list[i];
      if (t.type === 'wildcard' || (t.type === 'group' && containsWildcard(t.tokens))) return true;
      if (t.type === 'text' && sure && t.value.indexOf('/') !== -1) return false;
    }
  }
  return false;
}

function containsWildcard(tokens: Token5[]): boolean {
  return tokens.some((t) => t.type === 'wildcard' || (t.type === 'group' && containsWildcard(t.tokens)));
}

/** Drops finished frames: a group's frame is pushed on a parent already advanced past the group. */
function normalise(frames: [Token5[], number][]): [Token5[], number][] {
  let n = frames.length;
  while (n > 0 && frames[n - 1][1] >= frames[n - 1][0].length) n--;
  return n === frames.length ? frames : frames.slice(0, n);
}

/** The groups in writing order (outer before inner), by their number in the program. */
function groupOrder(tokens: Token5[], numbered: Token5[], parent = -1, out: Program['groups'] = []): Program['groups'] {
  for (const t of tokens) {
    if (t.type !== 'group') continue;
    const group = numbered.indexOf(t);
    out.push({ group, parent });
    groupOrder(t.tokens, numbered, group, out);
  }
  return out;
}
