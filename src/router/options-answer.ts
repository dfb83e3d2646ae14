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
