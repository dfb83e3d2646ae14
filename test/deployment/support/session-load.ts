import type http from 'node:http';
import type { Nginx } from './services';
import { clientAgent, viaNginx } from './proxy-client';

// A load generator on loopback, bounded in requests and in time: `clients` users, each on its
// own keep-alive HTTPS connection to nginx, each with its own session, each changing it request
// after request (POST /count). A response must be 200 and show the count one above the last one
// this user saw, in the same session: anything else is a failure, and a lost session.

export interface LoadOptions {
  clients: number;
  /** Stop after this many requests in all… */
  maxRequests: number;
  /** …or after this long (ms), whichever comes first. */
  maxMs: number;
  /** Stop this long (ms) after `until` resolves. */
  until: Promise<unknown>;
  afterMs: number;
  /** The set to add each answering worker's pid to, for a caller that acts once given workers have served. */
  pids?: Set<number>;
}

export interface LoadResult {
  requests: number;
  failures: string[];
  sessions: number;
  /** Sessions that kept their id and every change through the run, checked again at the end. */
  sessionsKept: number;
  pids: Set<number>;
  durationMs: number;
  /** Why the run stopped: 'done' (until + afterMs), 'max requests' or 'max time'. */
  stoppedBy: string;
}

interface Counted {
  count: number;
  sid: string;
  pid: number;
}

export async function runSessionLoad(nginx: Nginx, options: LoadOptions): Promise<LoadResult> {
  const started = Date.now();
  const failures: string[] = [];
  const pids = options.pids ?? new Set<number>();
  let requests = 0;
  let stoppedBy = '';
  const stop = (why: string) => (stoppedBy ||= why);
  void options.until.then(
    () => setTimeout(() => stop('done'), options.afterMs),
    (err: Error) => stop(`until failed: ${err.message}`),
  );
  const timer = setTimeout(() => stop('max time'), options.maxMs);

  async function user(n: number): Promise<boolean> {
    const agent: http.Agent = clientAgent(nginx, true);
    let cookie = '';
    let sid = '';
    let count = 0;
    let kept = true;
    try {
      while (!stoppedBy) {
        if (requests >= options.maxRequests) {
          stop('max requests');
          break;
        }
        requests++;
        // One request in four stays in flight 100 ms: some are always mid-way when a worker drains.
        const path = requests % 4 === 0 ? '/count?delay=100' : '/count';
        try {
          const r = await viaNginx(nginx, { tls: true, method: 'POST', path, agent, headers: cookie ? { cookie } : {} });
          if (r.status !== 200) throw new Error(`status ${r.status}: ${r.text.slice(0, 200)}`);
          const body = JSON.parse(r.text) as Counted;
          pids.add(body.pid);
          const setCookie = r.headers['set-cookie']?.[0];
          if (!cookie) {
            if (!setCookie) throw new Error('no session cookie on the first response');
            cookie = setCookie.split(';')[0];
            sid = body.sid;
          }
          if (body.sid !== sid || body.count !== count + 1) {
            kept = false;
            failures.push(`user ${n}: expected count ${count + 1} in ${sid}, got ${body.count} in ${body.sid} (worker ${body.pid})`);
          }
          count = body.count;
        } catch (err) {
          kept = false;
          failures.push(`user ${n}: ${(err as Error).message}`);
        }
      }
      // Read the session once more on a new connection: nothing written was lost.
      const last = await viaNginx(nginx, { tls: true, path: '/count', headers: { cookie } });
      const body = JSON.parse(last.text) as Counted;
      if (body.sid !== sid || body.count !== count) {
        failures.push(`user ${n}: at the end, count ${body.count} in ${body.sid}, expected ${count} in ${sid}`);
        return false;
      }
      return kept && count > 0;
    } finally {
      agent.destroy();
    }
  }

  const kept = await Promise.all(Array.from({ length: options.clients }, (_, i) => user(i)));
  clearTimeout(timer);
  return {
    requests,
    failures,
    sessions: options.clients,
    sessionsKept: kept.filter(Boolean).length,
    pids,
    durationMs: Date.now() - started,
    stoppedBy,
  };
}
