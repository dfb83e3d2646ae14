import mime from 'mime';

/**
 * The mime@1.6 instance (the type table Express 4 uses), shared by `res.type`, `res.attachment`,
 * `res.send`'s charset rule and the file sender, and exposed as `portico.static.mime`,
 * so `mime.define` by an app affects all of them at once.
 */
export { mime };
export default mime;

/** mime@1.6's extension table, which its typings leave out. */
const extensionTable = (mime as unknown as { types: Record<string, string | undefined> }).types;

/** The media type registered for an extension (no dot, lower case), or `undefined`. */
export function typeForExtension(ext: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(extensionTable, ext) ? extensionTable[ext] : undefined;
}
