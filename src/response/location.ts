import encodeUrl from 'encodeurl';
import type { PorticoResponse } from './response';
import { warnDeprecated } from '../errors/deprecation';

/**
 * `res.location(url)`: sets `Location` to the URL percent-encoded where needed (encodeurl: characters
 * outside the URL grammar, CR/LF included, become escapes; existing escapes stay) and otherwise untouched.
 * It is deliberately not parsed or normalised: re-serialising a malformed URL is what turned
 * `http://evil.com\@good.com` into an open redirect in the 2024 advisory. `back` (deprecated) is the Referer or `/`.
 */
export function setLocation(res: PorticoResponse, url: unknown): PorticoResponse {
  let location: string;
  if (url === 'back') {
    warnDeprecated(
      'res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices',
    );
    location = (res.req.get('Referrer') as string | undefined) || '/';
  } else {
    location = String(url);
  }
  return res.set('Location', encodeUrl(location));
}
