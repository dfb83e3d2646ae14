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
  /** Param, Any: the text the capture may not start (canonical codes), or null. */
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
  /** 0: no wildcard yet; 1: a wildcard, and no capture since; 2: a wildcard, then captures. */
  sinceWild: 0 | 1 | 2;
  /** With `sinceWild` 2: the text written right after the last wildcard. */
  firstText: string;
  /** With `sinceWild` 2: some text between the last wildcard and the previous capture held a `/`. */
  chainSlash: boolean;
  /**
   * A parameter's bound was chosen for one future of its alternative: the text up to the next
   * capture must be this (null: no such promise)…
   */
  expectText: string | null;
  /** …and a wildcard must (1) or must not (2) come before text holding a `/` (0: no promise). */
  expectWild: 0 | 1 | 2;
}

/** What may follow a parameter in one alternative: the text up to the next capture, and whether a wildcard comes before a `/`. */
interface Future {
  text: string;
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

  let dead = -1;
  // An instruction no character matches: where a promise of the context is broken.
  const deadEnd = (): number => (dead === -1 ? (dead = emit(Op.Char, -1, -1, -1)) : dead);
  // One character, then more of them for as long as possible (greedy `+`), then `close`.
  const repeat = (op: Op, text: number[] | null, close: number): number => {
    const step = emit(op, -1, -1, 0, text);
    code[step].a = emit(Op.Split, step, close);
    return step;
  };

  const build = (frames: Frame[], ctx: Context): number => {
    const at = normalise(frames);
    if (at.length === 0) return ctx.expectWild === 1 || (ctx.expectText !== null && ctx.expectText !== ctx.text) ? deadEnd() : tail;
    const key =
      at.map(([list, i]) => idOf(list) + ':' + i).join(',') +
      '|' + (ctx.safe ? 's' : 'u') + (ctx.wild ? 'w' : 'p') + ctx.sinceWild + (ctx.chainSlash ? 'c' : 'n') + ctx.expectWild +
      JSON.stringify([ctx.text, ctx.firstText, ctx.expectText]);
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
      const text = ctx.text + token.value;
      if ((ctx.expectText !== null && !ctx.expectText.startsWith(text)) || (slash && ctx.expectWild === 1)) pc = deadEnd();
      else {
        pc = build(rest, { ...ctx, text, safe: ctx.safe || slash, wild: ctx.wild && !slash, expectWild: slash ? 0 : ctx.expectWild });
        for (let k = token.value.length - 1; k >= 0; k--) pc = emit(Op.Char, pc, -1, options.canon(token.value.charCodeAt(k)));
      }
    } else if ((ctx.expectText !== null && ctx.expectText !== ctx.text) || (token.type === 'wildcard' && ctx.expectWild === 2)) {
      pc = deadEnd();
    } else {
      const wildcard = token.type === 'wildcard';
      const chainSlash = ctx.sinceWild !== 0 && (ctx.chainSlash || ctx.text.indexOf('/') !== -1);
      const after: Context = {
        text: '',
        safe: false,
        wild: ctx.wild || wildcard,
        sinceWild: wildcard ? 1 : ctx.sinceWild === 0 ? 0 : 2,
        firstText: wildcard ? '' : ctx.sinceWild === 1 ? ctx.text : ctx.firstText,
        chainSlash: !wildcard && chainSlash,
        expectText: null,
        expectWild: wildcard ? 0 : ctx.expectWild,
      };
      if (wildcard) {
        const close = emit(Op.Save, build(rest, after), -1, 2 * token.slot + 1);
        let body: number;
        if (ctx.sinceWild === 0) body = repeat(Op.Any, null, close);
        else if (!chainSlash) body = repeat(Op.Any, canonText(ctx.text), close);
        else {
          // After an earlier wildcard, with a `/` written since: it may not start the text that
          // followed that wildcard, or else takes a single segment.
          const first = ctx.sinceWild === 1 ? ctx.text : ctx.firstText;
          body = emit(Op.Split, repeat(Op.Any, canonText(first), close), repeat(Op.Param, null, close), 0);
        }
        pc = emit(Op.Save, body, -1, 2 * token.slot);
      } else {
        const futures = ctx.wild ? [] : futuresOf(rest).filter((f) => ctx.expectWild === 0 || f.wild === (ctx.expectWild === 1));
        if (!futures.some((f) => f.wild)) {
          const close = emit(Op.Save, build(rest, after), -1, 2 * token.slot + 1);
          let body = repeat(Op.Param, ctx.safe ? null : canonText(ctx.text), close);
          // A parameter after another one in its segment may also be exactly the text between them, tried after the characters.
          if (!ctx.safe && !ctx.wild) {
            let literal = close;
            for (let k = ctx.text.length - 1; k >= 0; k--) literal = emit(Op.Char, literal, -1, options.canon(ctx.text.charCodeAt(k)));
            body = emit(Op.Split, body, literal, 0);
          }
          pc = emit(Op.Save, body, -1, 2 * token.slot);
        } else {
          // A wildcard ahead in the segment: the parameter may not start the text that follows it,
          // which depends on the optional groups taken later; one variant per future, each checked
          // as the rest of the path is read.
          const bodies: number[] = [];
          for (const f of futures) {
            const promised: Context = { ...after, expectText: f.wild ? f.text : null, expectWild: f.wild ? 1 : 2 };
            const close = emit(Op.Save, build(rest, promised), -1, 2 * token.slot + 1);
            let body: number;
            if (f.wild) body = repeat(Op.Param, canonText(f.text), close);
            else {
              body = repeat(Op.Param, ctx.safe ? null : canonText(ctx.text), close);
              if (!ctx.safe) {
                let literal = close;
                for (let k = ctx.text.length - 1; k >= 0; k--) literal = emit(Op.Char, literal, -1, options.canon(ctx.text.charCodeAt(k)));
                body = emit(Op.Split, body, literal, 0);
              }
            }
            bodies.push(body);
          }
          let variants = bodies[bodies.length - 1];
          for (let v = bodies.length - 2; v >= 0; v--) variants = emit(Op.Split, bodies[v], variants, 0);
          pc = emit(Op.Save, variants, -1, 2 * token.slot);
        }
      }
    }
    memo.set(key, pc);
    return pc;
  };
  requireTextBeforeCaptures(tokens, path);
  const start = build([[tokens, 0]], { text: '', safe: true, wild: false, sinceWild: 0, firstText: '', chainSlash: false, expectText: null, expectWild: 0 });
  return { code, start, groups: groupOrder(tokens, groups) };
}

/**
 * The futures of a parameter whose rest is `frames` (innermost last), one per way of taking the
 * optional groups that can tell them apart: the text written up to the next capture, and whether a
 * wildcard comes before text holding a `/`. Express 5 bounds a parameter by what follows it when a
 * wildcard comes later in its segment.
 */
function futuresOf(frames: [Token5[], number][]): Future[] {
  const out: Future[] = [];
  const seen = new Set<string>();
  // phase 0: collecting the text up to the next capture; 1: past a parameter, looking for a wildcard.
  const walk = (stack: [Token5[], number][], text: string, phase: 0 | 1): void => {
    const at = normalise(stack);
    const done = (wild: boolean): void => {
      // Without a wildcard ahead, the text does not matter.
      const id = wild ? 'w' + text : 'n';
      if (!seen.has(id)) {
        seen.add(id);
        out.push({ text: wild ? text : '', wild });
      }
    };
    if (at.length === 0) return done(false);
    const [list, index] = at[at.length - 1];
    const token = list[index];
    const rest: [Token5[], number][] = [...at.slice(0, -1), [list, index + 1]];
    if (token.type === 'group') {
      walk([...rest, [token.tokens, 0]], text, phase);
      walk(rest, text, phase);
    } else if (token.type === 'text') {
      if (token.value.indexOf('/') !== -1) return done(false);
      walk(rest, phase === 0 ? text + token.value : text, phase);
    } else if (token.type === 'wildcard') done(true);
    else walk(rest, text, 1);
  };
  walk(frames, '', 0);
  return out;
}

/**
 * Express 5 refuses a capture right after another one (or after nothing but the start of a
 * group that follows one), naming the first such capture of the first alternative that has one.
 * The alternatives are walked in Express 5's order; a state already walked without error is not
 * walked again, so the work is linear in the size of the pattern.
 */
function requireTextBeforeCaptures(tokens: Token5[], path: string): void {
  const ids = new Map<Token5[], number>();
  const walked = new Set<string>();
  const walk = (frames: [Token5[], number][], safe: boolean, empty: boolean): void => {
    const at = normalise(frames);
    if (at.length === 0) return;
    const [list, index] = at[at.length - 1];
    if (!ids.has(list)) ids.set(list, ids.size);
    const key = at.map(([l, i]) => String(ids.get(l)) + ':' + i).join(',') + (safe ? 's' : 'u') + (empty ? 'e' : 't');
    if (walked.has(key)) return;
    walked.add(key);
    const token = list[index];
    const rest: [Token5[], number][] = [...at.slice(0, -1), [list, index + 1]];
    if (token.type === 'group') {
      walk([...rest, [token.tokens, 0]], safe, empty);
      walk(rest, safe, empty);
    } else if (token.type === 'text') walk(rest, safe || token.value.indexOf('/') !== -1, false);
    else {
      if (!safe && empty) throw new PathError('Missing text before "' + token.name + '" ' + token.type, path);
      walk(rest, false, true);
    }
  };
  walk([[tokens, 0]], true, true);
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
