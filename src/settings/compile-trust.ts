import proxyAddr from 'proxy-addr';

/** The compiled form of the `trust proxy` setting: is the hop at `addr`, `i` hops from the socket, trusted? */
export type TrustFunction = (addr: string, i: number) => boolean;

function trustAll(): boolean {
  return true;
}

/**
 * Compiles a `trust proxy` value into a predicate, as Express 4 does at `app.set` time:
 * `true` trusts every hop, a number trusts that many hops, a string (comma-separated) or array
 * lists addresses, subnets or the names `loopback`/`linklocal`/`uniquelocal`, a function is used as is.
 */
export function compileTrust(value: unknown): TrustFunction {
  if (typeof value === 'function') return value as TrustFunction;
  if (value === true) return trustAll;
  if (typeof value === 'number') {
    const hops = value;
    return function trustHops(_addr: string, i: number): boolean {
      return i < hops;
    };
  }
  if (typeof value === 'string') {
    // proxy-addr does not split on commas itself; Express 4 trims each entry.
    return proxyAddr.compile(value.split(',').map((part) => part.trim()));
  }
  // false, undefined, null, '' and arrays: proxy-addr validates (and throws on bad entries).
  return proxyAddr.compile((value || []) as string[]);
}
