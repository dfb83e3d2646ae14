import escapeHtml from 'escape-html';
import type { PorticoResponse } from './response';
import { statusMessage } from './status';
import { warnDeprecated } from '../errors/deprecation';
import { Buffer } from 'node:buffer';

/** `res.redirect([status,] url)` of Express 4: `(url, status)` still works, with a deprecation warning. */
export function redirect(res: PorticoResponse, argc: number, first: unknown, second: unknown): void {
  let address = first;
  let status = 302;
  if (argc === 2) {
    if (typeof first === 'number') {
      status = first;
      address = second;
    } else {
      warnDeprecated('res.redirect(url, status): Use res.redirect(status, url) instead');
      status = second as number;
    }
  }

  writeRedirect(res, status, address, html4, storeStatus);
}

/** The HTML body of a redirect: the message and the escaped location (Express 4 sends a paragraph). */
export type RedirectPage = (message: string, escapedLocation: string) => string;

const html4: RedirectPage = (message, location) => '<p>' + message + '. Redirecting to ' + location + '</p>';

/** Express 4 stores the status as given (node checks it as the head is written). */
function storeStatus(res: PorticoResponse, status: number): void {
  res.statusCode = status;
}

/**
 * Sets `Location` through `res.location` and ends the response with `status` and a short body chosen
 * by `Accept`: text, the `page` with the URL HTML-escaped (so a URL cannot inject markup: the 2024 XSS
 * advisory), or nothing. `Content-Length` always; no body for HEAD.
 */
export function writeRedirect(
  res: PorticoResponse,
  status: number,
  address: unknown,
  page: RedirectPage,
  applyStatus: (res: PorticoResponse, status: number) => void,
): void {
  // Read back through `res.get`, as Express does (an app may redefine it).
  const location = res.location(address as string).get('Location') as string;
  let body = '';
  res.format({
    text: function redirectText() {
      body = statusMessage(status) + '. Redirecting to ' + location;
    },
    html: function redirectHtml() {
      body = page(escapeHtml(String(statusMessage(status))), escapeHtml(location));
    },
    default: function redirectOther() {
      body = '';
    },
  });

  applyStatus(res, status);
  res.set('Content-Length', Buffer.byteLength(body));
  if (res.req.method === 'HEAD') res.end();
  else res.end(body);
}
