const warned = new Set<string>();

/** Emits a DeprecationWarning once per process per message, prefixed with the package name. */
export function warnDeprecated(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  process.emitWarning(message, { type: 'DeprecationWarning', code: 'PORTICO_DEPRECATED' });
}
