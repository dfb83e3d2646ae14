import type { RegexNode } from './regex-subset';

/**
 * Decides, once per pattern, whether the runtime's backtracking RegExp is safe for it or the
 * memoising matcher must be used instead.
 *
 * A run without a bound ("unbounded": `+`, `*`) costs at most the length of the path, and two of
 * them can only trade characters back and forth, for a quadratic (or worse) search, when they can
 * both take the same characters next to each other. Routes keep that from happening in three ways
 * that this check recognises: a run limited to one path segment (`[^/]+?`, a parameter) that
 * starts right after a fixed character; at most one run that can cross a `/` (`.*`); and the
 * `(?:(?!…).)` runs the compiler writes for parameters and for a second `*`. Anything else is
 * treated as a risk.
 */
export function hasBacktrackingRisk(node: RegexNode): boolean {
  const options = node.type === 'alt' ? node.options : [node];
  return options.some((option) => !new SequenceCheck().safe(option));
}

/** Can the memoising matcher reproduce the runtime's answer for this pattern exactly? */
export function memoMatcherSupports(node: RegexNode): boolean {
  switch (node.type) {
    case 'seq':
      return node.items.every(memoMatcherSupports);
    case 'alt':
      return node.options.every(memoMatcherSupports);
    case 'group':
      return memoMatcherSupports(node.body);
    case 'repeat':
      // An optional iteration may not match the empty string, and each iteration of a repeated
      // body clears its groups: rules of the runtime's engine this matcher does not model.
      if (node.max > node.min && nullable(node.body)) return false;
      if (node.max > 1 && captures(node.body)) return false;
      return memoMatcherSupports(node.body);
    case 'look':
      return !hasUnboundedRepeat(node.body) && (node.negative || !captures(node.body));
    default:
      return true;
  }
}

type Previous = 'fixed' | 'segment' | 'free' | 'other';

class SequenceCheck {
  private previous: Previous = 'fixed';
  private free = 0;

  safe(node: RegexNode): boolean {
    switch (node.type) {
      case 'char':
      case 'any':
      case 'class':
      case 'start':
        this.previous = 'fixed';
        return true;
      case 'end':
      case 'look':
        return true;
      case 'seq':
        return node.items.every((item) => this.safe(item));
      case 'group':
        return this.safe(node.body);
      case 'alt':
        // An alternation inside the path (written by the application): fine without runs.
        if (node.options.some(hasUnboundedRepeat)) return false;
        this.previous = node.options.some(nullable) ? 'other' : 'fixed';
        return true;
      case 'repeat':
        return this.repeat(node);
    }
  }

  private repeat(node: Extract<RegexNode, { type: 'repeat' }>): boolean {
    if (node.max !== Infinity) {
      if (node.max > 1 && hasUnboundedRepeat(node.body)) return false;
      if (!this.safe(node.body)) return false;
      if (node.min === 0) this.previous = 'other';
      return true;
    }
    if (hasUnboundedRepeat(node.body)) return false;
    const kind = isExclusionRun(node.body) || !canMatchSlash(node.body) ? 'segment' : 'free';
    if (kind === 'free') {
      this.free++;
      if (this.free > 1 || this.previous === 'segment' || this.previous === 'free') return false;
    } else if (this.previous !== 'fixed') {
      return false;
    }
    this.previous = kind;
    return true;
  }
}

/** `(?:(?!…).)`: one character, checked against a lookahead. */
function isExclusionRun(node: RegexNode): boolean {
  const body = node.type === 'group' && node.capture === 0 ? node.body : node;
  return body.type === 'seq' && body.items.length === 2 && body.items[0].type === 'look' && body.items[0].negative && body.items[1].type === 'any';
}

function canMatchSlash(node: RegexNode): boolean {
  switch (node.type) {
    case 'char':
      return node.code === 0x2f;
    case 'any':
      return true;
    case 'class': {
      let inside = false;
      for (let i = 0; i < node.ranges.length; i += 2) if (node.ranges[i] <= 0x2f && node.ranges[i + 1] >= 0x2f) inside = true;
      return inside !== node.negated;
    }
    case 'seq':
      return node.items.some(canMatchSlash);
    case 'alt':
      return node.options.some(canMatchSlash);
    case 'group':
    case 'repeat':
      return canMatchSlash(node.body);
    default:
      return false;
  }
}

function hasUnboundedRepeat(node: RegexNode): boolean {
  switch (node.type) {
    case 'seq':
      return node.items.some(hasUnboundedRepeat);
    case 'alt':
      return node.options.some(hasUnboundedRepeat);
    case 'group':
    case 'look':
      return hasUnboundedRepeat(node.body);
    case 'repeat':
      return node.max === Infinity || hasUnboundedRepeat(node.body);
    default:
      return false;
  }
}

function nullable(node: RegexNode): boolean {
  switch (node.type) {
    case 'char':
    case 'any':
    case 'class':
      return false;
    case 'seq':
      return node.items.every(nullable);
    case 'alt':
      return node.options.some(nullable);
    case 'group':
      return nullable(node.body);
    case 'repeat':
      return node.min === 0 || nullable(node.body);
    default:
      return true;
  }
}

function captures(node: RegexNode): boolean {
  switch (node.type) {
    case 'seq':
      return node.items.some(captures);
    case 'alt':
      return node.options.some(captures);
    case 'group':
      return node.capture > 0 || captures(node.body);
    case 'repeat':
    case 'look':
      return captures(node.body);
    default:
      return false;
  }
}
