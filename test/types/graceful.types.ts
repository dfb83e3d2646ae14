// portico/graceful: the options, the returned object, and a readiness handler that fits a route.
import portico from '../../src/index';
import { graceful, type Graceful } from '../../src/server/graceful';
import { check, type Equal } from './assert-type';

const app = portico();
const server = app.listen(0);
const shutdown: Graceful = graceful(server, { timeout: 5000, readinessDelay: 1000, signals: ['SIGTERM'], onShutdown: async () => {}, clusterLinger: 0 });
app.get('/readyz', shutdown.readiness);
check<Equal<ReturnType<typeof shutdown.shutdown>, Promise<void>>>();
check<Equal<typeof shutdown.draining, boolean>>();
// @ts-expect-error: signals are signal names
graceful(server, { signals: ['TERM'] });
// @ts-expect-error: onShutdown takes no argument that it would be given
graceful(server, { onShutdown: (code: number) => code });
