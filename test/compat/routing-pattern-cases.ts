/**
 * The pattern table of the routing differential test: each row is a path pattern, how it is
 * registered, and the request paths to try against it. Every (row, path) pair is one case.
 */

export type PatternForm = string | RegExp | Array<string | RegExp>;

export interface PatternRow {
  pattern: PatternForm;
  paths: string[];
  /** How the pattern is registered: `app.get` (default), `app.use`, `app.all`, or `Router#get` mounted on `/`. */
  kind?: 'get' | 'use' | 'all' | 'router';
  /** Request method (default GET). */
  method?: string;
  caseSensitive?: boolean;
  strict?: boolean;
}

export const PATTERN_ROWS: PatternRow[] = [
  // Literal paths.
  { pattern: '/', paths: ['/', '//', '/x', '/?a=1'] },
  { pattern: '/foo', paths: ['/foo', '/foo/', '/FOO', '/foo//', '/foo/bar', '/foo?x=1', '/foob', '/foo.json'] },
  { pattern: '/foo/', paths: ['/foo', '/foo/', '/foo//'] },
  { pattern: '/foo-bar_baz~1', paths: ['/foo-bar_baz~1', '/FOO-BAR_BAZ~1', '/foo-bar_baz~12'] },
  { pattern: '/caf%C3%A9', paths: ['/caf%C3%A9', '/caf%c3%a9', '/café'] },
  // Named parameters.
  { pattern: '/user/:id', paths: ['/user/1', '/user/1/', '/user/', '/user/1/edit', '/user/a%20b', '/user/%E0%A4%A', '/user/a%2Fb', '/USER/x', '/user/%'] },
  { pattern: '/:a/:b', paths: ['/x/y', '/x', '/x/y/z', '/x//y'] },
  { pattern: '/user/:id/:op?', paths: ['/user/1', '/user/1/edit', '/user/1/', '/user/1/edit/x'] },
  { pattern: '/:id?', paths: ['/', '/x', '/x/'] },
  { pattern: '/:foo/:bar?/:baz?', paths: ['/a', '/a/b', '/a/b/c', '/a/b/c/d'] },
  { pattern: '/:x/:x', paths: ['/a/b'] },
  { pattern: '/:a_b', paths: ['/z'] },
  { pattern: '/api/v:version', paths: ['/api/v2', '/api/v', '/api/v2.1', '/api/vv'] },
  { pattern: '/:id(\\d+)', paths: ['/42', '/x', '/4x', '/'] },
  { pattern: '/:id(\\d+)?', paths: ['/', '/42', '/x'] },
  { pattern: '/:x(foo|bar)', paths: ['/foo', '/bar', '/baz', '/FOO'] },
  { pattern: '/:path(*)', paths: ['/a', '/a/b/c', '/'] },
  { pattern: '/test/:p(.*)', paths: ['/test/', '/test/a/b', '/test'] },
  { pattern: '/:a*', paths: ['/a', '/a/b/c', '/'] },
  { pattern: '/:file.:ext', paths: ['/a.txt', '/a.b.c', '/a', '/.txt'] },
  { pattern: '/:file.:ext?', paths: ['/a', '/a.txt', '/a.'] },
  { pattern: '/users/:id.json', paths: ['/users/7.json', '/users/7', '/users/7.xml'] },
  { pattern: '/:a.:b.:c', paths: ['/1.2.3', '/1.2', '/1.2.3.4'] },
  // Adjacent parameters: each bare one may not contain the text before it.
  { pattern: '/:a-:b', paths: ['/x-y', '/x-y-z', '/x-', '/-y', '/x'] },
  { pattern: '/:a-:b-:c', paths: ['/1-2-3', '/1-2-3-4', '/1--3', '/---', '/a-b-c/'] },
  { pattern: '/-:a', paths: ['/-x', '/--x', '/-'] },
  { pattern: '/:a-/:b', paths: ['/x-/y-z', '/x/y'] },
  { pattern: '/:a.:b-:c', paths: ['/x.y-z', '/x.y.z-w', '/x.y-z-w'] },
  { pattern: '/a.b-:c', paths: ['/a.b-x', '/a.b-x.a.b-y', '/aXb-x'] },
  { pattern: '/:a?-:b?', paths: ['/-', '/x-', '/-y', '/x-y'] },
  // Stars.
  { pattern: '*', paths: ['/', '/a/b', '/%E0%A4%A', '/caf%C3%A9'] },
  { pattern: '/*', paths: ['/', '/a', '/a/b/', '/%41'] },
  { pattern: '/foo*', paths: ['/foo', '/foobar', '/foo/bar', '/fo'] },
  { pattern: '/foo/*', paths: ['/foo/', '/foo/bar', '/foo'] },
  { pattern: '/*/bar', paths: ['/x/bar', '/x/y/bar', '/bar'] },
  { pattern: '/*.json', paths: ['/a.json', '/a/b.json', '/json'] },
  { pattern: '/*.*', paths: ['/a.b', '/a.b.c', '/ab'] },
  { pattern: '/*/*', paths: ['/a/b', '/a/b/c', '/a'] },
  { pattern: '/*-*', paths: ['/a-b', '/a-b-c', '/ab'] },
  { pattern: '/*ab*bc', paths: ['/1ab2abc', '/abbc'] },
  { pattern: '/**', paths: ['/abc'] },
  { pattern: '/*-:a-*', paths: ['/x-y--q', '/x-y-z-w'] },
  { pattern: '/v1/*', paths: ['/v1/a/b', '/V1/a', '/v1'] },
  // Regular-expression syntax inside string patterns.
  { pattern: '/ab?cd', paths: ['/acd', '/abcd', '/abbcd'] },
  { pattern: '/ab+cd', paths: ['/abcd', '/abbbcd', '/acd'] },
  { pattern: '/ab*cd', paths: ['/abcd', '/abxyzcd', '/ab/cd', '/acd'] },
  { pattern: '/a(bc)?d', paths: ['/ad', '/abcd', '/abd'] },
  { pattern: '/(foo|bar)', paths: ['/foo', '/bar', '/baz'] },
  { pattern: '/a/(b)?', paths: ['/a/', '/a/b', '/a'] },
  { pattern: '/(a)(b)?', paths: ['/a', '/ab'] },
  { pattern: '/a(bc)-:d', paths: ['/abc-x', '/abc-abc-x'] },
  { pattern: '/a\\(b\\)', paths: ['/a(b)', '/ab'] },
  { pattern: '/f.o', paths: ['/f.o', '/fxo'] },
  // Regular expressions.
  { pattern: /^\/abc|\/xyz/, paths: ['/abc', '/xyz', '/a/xyz/b', '/ab'] },
  { pattern: /\/(\w+)\/(\d+)/, paths: ['/ab/12', '/ab/cd', '/x/ab/12/y'] },
  { pattern: /^\/(?<name>\w+)$/, paths: ['/abc', '/a/b'] },
  { pattern: /\/user\/(\d+)\/?/i, paths: ['/USER/5', '/user/x'] },
  { pattern: /^\/$/, paths: ['/', '/a'] },
  { pattern: /^\/caps/, paths: ['/CAPS'] },
  { pattern: /^\/d\/([^/]*)$/, paths: ['/d/%E0%A4%A', '/d/%41%42'] },
  // Arrays.
  { pattern: ['/a', '/b/:id'], paths: ['/a', '/b/9', '/c'] },
  { pattern: ['/a/:x', /\/r(\d)/], paths: ['/a/1', '/r5', '/r'] },
  { pattern: ['/q', ['/r/:y']] as unknown as PatternForm, paths: ['/q', '/r/z'] },
  { pattern: ['/abcd', '/xyza', /\/lmn|\/pqr/], paths: ['/abcd', '/xyza', '/lmn', '/pqr', '/zz'] },
  // Case-sensitive and strict routing.
  { pattern: '/Foo', caseSensitive: true, paths: ['/Foo', '/foo', '/FOO'] },
  { pattern: '/:p', caseSensitive: true, paths: ['/Ab'] },
  { pattern: '/foo', strict: true, paths: ['/foo', '/foo/'] },
  { pattern: '/foo/', strict: true, paths: ['/foo', '/foo/', '/foo//'] },
  { pattern: '/:id', strict: true, paths: ['/1', '/1/'] },
  { pattern: '/Foo/', strict: true, caseSensitive: true, paths: ['/Foo/', '/foo/', '/Foo'] },
  // Routers mounted on '/' with the same options.
  { pattern: '/Foo', kind: 'router', caseSensitive: true, paths: ['/Foo', '/foo'] },
  { pattern: '/foo/', kind: 'router', strict: true, paths: ['/foo', '/foo/'] },
  { pattern: '/r/:id', kind: 'router', paths: ['/r/1', '/R/1/'] },
  // Middleware paths (prefix matching at a segment boundary; the mount path is stripped).
  { pattern: '/', kind: 'use', paths: ['/', '/a/b', '/a?x=1'] },
  { pattern: '/foo', kind: 'use', paths: ['/foo', '/foo/', '/foo/bar', '/foobar', '/foo.json', '/FOO/x', '/foo?x=1', '/foo/bar?x=1'] },
  { pattern: '/foo/', kind: 'use', paths: ['/foo', '/foo/', '/foo/bar'] },
  { pattern: '/a/b', kind: 'use', paths: ['/a/b/c', '/a/bc', '/a'] },
  { pattern: '/:lang', kind: 'use', paths: ['/en', '/en/docs', '/en.json'] },
  { pattern: '/:a/:b?', kind: 'use', paths: ['/x', '/x/y/z'] },
  { pattern: '/u/:id', kind: 'use', paths: ['/u/%E0%A4%A/x', '/u/%41/x'] },
  { pattern: '*', kind: 'use', paths: ['/', '/a/b'] },
  { pattern: '/a*', kind: 'use', paths: ['/a', '/abc/d'] },
  { pattern: /^\/re(\d+)/, kind: 'use', paths: ['/re1', '/re12/x', '/re'] },
  { pattern: ['/x', '/y'], kind: 'use', paths: ['/x/1', '/y', '/z'] },
  // A RegExp mount path must match a prefix ending at a segment boundary.
  { pattern: /^\/re/, kind: 'use', paths: ['/re', '/rex', '/re/x', '/re.json'] },
  { pattern: /\/x/, kind: 'use', paths: ['/a/x/b', '/x/b'] },
  { pattern: '/Foo', kind: 'use', caseSensitive: true, paths: ['/Foo/x', '/foo/x'] },
  { pattern: '/foo', kind: 'use', strict: true, paths: ['/foo/', '/foo'] },
  // app.all and other methods.
  { pattern: '/any', kind: 'all', method: 'DELETE', paths: ['/any', '/any/'] },
  { pattern: '/any/:x', kind: 'all', method: 'PATCH', paths: ['/any/1'] },
  { pattern: '/only-get', method: 'POST', paths: ['/only-get'] },
  { pattern: '/only-get', method: 'HEAD', paths: ['/only-get', '/nothing'] },
];
