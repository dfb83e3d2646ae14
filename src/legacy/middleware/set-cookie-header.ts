import type { ServerResponse } from 'node:http';

/** Adds one `Set-Cookie` line, keeping those already set by `res.cookie` or other middleware. */
export function appendSetCookie(res: ServerResponse, line: string): void {
  const current = res.getHeader('Set-Cookie');
  if (current === undefined) res.setHeader('Set-Cookie', line);
  else if (Array.isArray(current)) res.setHeader('Set-Cookie', [...current, line]);
  else res.setHeader('Set-Cookie', [String(current), line]);
}
