import { IncomingMessage } from 'node:http';
import type { Application } from '../application/application';
import type { PorticoResponse } from '../response/response';
import type { Route } from '../router/route';
import type { NextFunction } from '../router/types';

/**
 * The request class. When Portico creates the server it passes this class to node:http,
 * so requests are born with the right prototype; a foreign server's requests get it once
 * on entry. Concern files (hostname, negotiation, freshness, …) add their members here.
 */
export class PorticoRequest extends IncomingMessage {
  declare app: Application;
  declare res: PorticoResponse;
  declare next: NextFunction;
  declare baseUrl: string;
  declare originalUrl: string;
  declare params: Record<string, string>;
  declare route: Route | undefined;
  declare body: unknown;
}
