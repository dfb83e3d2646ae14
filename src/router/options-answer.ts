import type { NextFunction } from './types';

interface SendingResponse {
  set(field: string, value: string): unknown;
  send(body: string): unknown;
}

/** Answers an OPTIONS request no route handled with the methods the matching routes allow (`body`: the list). */
export function sendOptionsAnswer(res: unknown, body: string, out: NextFunction): void {
  try {
    const response = res as SendingResponse;
    response.set('Allow', body);
    response.send(body);
  } catch (err) {
    out(err);
  }
}
