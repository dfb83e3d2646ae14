import mime from 'mime';

/**
 * The mime@1.6 instance (the type table Express 4 uses), shared by `res.type`, `res.attachment`,
 * `res.send`'s charset rule and the file sender, and exposed as `portico.static.mime`,
 * so `mime.define` by an app affects all of them at once.
 */
export { mime };
export default mime;
