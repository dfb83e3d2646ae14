import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import legacy from '../../src/legacy/index';
import { withServer, send } from '../helpers/server';
import { until } from '../helpers/wait-for';

/** What the logger writes for one request; `logs` false: the line expected is none. */
async function logged(options: Parameters<typeof legacy.logger>[0] & object, path = '/x?y=1', logs = true) {
  let out = '';
  const app = legacy();
  app.use(legacy.logger({ ...options, stream: { write: (line: string) => (out += line) } }));
  app.get('/x', (_req: any, res: any) => res.send('hello'));
  await withServer(app, async ({ port }) => {
    await send(port, { path, headers: { referer: 'http://r/', 'user-agent': 'UA', 'x-a': 'aa' } });
    // The line is written when the response is done on the server's side.
    if (logs) await until(() => out !== '', 'the log line').catch(() => undefined);
    // A window for a line that should not be written (absence has no event to wait for).
    else await new Promise((r) => setTimeout(r, 20));
  });
  return out;
}

describe('legacy logger([format | options])', () => {
  it('writes the default format when the response is done', async () => {
    const line = await logged({});
    assert.match(line, /^\S+ - - \[\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT\] "GET \/x\?y=1 HTTP\/1\.1" 200 5 "http:\/\/r\/" "UA"\n$/);
  });

  it('has the tiny, short, common and dev formats', async () => {
    assert.match(await logged({ format: 'tiny' }), /^GET \/x\?y=1 200 5 - \d+\.\d{3} ms\n$/);
    assert.match(await logged({ format: 'short' }), /^\S+ - GET \/x\?y=1 HTTP\/1\.1 200 5 - \d+\.\d{3} ms\n$/);
    assert.match(await logged({ format: 'common' }), /\] "GET \/x\?y=1 HTTP\/1\.1" 200 5\n$/);
    const esc = String.fromCharCode(27);
    const dev = (await logged({ format: 'dev' }, '/missing')).split(esc).join('ESC');
    assert.match(dev, /^ESC\[0mGET \/missing ESC\[33m404 ESC\[0m\d+\.\d{3} ms - 20ESC\[0m\n$/);
  });

  it('compiles format strings of tokens, "-" for missing values; immediate logs on arrival', async () => {
    assert.equal(await logged({ format: ':method :url :status :req[x-a] :req[x-none] :http-version :referrer' }), 'GET /x?y=1 200 aa - 1.1 http://r/\n');
    assert.equal(await logged({ format: ':method :status :res[content-length]', immediate: true }), 'GET - -\n');
  });

  it('takes custom tokens and formats, and a skip function', async () => {
    legacy.logger.token('hello', () => 'hi');
    legacy.logger.format('greeting', ':hello :method');
    assert.equal(await logged({ format: 'greeting' }), 'hi GET\n');
    assert.equal(await logged({ format: 'tiny', skip: () => true }, '/x?y=1', false), '');
  });
});
