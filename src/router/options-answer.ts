import { Buffer } from 'node:buffer';
import type { NextFunction } from './types';

interface SendingResponse {
  set(field: string, value: string): unknown;
  send(body: string): unknown;
}

/** Answers an OPTIONS request no route handled with the methods the matching routes allow. */
export function sendOptionsAnswer(res: unknown, allowed: string[], out: NextFunction): void {
  const body = allowed.join(',');
  try {
    const response = res as SendingResponse;
    response.set('Allow', body);
    response.send(body);
  } catch (err) {
    out(err);
  }
}

interface RawResponse {
  setHeader(field: string, value: string | number): unknown;
  end(body: string): unknown;
}

/**
 * Express 5's automatic OPTIONS answer (router 2): the allowed methods without repeats, sorted,
 * joined by `, `, sent as text with the node:http response methods only.
 */
export function sendOptionsAnswer5(res: unknown, allowed: string[], out: NextFunction): void {
  const body = Array.from(new Set(allowed)).sort().join(', ');
  try {
    const response = res as RawResponse;
    response.setHeader('Allow', body);
    response.setHeader('Content-Length', Buffer.byteLength(body));
    response.setHeader('Content-Type', 'text/plain');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.end(body);
  } catch (err) {
    out(err);
  }
}
