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
