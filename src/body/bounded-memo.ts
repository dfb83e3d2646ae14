/**
 * A small cache of answers keyed by a header value. Header values are client-controlled, so the
 * cache is bounded in entries and in key length, and is simply emptied when full: the handful of
 * values real clients send are back in it after a few requests.
 */
export class BoundedMemo<V> {
  private readonly entries = new Map<string, V>();

  constructor(
    private readonly maxEntries = 128,
    private readonly maxKeyLength = 256,
  ) {}

  /** The remembered answer for `key`, or undefined. */
  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Remembers `value` for `key` when the key is short enough; returns `value`. */
  set(key: string, value: V): V {
    if (key.length <= this.maxKeyLength) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, value);
    }
    return value;
  }
}
