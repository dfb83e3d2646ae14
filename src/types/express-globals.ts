/**
 * The global `Express` namespace. Type packages written for Express add members to it
 * (`@types/passport`: `req.user`, `@types/multer`: `req.file`, `@types/express-session`: `req.session`),
 * and applications do the same. Portico's request, response, locals and application extend these
 * interfaces, so every such augmentation shows up on Portico's objects as well.
 */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- the global namespace other packages augment is a namespace by definition
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty on purpose: a merge point for augmentations
    interface Request {}
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merge point
    interface Response {}
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merge point
    interface Locals {}
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merge point
    interface Application {}
  }
}

/** `Express.Request` as augmented by the program (an alias, so importing it keeps this file in every program). */
export type GlobalRequest = Express.Request;

/** `Express.Response` as augmented by the program. */
export type GlobalResponse = Express.Response;

/** `Express.Locals` as augmented by the program. */
export type GlobalLocals = Express.Locals;

/** `Express.Application` as augmented by the program. */
export type GlobalApplication = Express.Application;
