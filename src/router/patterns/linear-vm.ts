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
 * each optional group to a side: 0 free, 1 included, 2 left out. Without `capture` the slots are
 * not kept (a yes/no answer allocates nothing per character).
 */
export function runProgram(
  code: Instruction[],
  start: number,
  slotCount: number,
  input: string,
  canon: (code: number) => number,
  choice: Int8Array,
  capture = true,
): { end: number; slots: Slots } | null {
  const n = input.length;
  const chars = new Int32Array(n);
  for (let i = 0; i < n; i++) chars[i] = canon(input.charCodeAt(i));
  const seen = new Int32Array(code.length).fill(-1);
  // Thread lists: instruction numbers and their slots, in priority order; reused every character.
  let pcs = new Int32Array(code.length);
  let caps: Slots[] = new Array<Slots>(code.length);
  let count: number;
  let nextPcs = new Int32Array(code.length);
  let nextCaps: Slots[] = new Array<Slots>(code.length);
  let nextCount = 0;
  const stackPcs = new Int32Array(code.length * 2 + 2);
  const stackCaps: Slots[] = new Array<Slots>(code.length * 2 + 2);
  let found: { end: number; slots: Slots } | null = null;

  // Follows the instructions that consume nothing from `pc` at `pos`, in priority order, into
  // the next list. Returns true when a match was reached: lower-priority threads are not needed.
  const add = (pc: number, slots: Slots, pos: number): boolean => {
    let top = 0;
    stackPcs[top] = pc;
    stackCaps[top++] = slots;
    while (top > 0) {
      const at = stackPcs[--top];
      const s = stackCaps[top];
      if (seen[at] === pos) continue;
      seen[at] = pos;
      const ins = code[at];
      switch (ins.op) {
        case Op.Split: {
          // An optional group may be held to one side (see `choice`); a repetition never is.
          const held = ins.n === 0 ? 0 : choice[ins.n - 1];
          if (held !== 1) {
            stackPcs[top] = ins.b;
            stackCaps[top++] = s;
          }
          if (held !== 2) {
            stackPcs[top] = ins.a;
            stackCaps[top++] = s;
          }
          break;
        }
        case Op.Save: {
          let copy = s;
          if (capture) {
            copy = s.slice();
            copy[ins.n] = pos;
          }
          stackPcs[top] = ins.a;
          stackCaps[top++] = copy;
          break;
        }
        case Op.End:
          if (pos === n) {
            stackPcs[top] = ins.a;
            stackCaps[top++] = s;
          }
          break;
        case Op.SlashOrEnd:
          if (pos === n || chars[pos] === 0x2f) {
            stackPcs[top] = ins.a;
            stackCaps[top++] = s;
          }
          break;
        case Op.Match:
          found = { end: pos, slots: s };
          return true;
        default:
          nextPcs[nextCount] = at;
          nextCaps[nextCount++] = s;
      }
    }
    return false;
  };

  add(start, new Array<number>(slotCount * 2).fill(-1), 0);
  for (let pos = 0; pos < n && nextCount > 0; pos++) {
    [pcs, nextPcs, caps, nextCaps, count, nextCount] = [nextPcs, pcs, nextCaps, caps, nextCount, 0];
    const c = chars[pos];
    for (let t = 0; t < count; t++) {
      const ins = code[pcs[t]];
      let ok: boolean;
      if (ins.op === Op.Char) ok = c === ins.n;
      else if (ins.op === Op.Any) ok = ins.text === null || !startsAt(chars, pos, ins.text);
      else ok = c !== 0x2f && (ins.text === null || !startsAt(chars, pos, ins.text));
      if (ok && add(ins.a, caps[t], pos + 1)) break;
    }
  }
  return found;
}

function startsAt(chars: Int32Array, pos: number, text: number[]): boolean {
  if (pos + text.length > chars.length) return false;
  for (let k = 0; k < text.length; k++) if (chars[pos + k] !== text[k]) return false;
  return true;
}
