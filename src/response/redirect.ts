import escapeHtml from 'escape-html';
import type { PorticoResponse } from './response';
import { statusMessage } from './status';
import { warnDeprecated } from '../errors/deprecation';
import { Buffer } from 'node:buffer';

/**
 * `res.redirect([status,] url)`: `Location` through `res.location`, then a short body chosen by `Accept`:
 * text, HTML with the URL HTML-escaped (so a URL cannot inject markup: the 2024 XSS advisory), or nothing.
 * `Content-Length` always; no body for HEAD. `(url, status)` still works, with a deprecation warning.
 */
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

  // Read back through `res.get`, as Express does (an app may redefine it).
  const location = res.location(address as string).get('Location') as string;
  let body = '';
  res.format({
    text: function redirectText() {
      body = statusMessage(status) + '. Redirecting to ' + location;
    },
    html: function redirectHtml() {
      body = '<p>' + statusMessage(status) + '. Redirecting to ' + escapeHtml(location) + '</p>';
    },
    default: function redirectOther() {
      body = '';
    },
  });

  res.statusCode = status;
  res.set('Content-Length', Buffer.byteLength(body));
  if (res.req.method === 'HEAD') res.end();
  else res.end(body);
}
