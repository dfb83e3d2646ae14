import { parseSubset } from './regex-subset';
import { hasBacktrackingRisk, memoMatcherSupports } from './backtracking-risk';
import { compileMemoMatcher } from './memo-matcher';

/**
 * For the source of a RegExp that could backtrack polynomially, a memoising matcher that gives the
 * same answers in linear time; null when the runtime's RegExp is safe to run as it is, or when the
 * memoising matcher cannot run that source exactly.
 * path-pattern.ts loads this module (and the analysis behind it) when a layer whose pattern needs a
 * RegExp first matches: an app whose routes are literal or `/literal/:param` never loads it.
 */
export function memoisingMatcherFor(source: string, ignoreCase: boolean): ((input: string) => ArrayLike<string | undefined> | null) | null {
  const parsed = parseSubset(source, ignoreCase);
  if (parsed === null || !hasBacktrackingRisk(parsed.node) || !memoMatcherSupports(parsed.node)) return null;
  const memo = compileMemoMatcher(parsed.node, parsed.groups, ignoreCase);
  return (input: string) => memo.exec(input);
}
