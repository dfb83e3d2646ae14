import type { RegexNode } from './regex-subset';
import { canonicalize, inClass, isLineTerminator } from './char-match';
import { lookMatches } from './lookahead-walk';

/**
 * A backtracking matcher that remembers every (instruction, position) pair it has tried: a pair
 * that failed once fails again (nothing here depends on what was captured), so it is never
 * tried twice. It explores in the same order as the runtime's engine, so the first match and its
 * groups are the same, in time proportional to program size × path length.
 */

const enum Op {
  Char,
  CharFolded,
  Any,
  Class,
  Split,
  Jump,
  Save,
  Start,
  End,
  Look,
  Match,
}

interface Instruction {
  op: Op;
  /** Char: the code; Split/Jump: first target; Save: slot. */
  a: number;
  /** Split: second target. */
  b: number;
  ranges?: number[];
  negated?: boolean;
  look?: RegexNode;
}

export type ExecResult = Array<string | undefined> & { index: number };

/** A compiled matcher: `exec(input)` answers like `RegExp.prototype.exec` for a non-global RegExp. */
export interface MemoMatcher {
  exec(input: string): ExecResult | null;
}

/** Compiles a parsed pattern; `groups` is its number of capturing groups. */
export function compileMemoMatcher(node: RegexNode, groups: number, ignoreCase: boolean): MemoMatcher {
  const program: Instruction[] = [];
  emit(node, program, ignoreCase);
  program.push({ op: Op.Match, a: 0, b: 0 });
  const anchored = startsAnchored(node);
  return {
    exec(input: string): ExecResult | null {
      return run(program, groups, ignoreCase, anchored, input);
    },
  };
}

function emit(node: RegexNode, out: Instruction[], ignoreCase: boolean): void {
  switch (node.type) {
    case 'char': {
      const folded = ignoreCase ? canonicalize(node.code) : node.code;
      out.push({ op: ignoreCase ? Op.CharFolded : Op.Char, a: folded, b: 0 });
      return;
    }
    case 'any':
      out.push({ op: Op.Any, a: 0, b: 0 });
      return;
    case 'class':
      out.push({ op: Op.Class, a: 0, b: 0, ranges: node.ranges, negated: node.negated });
      return;
    case 'seq':
      for (const item of node.items) emit(item, out, ignoreCase);
      return;
    case 'alt': {
      // Split to each option in order; every option but the last jumps past the others.
      const jumps: Instruction[] = [];
      node.options.forEach((option, i) => {
        const last = i === node.options.length - 1;
        const split: Instruction = { op: Op.Split, a: out.length + 1, b: 0 };
        if (!last) out.push(split);
        emit(option, out, ignoreCase);
        if (!last) {
          const jump: Instruction = { op: Op.Jump, a: 0, b: 0 };
          out.push(jump);
          jumps.push(jump);
          split.b = out.length;
        }
      });
      for (const jump of jumps) jump.a = out.length;
      return;
    }
    case 'group':
      if (node.capture > 0) out.push({ op: Op.Save, a: node.capture * 2, b: 0 });
      emit(node.body, out, ignoreCase);
      if (node.capture > 0) out.push({ op: Op.Save, a: node.capture * 2 + 1, b: 0 });
      return;
    case 'repeat':
      emitRepeat(node, out, ignoreCase);
      return;
    case 'start':
      out.push({ op: Op.Start, a: 0, b: 0 });
      return;
    case 'end':
      out.push({ op: Op.End, a: 0, b: 0 });
      return;
    case 'look':
      out.push({ op: Op.Look, a: 0, b: 0, look: node.body, negated: node.negative });
      return;
  }
}

function emitRepeat(node: Extract<RegexNode, { type: 'repeat' }>, out: Instruction[], ignoreCase: boolean): void {
  for (let i = 0; i < node.min; i++) emit(node.body, out, ignoreCase);
  if (node.max === Infinity) {
    // loop: Split(body, exit) for greedy, Split(exit, body) for lazy.
    const split: Instruction = { op: Op.Split, a: 0, b: 0 };
    const loop = out.length;
    out.push(split);
    emit(node.body, out, ignoreCase);
    out.push({ op: Op.Jump, a: loop, b: 0 });
    const body = loop + 1;
    const exit = out.length;
    split.a = node.greedy ? body : exit;
    split.b = node.greedy ? exit : body;
    return;
  }
  // Up to max - min optional copies, each inside the previous one.
  const splits: Instruction[] = [];
  for (let i = node.min; i < node.max; i++) {
    const split: Instruction = { op: Op.Split, a: 0, b: 0 };
    out.push(split);
    splits.push(split);
    emit(node.body, out, ignoreCase);
  }
  const exit = out.length;
  for (const split of splits) {
    const body = out.indexOf(split) + 1;
    split.a = node.greedy ? body : exit;
    split.b = node.greedy ? exit : body;
  }
}

function startsAnchored(node: RegexNode): boolean {
  if (node.type === 'start') return true;
  if (node.type === 'seq') return node.items.length > 0 && startsAnchored(node.items[0]);
  if (node.type === 'alt') return node.options.every(startsAnchored);
  if (node.type === 'group') return startsAnchored(node.body);
  return false;
}

const RESTORE = -1;

function run(program: Instruction[], groups: number, ignoreCase: boolean, anchored: boolean, input: string): ExecResult | null {
  const n = input.length;
  const width = n + 1;
  const visited = new Uint32Array(Math.ceil((program.length * width) / 32));
  const slots = new Array<number>(groups * 2 + 2).fill(-1);
  // Work items: [pc, pos] to try, or [RESTORE, slot, old value] to undo a Save on backtrack.
  const stack: number[] = [];
  const lastStart = anchored ? 0 : n;
  for (let start = 0; start <= lastStart; start++) {
    stack.push(0, start);
    while (stack.length !== 0) {
      let pos = stack.pop() as number;
      let pc = stack.pop() as number;
      if (pc === RESTORE) {
        // Popped as [RESTORE, slot, old]: `pos` is the old value, the slot is below it.
        slots[stack.pop() as number] = pos;
        continue;
      }
      for (;;) {
        const key = pc * width + pos;
        const bit = 1 << (key & 31);
        if (visited[key >>> 5] & bit) break;
        visited[key >>> 5] |= bit;
        const ins = program[pc];
        if (ins.op === Op.Char) {
          if (pos < n && input.charCodeAt(pos) === ins.a) {
            pc++;
            pos++;
            continue;
          }
          break;
        }
        if (ins.op === Op.CharFolded) {
          if (pos < n && canonicalize(input.charCodeAt(pos)) === ins.a) {
            pc++;
            pos++;
            continue;
          }
          break;
        }
        if (ins.op === Op.Any) {
          if (pos < n && !isLineTerminator(input.charCodeAt(pos))) {
            pc++;
            pos++;
            continue;
          }
          break;
        }
        if (ins.op === Op.Class) {
          if (pos < n && inClass(input.charCodeAt(pos), ins.ranges as number[]) !== ins.negated) {
            pc++;
            pos++;
            continue;
          }
          break;
        }
        if (ins.op === Op.Split) {
          stack.push(ins.b, pos);
          pc = ins.a;
          continue;
        }
        if (ins.op === Op.Jump) {
          pc = ins.a;
          continue;
        }
        if (ins.op === Op.Save) {
          stack.push(ins.a, RESTORE, slots[ins.a]);
          slots[ins.a] = pos;
          pc++;
          continue;
        }
        if (ins.op === Op.Start) {
          if (pos === 0) {
            pc++;
            continue;
          }
          break;
        }
        if (ins.op === Op.End) {
          if (pos === n) {
            pc++;
            continue;
          }
          break;
        }
        if (ins.op === Op.Look) {
          if (lookMatches(ins.look as RegexNode, input, pos, ignoreCase) !== ins.negated) {
            pc++;
            continue;
          }
          break;
        }
        // Match.
        slots[0] = start;
        slots[1] = pos;
        return result(input, slots, start);
      }
    }
  }
  return null;
}

function result(input: string, slots: number[], start: number): ExecResult {
  const out = [] as unknown as ExecResult;
  for (let i = 0; i < slots.length; i += 2) {
    out.push(slots[i] === -1 || slots[i + 1] === -1 ? undefined : input.slice(slots[i], slots[i + 1]));
  }
  out.index = start;
  return out;
}
