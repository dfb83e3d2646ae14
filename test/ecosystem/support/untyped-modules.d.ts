// The two packages ship no types and have no @types package installed: the parts the tests use.

declare module 'hbs' {
  type Callback = (err?: unknown) => void;
  const hbs: {
    registerPartials(directory: string, done?: Callback): void;
    registerHelper(name: string, fn: (...args: never[]) => unknown): void;
    __express: (path: string, options: object, callback: (err: Error | null, html?: string) => void) => void;
  };
  export = hbs;
}

declare module 'serve-favicon' {
  import type { RequestHandler } from 'express';
  function favicon(path: string | Buffer, options?: { maxAge?: number | string }): RequestHandler;
  export = favicon;
}
