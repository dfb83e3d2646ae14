import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares two strings in time independent of where they differ. Both sides are hashed first so
 * the comparison also hides the expected value's length (timingSafeEqual needs equal lengths).
 */
export function timingSafeStringEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
