/**
 * Finds, in an app's source, what changes when it moves to Express 5: route paths whose syntax
 * changed, removed or changed signatures and properties, and the body-parser and static defaults
 * the app relies on. Each finding names its file and line; where the Express 5 form is a mechanical
 * rewrite of the 4.x one, it carries the edit. The search reads code with comments and string
 * contents blanked (code-text.ts), on the usual names: `res`/`response` for responses,
 * `req`/`request` for requests, `app` (or a name bound to `express()`) for apps.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { callArguments, lineAt, numberValue, readCode, stringLiteral, stringValue, type Argument, type CodeText } from './code-text';
import { express5PathVerdict } from './express5-paths';
import { dotFolders, servedFolder } from './served-folder';
import type { SourceHit } from './source-scan';

/** The kinds of finding, with the Express 5 change each one stands for (docs/doctor.md lists them). */
export const FINDING_KINDS = {
  'path-syntax': 'route path syntax (path-to-regexp 8)',
  'app-del': 'app.del() is removed: app.delete()',
  'req-param': 'req.param() is removed: read req.params, req.body or req.query',
  'param-fn': 'app.param(fn) / router.param(fn) (a function that defines param handling) is removed',
  'sendfile': 'res.sendfile() is removed: res.sendFile() (absolute path or the root option)',
  'json-status': 'res.json()/res.jsonp() take the body only: res.status(code).json(body)',
  'send-status': 'res.send(number) sends the number as the body: res.sendStatus(code)',
  'send-body-status': 'res.send(body, status) / res.send(status, body) are removed: res.status(code).send(body)',
  'redirect-status': 'res.redirect(url, status) is removed: res.redirect(status, url)',
  'back': "the 'back' location is removed: req.get('Referrer') || '/'",
  'accepts-singular': 'req.acceptsCharset/acceptsEncoding/acceptsLanguage are removed: the plural names',
  'app-router': 'app.router is the app\'s router (4.x: a getter that throws)',
  'req-host': 'req.host includes the port (4.x: the host name only): req.hostname',
  'query-write': 'req.query is a getter: writes to it are lost or throw',
  'express-query': 'express.query() is removed',
  'body-parser-combined': 'bodyParser() (json and urlencoded in one) is removed',
  'clear-cookie-options': 'res.clearCookie() ignores maxAge and expires',
  'status-code': 'res.status()/res.sendStatus() throw for a code that is not an integer from 100 to 999',
  'static-mime': 'express.static.mime is removed: the mime-types package',
  'listen-callback': 'app.listen(port, cb) calls cb with the error when listening fails (4.x: an error event)',
  'req-body-undefined': 'req.body is undefined when no body parser ran (4.x: {} after a parser skipped the request)',
  'urlencoded-extended': 'express.urlencoded() defaults to extended: false (4.x: true, with a warning)',
  'static-dotfiles': 'express.static() ignores files in dot-folders such as /.well-known (4.x: served); reported when the served folder has one, or cannot be told',
} as const;

export type FindingKind = keyof typeof FINDING_KINDS;

/** A rewrite of the original text: replace [start, end) with `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface Express5Finding extends SourceHit {
  kind: FindingKind;
  /** What to do, for this occurrence. */
  message: string;
  /** The rewrite `--write` applies, when it is mechanical. */
  edit: Edit | null;
}

const ROUTE_METHODS = new Set(['get', 'post', 'put', 'delete', 'del', 'patch', 'options', 'head', 'all', 'use', 'route']);
const RESPONSE = /^(?:res|response|resp)$/;
const REQUEST = /^(?:req|request)$/;
const CALL = /([\w$]+|\))\s*\.\s*([\w$]+)\s*\(/g;

interface Call {
  receiver: string;
  name: string;
  /** Offset of the method name. */
  nameAt: number;
  args: Argument[];
  /** Offset of the closing parenthesis. */
  close: number;
}

function* callsIn(text: CodeText): Generator<Call> {
  for (const m of text.code.matchAll(CALL)) {
    const open = (m.index ?? 0) + m[0].length - 1;
    const read = callArguments(text, open);
    if (!read) continue;
    yield { receiver: m[1], name: m[2], nameAt: (m.index ?? 0) + m[0].lastIndexOf(m[2]), args: read.args, close: read.close };
  }
}

const looksLikeHandler = (a: Argument | undefined): boolean => a !== undefined && !a.text.startsWith('{') && !/^['"`\d]/.test(a.text);

/** The string literals a route call names as its path: the first argument, or the strings of an array there. */
function pathLiterals(text: CodeText, first: Argument): Argument[] {
  if (!first.text.startsWith('[')) return [first];
  return callArguments(text, first.start)?.args ?? [];
}

/** Scans one file's text; `file` is the name the findings carry, `where` the folders that resolve the paths it serves. */
export function scanExpress5(file: string, source: string, where?: { fileDir: string; projectDir: string }): Express5Finding[] {
  const text = readCode(source);
  const out: Express5Finding[] = [];
  const add = (kind: FindingKind, at: number, message: string, edit: Edit | null = null): void => {
    out.push({ file, ...lineAt(source, at), kind, message, edit });
  };
  const apps = new Set(['app']);
  for (const m of text.code.matchAll(/\b(?:const|let|var)\s+([\w$]+)\s*=\s*express\s*\(\s*\)/g)) apps.add(m[1]);

  for (const call of callsIn(text)) {
    const { receiver, name, args } = call;
    const whole = (replacement: string): Edit => ({ start: call.nameAt, end: call.close + 1, text: replacement });
    if (ROUTE_METHODS.has(name) && args.length > 0) {
      const enough = name === 'route' ? args.length === 1 : args.length >= 2 && looksLikeHandler(args[args.length - 1]);
      if (enough) {
        for (const literal of pathLiterals(text, args[0])) {
          const value = stringValue(literal);
          if (value === undefined || !/^[/*(]/.test(value)) continue;
          const verdict = express5PathVerdict(value, name !== 'use');
          if (!verdict) continue;
          const what = verdict.error ? `does not parse on Express 5 (${verdict.error})` : 'means something else on Express 5';
          const to = verdict.spelling !== null ? `write ${stringLiteral(verdict.spelling, literal.text)}` : `use the RegExp ${verdict.regexp}, which is what Express 4 matched`;
          const edit = verdict.spelling !== null && verdict.mechanical ? { start: literal.start, end: literal.end, text: stringLiteral(verdict.spelling, literal.text) } : null;
          add('path-syntax', literal.start, `'${value}' ${what}: ${verdict.reason}; ${to}`, edit);
        }
      }
    }
    if (name === 'del' && args.length >= 2) add('app-del', call.nameAt, 'use .delete()', { start: call.nameAt, end: call.nameAt + 3, text: 'delete' });
    if (name === 'param') {
      if (REQUEST.test(receiver)) add('req-param', call.nameAt, `read req.params, req.body or req.query for ${args[0]?.text ?? 'the name'}`);
      else if (args.length === 1 && stringValue(args[0]) === undefined) add('param-fn', call.nameAt, 'write the check inside app.param(name, handler) callbacks');
    }
    if (name === 'sendfile' && RESPONSE.test(receiver)) add('sendfile', call.nameAt, 'use res.sendFile(), which needs an absolute path or the root option', { start: call.nameAt, end: call.nameAt + 8, text: 'sendFile' });
    if ((name === 'json' || name === 'jsonp' || name === 'send') && RESPONSE.test(receiver) && args.length === 2) {
      const statusFirst = numberValue(args[0]) !== undefined;
      const [status, body] = statusFirst ? [args[0], args[1]] : [args[1], args[0]];
      const known = numberValue(status) !== undefined;
      const rewrite = `status(${status.text}).${name}(${body.text})`;
      add(name === 'send' ? 'send-body-status' : 'json-status', call.nameAt, `write ${receiver}.${rewrite}`, known ? whole(rewrite) : null);
    }
    if (name === 'send' && RESPONSE.test(receiver) && args.length === 1 && numberValue(args[0]) !== undefined) {
      add('send-status', call.nameAt, `write ${receiver}.sendStatus(${args[0].text}) (Express 5 sends the number as a JSON body, status 200)`, whole(`sendStatus(${args[0].text})`));
    }
    if ((name === 'redirect' || name === 'location') && RESPONSE.test(receiver)) {
      if (name === 'redirect' && args.length === 2 && numberValue(args[1]) !== undefined) {
        add('redirect-status', call.nameAt, `write ${receiver}.redirect(${args[1].text}, ${args[0].text})`, whole(`redirect(${args[1].text}, ${args[0].text})`));
      }
      const where = args.find((a) => stringValue(a) === 'back');
      if (where) add('back', where.start, "write req.get('Referrer') || '/' (with the request's name in that handler)", { start: where.start, end: where.end, text: "req.get('Referrer') || '/'" });
    }
    if (/^accepts(?:Charset|Encoding|Language)$/.test(name) && REQUEST.test(receiver)) add('accepts-singular', call.nameAt, `use ${name}s()`, { start: call.nameAt, end: call.nameAt + name.length, text: `${name}s` });
    if (name === 'query' && receiver === 'express') add('express-query', call.nameAt, "parse req.query with the 'query parser' setting instead");
    if (name === 'clearCookie' && RESPONSE.test(receiver) && args[1] && /\b(?:maxAge|expires)\b/.test(text.code.slice(args[1].start, args[1].end))) {
      add('clear-cookie-options', call.nameAt, 'drop maxAge/expires: Express 5 always expires the cookie');
    }
    if ((name === 'status' || name === 'sendStatus') && RESPONSE.test(receiver) && args.length === 1) {
      const n = numberValue(args[0]);
      const literal = stringValue(args[0]);
      if (literal !== undefined || (n !== undefined && (!Number.isInteger(n) || n < 100 || n > 999))) add('status-code', call.nameAt, `${args[0].text} throws on Express 5: pass an integer from 100 to 999`);
    }
    if (name === 'listen' && apps.has(receiver) && /^(?:async\s*)?(?:function\b|\(\s*\)\s*=>)/.test(args[args.length - 1]?.text ?? '')) {
      add('listen-callback', call.nameAt, 'the callback is also called with the error when listening fails: take an err argument and handle it');
    }
    if (name === 'urlencoded' && /^(?:express|bodyParser)$/.test(receiver)) {
      if (args.length === 0) add('urlencoded-extended', call.nameAt, 'write urlencoded({ extended: true }) to keep parsing nested objects, or check that flat fields are enough', { start: call.close, end: call.close, text: '{ extended: true }' });
      else if (!/\bextended\b/.test(text.code.slice(args[0].start, args[0].end))) add('urlencoded-extended', call.nameAt, 'add extended: true to keep parsing nested objects, or check that flat fields are enough');
    }
    if (name === 'static' && receiver === 'express' && args[0] && !(args[1] && /\bdotfiles\b/.test(text.code.slice(args[1].start, args[1].end)))) {
      // A folder the call names plainly is looked into: without a dot-folder, nothing changes.
      const folder = where ? servedFolder(args[0], where.fileDir, where.projectDir) : undefined;
      const dots = folder === undefined ? null : dotFolders(folder);
      if (dots === null) add('static-dotfiles', call.nameAt, "add dotfiles: 'allow' if the folder serves a dot-folder (such as .well-known)");
      else if (dots.length > 0) add('static-dotfiles', call.nameAt, `${dots.slice(0, 3).join(', ')}${dots.length > 3 ? ` and ${dots.length - 3} more` : ''} would no longer be served: add dotfiles: 'allow', or serve them with a static() of their own`);
    }
  }
  const patterns: Array<[RegExp, FindingKind, string, ((m: RegExpMatchArray) => Edit) | null]> = [
    [/\bbodyParser\s*\(/g, 'body-parser-combined', 'use bodyParser.json() and bodyParser.urlencoded({ extended: true })', null],
    [/\bapp\.router\b(?!\s*\()/g, 'app-router', 'remove it: the router is built in (Express 5 returns the router object here)', null],
    [/\b(?:req|request)\.host\b(?!name)(?!\s*=[^=])/g, 'req-host', 'use req.hostname for the host without the port', (m) => ({ start: (m.index ?? 0) + m[0].length - 4, end: (m.index ?? 0) + m[0].length, text: 'hostname' })],
    [/(?:\bdelete\s+)?\b(?:req|request)\.query(?:\s*\.\s*[\w$]+|\s*\[[^\]\n]*\])*\s*=(?![=>])|\bdelete\s+(?:req|request)\.query\b/g, 'query-write', 'keep the value elsewhere (res.locals, or a property of your own on req)', null],
    [/\bexpress\.static\.mime\b/g, 'static-mime', 'use the mime-types package', null],
    [/\bObject\.(?:keys|values|entries)\(\s*(?:req|request)\.body\s*\)|\bin\s+(?:req|request)\.body\b|\b(?:req|request)\.body\.hasOwnProperty\b/g, 'req-body-undefined', 'guard it: req.body may be undefined', null],
  ];
  for (const [pattern, kind, message, edit] of patterns) {
    for (const m of text.code.matchAll(pattern)) {
      add(kind, m.index ?? 0, message, edit ? edit(m) : null);
    }
  }
  return out.sort((a, b) => a.line - b.line);
}

/** Scans `files` (absolute paths) of the project in `projectDir`. */
export function findExpress5Changes(projectDir: string, files: readonly string[]): Express5Finding[] {
  return files.flatMap((f) => scanExpress5(relative(projectDir, f), readFileSync(f, 'utf8'), { fileDir: dirname(f), projectDir }));
}
