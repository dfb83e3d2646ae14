/**
 * Runs a program of linear-program.ts over a path as a backtracking RegExp engine would answer,
 * without backtracking: all alive threads advance together, one character at a time, in priority
 * order, and a thread reaching an instruction another one already holds at this character is
 * dropped (the earlier one has priority and the same future). Each instruction is visited at
 * most once per character, so the time is linear in the path for a given pattern.
 */
import { Op, type Instruction } from './linear-program';

type Slots = Array<number>;

/** Canonical character code for case-insensitive matching, as RegExp's `i` flag without `u` defines it. */
export function canonicalCaseless(code: number): number {
  const upper = String.fromCharCode(code).toUpperCase();
  if (upper.length !== 1) return code;
  const u = upper.charCodeAt(0);
  return code >= 128 && u < 128 ? code : u;
}

export const identity = (code: number): number => code;

/**
 * The matched prefix's end and the capture slots of the preferred match, or null. `choice` holds
 * each optional group to a side: 0 free, 1 included, 2 left out.
 */
export function runProgram(
  code: Instruction[],
  start: number,
  slotCount: number,
  input: string,
  canon: (code: number) => number,
  choice: Int8Array,
): { end: number; slots: Slots } | null {
  const n = input.length;
  const chars = new Int32Array(n);
  for (let i = 0; i < n; i++) chars[i] = canon(input.charCodeAt(i));
  const seen = new Int32Array(code.length).fill(-1);
  let current: Array<[number, Slots]> = [];
  let next: Array<[number, Slots]> = [];
  let found: { end: number; slots: Slots } | null = null;

  // Follows the instructions that consume nothing from `pc` at `pos`, in priority order.
  // Returns true when a match was reached: lower-priority threads are then not needed.
  const add = (list: Array<[number, Slots]>, pc: number, slots: Slots, pos: number): boolean => {
    const stack: Array<[number, Slots]> = [[pc, slots]];
    while (stack.length > 0) {
      const [at, s] = stack.pop() as [number, Slots];
      if (seen[at] === pos) continue;
      seen[at] = pos;
      const ins = code[at];
      switch (ins.op) {
        case Op.Split: {
          // An optional group may be held to one side (see `choice`); a repetition never is.
          const held = ins.n === 0 ? 0 : choice[ins.n - 1];
          if (held !== 1) stack.push([ins.b, s]);
          if (held !== 2) stack.push([ins.a, s]);
          break;
        }
        case Op.Save: {
          const copy = s.slice();
          copy[ins.n] = pos;
          stack.push([ins.a, copy]);
          break;
        }
        case Op.End:
          if (pos === n) stack.push([ins.a, s]);
          break;
        case Op.SlashOrEnd:
          if (pos === n || chars[pos] === 0x2f) stack.push([ins.a, s]);
          break;
        case Op.Match:
          found = { end: pos, slots: s };
          return true;
        default:
          list.push([at, s]);
      }
    }
    return false;
  };

  add(current, start, new Array<number>(slotCount * 2).fill(-1), 0);
  for (let pos = 0; pos < n && current.length > 0; pos++) {
    const c = chars[pos];
    for (const [at, s] of current) {
      const ins = code[at];
      let ok: boolean;
      if (ins.op === Op.Char) ok = c === ins.n;
      else if (ins.op === Op.Any) ok = true;
      else ok = c !== 0x2f && (ins.text === null || !startsAt(chars, pos, ins.text));
      if (ok && add(next, ins.a, s, pos + 1)) break;
    }
    [current, next] = [next, current];
    next.length = 0;
  }
  return found;
}

function startsAt(chars: Int32Array, pos: number, text: number[]): boolean {
  if (pos + text.length > chars.length) return false;
  for (let k = 0; k < text.length; k++) if (chars[pos + k] !== text[k]) return false;
  return true;
}
