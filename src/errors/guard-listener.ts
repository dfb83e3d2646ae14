/**
 * Wraps an event listener so that an exception it throws goes to `onError` instead of back
 * into the emitter. A listener of a stream event runs inside the emitter's `emit`, outside any
 * middleware's try/catch: a throw there becomes an uncaught exception and ends the process, so
 * whatever a parser does in such a listener runs behind this guard.
 */
export function guardListener<Args extends unknown[]>(
  listener: (...args: Args) => void,
  onError: (error: unknown) => void,
): (...args: Args) => void {
  return function guardedListener(...args: Args): void {
    try {
      listener(...args);
    } catch (error) {
      onError(error);
    }
  };
}
