// Differences the fuzzer finds that are known, each with where it is recorded. A fuzz run skips a
// request only when one of these predicates names it exactly; anything else fails the run.
// Keep each predicate narrow: it must not hide a neighbouring difference.

export interface Exchange {
  area: string;
  request: string;
  ours: string;
  reference: string;
}

interface KnownDifference {
  /** What differs and why it stays, as docs/fuzzing.md records it. */
  reason: string;
  matches(exchange: Exchange): boolean;
}

const statusOf = (answer: string): number => Number(answer.slice(9, 12));
/** Does the answer's Content-Length (when it has one) give the length of its body? */
function lengthMatches(answer: string): boolean {
  const declared = /\r\nContent-Length: (\d+)/i.exec(answer);
  const head = answer.indexOf('\r\n\r\n');
  return declared === null || head === -1 || Number(declared[1]) === answer.length - head - 4;
}
const LOCATION = /\r\nLocation: ([^\r\n]*)/;

/**
 * Two redirects to the same URL, told apart only by how it is encoded: the Location header (and
 * with it the redirect's text) of one is the other's, percent-encoded.
 */
function sameRedirectButEncoding(ours: string, reference: string): boolean {
  const a = LOCATION.exec(ours);
  const b = LOCATION.exec(reference);
  if (!a || !b || statusOf(ours) !== statusOf(reference) || statusOf(ours) < 300 || statusOf(ours) > 399) return false;
  const strip = (answer: string) => {
    const head = answer.replace(LOCATION, '').replace(/\r\nContent-Length: \d+/i, '');
    return head.slice(0, head.indexOf('\r\n\r\n'));
  };
  if (strip(ours) !== strip(reference)) return false;
  try {
    return a[1] === b[1] || a[1] === encodeURI(decodeURI(b[1]));
  } catch {
    return false;
  }
}

export const KNOWN_DIFFERENCES: KnownDifference[] = [
  {
    reason:
      'portico/legacy: a malformed escape (`/%zz`) in a path that only a route of another method matches. ' +
      'express@3 looks only at the routes of the request’s method and answers 404; portico/legacy runs the 3.x ' +
      'routes on the 4.x router, which matches the path before the method, and answers 400 (Failed to decode param), ' +
      'naming the segment the other route captured.',
    matches: ({ area, request, ours, reference }) =>
      area === 'legacy' &&
      statusOf(ours) === 400 &&
      /^[A-Z]+ [^?\s]*%/.test(request) &&
      (statusOf(reference) === 404 || (statusOf(reference) === 400 && ours.includes('Failed to decode param') && reference.includes('Failed to decode param'))),
  },
  {
    reason:
      'portico/legacy: `res.redirect`/`res.location` encode the URL in the Location header (`http://x.test/%3Cb%3E`), ' +
      'as Express 4 does and as the redirect body already shows on express@3, which writes the header raw ' +
      '(`<b>`, spaces and non-ASCII bytes, which are not valid in a URL), and encodes it again in the redirect ' +
      'text (`/%252F/`). Documented in docs/fuzzing.md.',
    matches: ({ area, ours, reference }) => area === 'legacy' && sameRedirectButEncoding(ours, reference),
  },
  {
    reason:
      'portico/legacy parses query strings with qs 6 (the version Express 4 uses, past the prototype-pollution and ' +
      'denial-of-service advisories of the qs that connect@2.30 bundles). The two differ where one key is written ' +
      'both with brackets and plainly (`a[b]=1&a=2`): qs 6 gives an array, the old qs an object. Documented in docs/fuzzing.md.',
    matches: ({ area, request, ours, reference }) => {
      if (area !== 'legacy') return false;
      const query = /^[A-Z]+ [^?\s]*\?(\S*)/.exec(request)?.[1] ?? '';
      const keys = query.split(/[&?]/).map((part) => part.split('=')[0]);
      const mixed = keys.some((k) => k.includes('[') && keys.includes(k.slice(0, k.indexOf('['))));
      const xQuery = /\r\nX-Query: [^\r\n]*/;
      return mixed && ours.replace(xQuery, '') === reference.replace(xQuery, '');
    },
  },
  {
    reason:
      'portico/legacy: a path with an empty segment (`//`, `/a//b`). express@3 reads it with Node’s legacy URL ' +
      'parser and routes it as if the empty segment were not there (`//` reaches the route `/`, a `*` captures ' +
      '`` where portico/legacy captures `/`); portico/legacy routes the path as sent, as Express 4 does. ' +
      'Not fixed yet; recorded in docs/fuzzing.md.',
    matches: ({ area, request }) => area === 'legacy' && /^[A-Z]+ [^?\s]*\/\//.test(request),
  },
  {
    reason:
      'An invalid status given with the body (`res.json(200, 42)` on portico/legacy, the status 42): the write ' +
      'fails and an error handler answers 500. express@3 keeps the Content-Length of the failed body, so its ' +
      'answer is broken (a 90-byte body announced as 3 bytes); Portico sends a Content-Length that matches. ' +
      'Documented in docs/fuzzing.md.',
    matches: ({ request, ours, reference }) => {
      const length = /\r\nContent-Length: \d+/i;
      const onlyLengthDiffers = ours.replace(length, '') === reference.replace(length, '');
      const head = request.startsWith('HEAD ');
      return statusOf(ours) === 500 && statusOf(reference) === 500 && onlyLengthDiffers && (head || (!lengthMatches(reference) && lengthMatches(ours)));
    },
  },
];

/** The known difference this exchange shows, if any. */
export function knownDifference(exchange: Exchange): KnownDifference | undefined {
  return KNOWN_DIFFERENCES.find((d) => d.matches(exchange));
}
