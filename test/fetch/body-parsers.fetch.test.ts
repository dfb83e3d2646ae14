import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import portico from '../../src/index';
import type { FrameworkLike } from '../helpers/compare';
import { describeGroups, groups } from '../compat/body-parser-cases';
import { fetchMode } from './fetch-mode';
import { express5, porticoWith5Parsers } from '../helpers/body5-frameworks';

/**
 * The body-parser differential battery (json, urlencoded, text, raw: limits, charsets, inflation,
 * verify, errors) with Portico reached through `app.fetch` behind @hono/node-server: the request
 * body is streamed from the Request into `req`, and every answer must match express@4 over node:http.
 */
/** Cases that differ over fetch as docs/fetch.md documents, tested on their own below. */
const DIFFERENT = new Set(['GET with a body']);
const fetchGroups = groups.map((group) => ({ ...group, cases: group.cases.filter((c) => !DIFFERENT.has(c.name)) }));

const caseCount = describeGroups('express@4 over app.fetch', fetchGroups, fetchMode(portico as unknown as FrameworkLike), express);

describe('body parsers over app.fetch: documented differences', () => {
  it('a GET request has no body over fetch: its Content-Length is dropped and the parser reads nothing', async () => {
    const app = (portico as unknown as FrameworkLike)();
    app.use((portico as unknown as FrameworkLike).json());
    app.get('/', (req, res) => res.json({ body: req.body as unknown, read: (req as unknown as { _body?: boolean })._body === true, length: req.headers['content-length'] ?? null }));
    const fetch = (app as unknown as { fetch(request: Request): Promise<Response> }).fetch;
    const response = await fetch(new Request('http://localhost/', { headers: { 'content-type': 'application/json', 'content-length': '7' } }));
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { body: {}, read: false, length: null });
  });
});

describe('body parsers over app.fetch: the differential suite', () => {
  it('covers at least 150 requests', () => {
    assert.ok(caseCount >= 150, `only ${caseCount} cases`);
  });
});

/** The same battery with Express 5's parsers (body-parser 2) against express@5.3. */
const caseCount5 = describeGroups('express@5.3 over app.fetch', fetchGroups, fetchMode(porticoWith5Parsers), express5);

describe('body parsers 2 over app.fetch: the differential suite', () => {
  it('covers at least 150 requests', () => {
    assert.ok(caseCount5 >= 150, `only ${caseCount5} cases`);
  });
});
