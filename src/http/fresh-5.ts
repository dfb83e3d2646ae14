import fresh from 'fresh';

type RequestHeaders = Parameters<typeof fresh>[0];
type ResponseValidators = Parameters<typeof fresh>[1];

/**
 * Freshness as Express 5 decides it (fresh@2, RFC 9110 §13.2.2): when the request carries
 * `If-None-Match`, that alone decides and `If-Modified-Since` is ignored; otherwise as fresh@0.5.
 */
export function isFresh5(reqHeaders: RequestHeaders, validators: ResponseValidators): boolean {
  if (reqHeaders['if-none-match'] && reqHeaders['if-modified-since']) {
    return fresh({ 'if-none-match': reqHeaders['if-none-match'], 'cache-control': reqHeaders['cache-control'] }, validators);
  }
  return fresh(reqHeaders, validators);
}
