import type { RegexNode } from './regex-subset';
import { inClass, isLineTerminator, same } from './char-match';

/**
 * Does `body` match at `pos`? Lookahead bodies are short and free of unbounded repetition
 * (`memoMatcherSupports` checks it), so a plain backtracking walk is enough.
 */
export function lookMatches(body: RegexNode, input: string, pos: number, ignoreCase: boolean): boolean {
  return walk(body, input, pos, ignoreCase, () => true);
}

function walk(node: RegexNode, input: string, pos: number, ignoreCase: boolean, rest: (pos: number) => boolean): boolean {
  switch (node.type) {
    case 'char':
      return pos < input.length && same(input.charCodeAt(pos), node.code, ignoreCase) && rest(pos + 1);
    case 'any':
      return pos < input.length && !isLineTerminator(input.charCodeAt(pos)) && rest(pos + 1);
    case 'class':
      return pos < input.length && inClass(input.charCodeAt(pos), node.ranges) !== node.negated && rest(pos + 1);
    case 'seq': {
      const step = (i: number, p: number): boolean => (i === node.items.length ? rest(p) : walk(node.items[i], input, p, ignoreCase, (q) => step(i + 1, q)));
      return step(0, pos);
    }
    case 'alt':
      return node.options.some((option) => walk(option, input, pos, ignoreCase, rest));
    case 'group':
      return walk(node.body, input, pos, ignoreCase, rest);
    case 'repeat': {
      const attempt = (count: number, p: number): boolean => {
        const more = (): boolean => count < node.max && walk(node.body, input, p, ignoreCase, (q) => q !== p && attempt(count + 1, q));
        if (count < node.min) return more();
        return node.greedy ? more() || rest(p) : rest(p) || more();
      };
      return attempt(0, pos);
    }
    case 'start':
      return pos === 0 && rest(pos);
    case 'end':
      return pos === input.length && rest(pos);
    case 'look':
      return walk(node.body, input, pos, ignoreCase, () => true) !== node.negative && rest(pos);
  }
}

