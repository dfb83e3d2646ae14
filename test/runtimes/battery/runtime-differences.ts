import type { BatteryCase } from './cases';

/*
 * What a runtime's own fetch server does to a request before app.fetch sees it, or to a Response
 * after app.fetch returns it: the same under any framework, measured with a bare fetch handler
 * (docs/runtimes.md lists each with its minimal case). The battery applies exactly these and no
 * other allowance, and names the one it applied in the test's output.
 */

/** A comparable answer: status, the app's headers, body. */
export interface AnswerView {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * The request target the app sees behind a fetch server, from the one the client sent: app.fetch
 * takes the path and query of the Request's URL, so a fragment never reaches the app. Bun.serve and
 * @hono/node-server also resolve dot segments (`/a/../b` arrives as `/b`, `%2e%2e` too); Deno.serve
 * keeps them.
 */
export const FETCH_TARGETS: Record<string, (target: string) => string> = {
  whatwg: (target) => {
    const url = new URL(target, 'http://battery.invalid');
    return url.pathname + url.search;
  },
  withoutFragment: (target) => {
    const hash = target.indexOf('#');
    return hash === -1 ? target : target.slice(0, hash);
  },
};

/** A difference a runtime's server makes to the answer: the adjusted actual answer, or undefined where it does not apply. */
export interface ServerDifference {
  name: string;
  adjust(expected: AnswerView, actual: AnswerView, c: BatteryCase): AnswerView | undefined;
}

function withoutHeader(view: AnswerView, name: string): AnswerView {
  const headers = { ...view.headers };
  delete headers[name];
  return { ...view, headers };
}

/**
 * Bun.serve gives a streamed body that has ended before the head goes out a Content-Length instead
 * of chunked framing (`new Response(stream)` whose stream is already closed).
 */
export const LENGTH_OF_ENDED_STREAM: ServerDifference = {
  name: 'Bun.serve frames an already-ended stream with Content-Length',
  adjust(expected, actual) {
    if (expected.headers['content-length'] !== undefined || actual.headers['content-length'] === undefined) return undefined;
    if (byteLengthOf(actual) !== Number(actual.headers['content-length'])) return undefined;
    return withoutHeader(actual, 'content-length');
  },
};

/** The body's length in bytes, from the comparable view (text or `hex:`). */
function byteLengthOf(view: AnswerView): number {
  return view.body.startsWith('hex:') ? (view.body.length - 4) / 2 : Buffer.byteLength(view.body);
}

/** Bun.serve adds `Content-Type: application/octet-stream` to a Response with a byte body and no type. */
export const OCTET_STREAM_DEFAULT: ServerDifference = {
  name: 'Bun.serve adds Content-Type: application/octet-stream to an untyped body',
  adjust(expected, actual) {
    if (expected.headers['content-type'] !== undefined || actual.headers['content-type'] !== 'application/octet-stream') return undefined;
    return withoutHeader(actual, 'content-type');
  },
};

/**
 * Bun.serve and Deno.serve answer a HEAD whose Response has no body and no length with
 * `Content-Length: 0`; node:http sends no length for a HEAD answered with res.write/res.end.
 */
export const HEAD_ZERO_LENGTH: ServerDifference = {
  name: 'the fetch server adds Content-Length: 0 to a HEAD answer without a length',
  adjust(expected, actual, c) {
    if (c.method !== 'HEAD' || expected.headers['content-length'] !== undefined || actual.headers['content-length'] !== '0') return undefined;
    return withoutHeader(actual, 'content-length');
  },
};

/** @hono/node-server sends a Response with a body and no Content-Type as `text/plain; charset=UTF-8`. */
export const TEXT_PLAIN_DEFAULT: ServerDifference = {
  name: '@hono/node-server adds Content-Type: text/plain; charset=UTF-8 to an untyped body',
  adjust(expected, actual) {
    if (expected.headers['content-type'] !== undefined || actual.headers['content-type'] !== 'text/plain; charset=UTF-8') return undefined;
    return withoutHeader(actual, 'content-type');
  },
};

/**
 * workerd sends a Response whose body is a stream chunked, without the Content-Length it carries
 * (`new Response(stream, { headers: { 'content-length': '5' } })` arrives chunked), and its
 * node:http, built on such Responses, does so for every answer with a body. The length is allowed
 * missing only where the body that came is exactly as long as the oracle's Content-Length says.
 */
function lengthDroppedBy(name: string): ServerDifference {
  return {
    name,
    adjust(expected, actual) {
      const length = expected.headers['content-length'];
      if (length === undefined || actual.headers['content-length'] !== undefined) return undefined;
      if (byteLengthOf(actual) !== Number(length)) return undefined;
      return { ...actual, headers: { ...actual.headers, 'content-length': length } };
    },
  };
}

export const WORKERD_STREAM_LENGTH = lengthDroppedBy('workerd sends a streamed Response chunked, without its Content-Length');
export const WORKERD_NODE_HTTP_LENGTH = lengthDroppedBy("workerd's node:http sends an answer with a body chunked, without its Content-Length");

/** Cases a runtime's server keeps from the app, or cannot give it what they test, with the reason: not run in that mode. */
export interface ExcludedCases {
  reason: string;
  cases: string[];
}

/** workerd's HTTP server answers 400 `invalid URI` (text/plain) itself, before the Worker runs. */
export const WORKERD_INVALID_URI: ExcludedCases = {
  reason: "workerd's HTTP server refuses a request target holding `<` or `>` with its own 400 `invalid URI`",
  cases: ['404 /a<b>c', 'res jsonp?callback=<bad>'],
};

/**
 * A module Worker's fetch handler is called with (request, env, ctx): no client address (locally it
 * is in `request.cf.clientIp`, on Cloudflare in `CF-Connecting-IP`), so app.fetch assumes none
 * (docs/fetch.md) and `trust proxy: 'loopback'` trusts no X-Forwarded-* header.
 */
export const WORKERD_NO_CLIENT_ADDRESS: ExcludedCases = {
  reason: "workerd's fetch handler gets no client address, so `trust proxy: 'loopback'` cannot apply",
  cases: ['req forwarded proto from loopback', 'req forwarded for'],
};

/**
 * workerd's node:http cuts the value of If-Modified-Since and If-Unmodified-Since (headers node:http
 * keeps one of) at its first comma: `Wed, 01 Jan 2031 00:00:00 GMT` reaches the app as `Wed`, so a
 * date condition cannot be tested there. Its fetch handler gets the whole value.
 */
export const WORKERD_NODE_HTTP_DATE_HEADERS: ExcludedCases = {
  reason: "workerd's node:http cuts If-Modified-Since and If-Unmodified-Since at the first comma",
  cases: [
    'files static 304 If-Modified-Since',
    'files static 200 old If-Modified-Since',
    'files static If-Unmodified-Since past',
    'files sendFile 304',
  ],
};
