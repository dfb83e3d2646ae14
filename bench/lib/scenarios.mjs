// The scenarios as the runner sees them: what to request under load, and what a correct answer
// looks like, so that a broken server is reported instead of measured.
import { createRequire } from 'node:module';
import { URLSearchParams } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const require = createRequire(import.meta.url);
const common = require('../servers/common.cjs');

/** A deterministic JSON document of at least `size` bytes once serialized. */
function jsonPayload(size) {
  const doc = { id: 7, name: 'Portico', email: 'bench@example.com', active: true, items: [] };
  for (let i = 0; JSON.stringify(doc).length < size; i++) {
    doc.items.push({ sku: `SKU-${String(i).padStart(4, '0')}`, qty: i + 1, price: 9.5 + i, note: 'in stock' });
  }
  return doc;
}

/** A deterministic, flat urlencoded form of at least `size` bytes. */
function formPayload(size) {
  const fields = { name: 'Portico', email: 'bench@example.com' };
  for (let i = 0; new URLSearchParams(fields).toString().length < size; i++) {
    fields[`field${i}`] = `value ${i} & more`;
  }
  return fields;
}

const echoDoc = jsonPayload(1024);
const echoBody = JSON.stringify(echoDoc);
const formFields = formPayload(1024);
const formBody = new URLSearchParams(formFields).toString();

const jsonHeaders = { 'content-type': 'application/json' };
const cookieHeader = 'sid=s3ss10n-0123456789abcdef; theme=dark; lang=en-GB';
const apiResource = `items${common.API_RESOURCES - 5}`;
const apiItem = { name: 'widget', price: 12.5, tags: ['blue', 'small'], stock: { warehouse: 'north', count: 42 } };

/** Parses JSON, or returns undefined when the text is not JSON. */
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A check that the body equals `expected` exactly. */
function exactBody(expected) {
  return { describe: JSON.stringify(expected.slice(0, 60)), ok: (text) => text === expected };
}

/** A check that the body is JSON deep-equal to `expected`. */
function jsonBody(expected) {
  const shown = JSON.stringify(expected);
  return {
    describe: `JSON ${shown.length > 60 ? `${shown.slice(0, 60)}…` : shown}`,
    ok: (text) => isDeepStrictEqual(parseJson(text), expected),
  };
}

/** A check that the body is a given fixture file (length and first bytes). */
function fixtureBody(file) {
  return {
    describe: `${file.size} bytes of ${file.name}`,
    ok: (text, bytes) => bytes === file.size && text.startsWith('Portico benchmark fixture'),
  };
}

const emptyBody = { describe: 'an empty body', ok: (text) => text === '' };

const routingRequest = (scenario) => {
  const i = common.routeCount(scenario) - 3;
  return { method: 'GET', path: `/route${i}/4217`, status: 200, body: exactBody(common.routeBody(i, '4217')) };
};

const staticPath = (file) => `/static/${file.name}`;

/**
 * The scenarios in report order. `requests` are cycled by every connection; `prepare(get)` may
 * derive them from a first response (the 304 scenario needs the validator the server chose).
 * Scenario (j) is not a load test: it is measured in-process by startup-probe.cjs.
 */
export const SCENARIOS = [
  {
    id: 'a',
    title: 'GET text "Hello, World!"',
    detail: '`GET /hello` answered with `res.send` of a 13-byte string (or the framework\'s text reply).',
    requests: [{ method: 'GET', path: '/hello', status: 200, body: exactBody(common.HELLO) }],
  },
  {
    id: 'b',
    title: 'GET small JSON',
    detail: `\`GET /json\` answered with a ${JSON.stringify(common.SMALL_JSON).length}-byte JSON object (\`res.json\`; Fastify with a response schema).`,
    requests: [{ method: 'GET', path: '/json', status: 200, body: jsonBody(common.SMALL_JSON) }],
  },
  {
    id: 'c',
    title: '100 parameterized routes, hit one near the end',
    detail: '100 routes `/route<n>/:id`; `GET /route97/4217` answers with text that includes the parameter.',
    requests: [routingRequest('c')],
  },
  {
    id: 'c-1000',
    title: '1,000 parameterized routes, hit one near the end',
    detail: 'The same with 1,000 routes; `GET /route997/4217`.',
    requests: [routingRequest('c-1000')],
  },
  {
    id: 'c-10000',
    title: '10,000 parameterized routes, hit one near the end',
    detail: 'The same with 10,000 routes; `GET /route9997/4217`.',
    requests: [routingRequest('c-10000')],
  },
  {
    id: 'd',
    title: '10 no-op middleware before the handler',
    detail: 'Ten application-level middleware that only call `next()` (Fastify: `onRequest` hooks), then scenario (a).',
    requests: [{ method: 'GET', path: '/hello', status: 200, body: exactBody(common.HELLO) }],
  },
  {
    id: 'e',
    title: `POST ${(echoBody.length / 1024).toFixed(1)} KB JSON, parsed and echoed`,
    detail: `\`POST /echo\` with a ${echoBody.length}-byte JSON document, parsed by the framework's JSON body parser and sent back as JSON.`,
    requests: [
      { method: 'POST', path: '/echo', headers: jsonHeaders, payload: echoBody, status: 200, body: jsonBody(echoDoc) },
    ],
  },
  {
    id: 'f',
    title: `POST ${(formBody.length / 1024).toFixed(1)} KB urlencoded form, parsed`,
    detail: `\`POST /form\` with a ${formBody.length}-byte form of ${Object.keys(formFields).length} flat fields (Express: \`urlencoded({ extended: true })\`); answers with the field count.`,
    requests: [
      {
        method: 'POST',
        path: '/form',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody,
        status: 200,
        body: jsonBody({ fields: Object.keys(formFields).length, name: formFields.name }),
      },
    ],
  },
  {
    id: 'g',
    title: '10 KB static file',
    detail: '`GET /static/small.txt` from the framework\'s static-file middleware.',
    requests: [{ method: 'GET', path: staticPath(common.STATIC_FILES.small), status: 200, body: fixtureBody(common.STATIC_FILES.small) }],
  },
  {
    id: 'h',
    title: '1 MB static file',
    detail: '`GET /static/large.txt` (1 MiB), streamed from disk.',
    requests: [{ method: 'GET', path: staticPath(common.STATIC_FILES.large), status: 200, body: fixtureBody(common.STATIC_FILES.large) }],
  },
  {
    id: 'i',
    title: 'Realistic app: cookies, JSON parser, 50 routes under /api, error handler',
    detail:
      'A cookie parser and the JSON body parser at application level, a router of 50 routes (GET and POST for ' +
      `${common.API_RESOURCES} resources) mounted at \`/api\`, an error handler; each connection alternates \`GET /api/${apiResource}/42\` ` +
      `and \`POST /api/${apiResource}\` with a ${JSON.stringify(apiItem).length}-byte JSON body, both with a 3-cookie header, ` +
      'answered with `res.json` (201 for the POST).',
    requests: [
      {
        method: 'GET',
        path: `/api/${apiResource}/42`,
        headers: { cookie: cookieHeader },
        status: 200,
        body: jsonBody({ id: '42', resource: apiResource, user: 's3ss10n-0123456789abcdef' }),
      },
      {
        method: 'POST',
        path: `/api/${apiResource}`,
        headers: { cookie: cookieHeader, ...jsonHeaders },
        payload: JSON.stringify(apiItem),
        status: 201,
        body: jsonBody({ created: true, resource: apiResource, user: 's3ss10n-0123456789abcdef', item: apiItem }),
      },
    ],
  },
  {
    id: 'j',
    title: '1,000 routes: start-up time and memory',
    detail: 'In a fresh process: the time to load the framework, then to register the 1,000 routes of (c-1000), listen and answer the first request; RSS and heap after two forced GCs. The same in other fresh processes for an empty app of the framework (no routes), so the memory the 1,000 routes cost shows as a difference.',
    startup: true,
  },
  {
    id: 'k',
    title: '304 on a conditional GET of a static file',
    detail: '`GET /static/small.txt` with `If-None-Match` set to the ETag of a first response (`If-Modified-Since` where the server sends no ETag: Koa); answered 304.',
    async prepare(send) {
      const path = staticPath(common.STATIC_FILES.small);
      const first = await send({ method: 'GET', path });
      // Prefer the ETag (If-None-Match); a server that sends none gets If-Modified-Since.
      const etag = first.headers.etag;
      const lastModified = first.headers['last-modified'];
      let headers;
      if (typeof etag === 'string') headers = { 'if-none-match': etag };
      else if (typeof lastModified === 'string') headers = { 'if-modified-since': lastModified };
      else throw new Error(`GET ${path} answered ${first.status} with neither ETag nor Last-Modified`);
      return [{ method: 'GET', path, headers, status: 304, body: emptyBody }];
    },
  },
];

/** Looks a scenario up by id. */
export function scenarioById(id) {
  return SCENARIOS.find((s) => s.id === id);
}

export const PAYLOAD_SIZES = { echo: echoBody.length, form: formBody.length };
