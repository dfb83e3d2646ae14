/**
 * The status check of Express 5's `res.status`: an integer from 100 to 999, or a TypeError /
 * RangeError naming the value as JSON (Express 4 stored anything and let node fail later).
 */
export function checkStatus(code: unknown): number {
  if (!Number.isInteger(code)) {
    throw new TypeError('Invalid status code: ' + JSON.stringify(code) + '. Status code must be an integer.');
  }
  const value = code as number;
  if (value < 100 || value > 999) {
    throw new RangeError('Invalid status code: ' + JSON.stringify(code) + '. Status code must be greater than 99 and less than 1000.');
  }
  return value;
}
