import net from 'node:net';
import { comparableMessage } from './transport';

export interface RawResponse {
  status: number;
  /** Header lines as received, in order, names as sent. */
  headerLines: Array<[string, string]>;
  /** Lower-case name → values, in order. */
  headers: Record<string, string[]>;
  body: string;
  raw: string;
}

/**
 * Sends bytes exactly as given (malformed, repeated or missing headers that node's client would
 * refuse or rewrite) and reads until the server closes. Ask for `Connection: close` in `request`.
 * Under the fetch transport the answer is first passed through `comparableMessage`.
 */
export function sendRaw(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    // Under PORTICO_TRANSPORT=fetch, relaxed by the fetch transport's documented differences (./transport.ts).
    socket.on('end', () => resolve(parseRaw(comparableMessage(Buffer.concat(chunks).toString('latin1')))));
    socket.write(request);
  });
}

function parseRaw(raw: string): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 4);
  const [statusLine, ...lines] = head.split('\r\n');
  const headerLines: Array<[string, string]> = [];
  const headers: Record<string, string[]> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1).trim();
    headerLines.push([name, value]);
    (headers[name.toLowerCase()] ??= []).push(value);
  }
  return { status: Number(statusLine.split(' ')[1]), headerLines, headers, body, raw };
}
