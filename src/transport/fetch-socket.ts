import { Duplex } from 'node:stream';
import { fetchError } from './fetch-errors';
import { localPortOf, remoteInfo, type RemoteInfo } from './fetch-options';

/** The stream's options, the same for every socket (read by the constructor, never kept). */
const SOCKET_OPTIONS = { allowHalfOpen: true, emitClose: true } as const;

/** What is told of the socket's end: an object (the exchange's state), so no closure is made per request. */
export interface GoneListener {
  gone(error: Error | null): void;
}

/**
 * What `req.socket` and `res.socket` are under `app.fetch`: a stream with the address fields a
 * `net.Socket` has (`remoteAddress`, `encrypted` for an https URL…), so that `req.ip`, `req.secure`,
 * proxy-addr and on-finished read what they read on node:http. There is no connection beneath it:
 * writing to it fails with ERR_PORTICO_FETCH_SOCKET, and destroying it is the client going away
 * (the response is cut, the request aborted), as destroying node's socket is.
 */
export class FetchSocket extends Duplex {
  readonly localAddress: string | undefined = undefined;
  readonly localPort: number | undefined;
  /** Set only for https, as only a TLSSocket has it. */
  declare readonly encrypted?: true;
  /** Told once, as the socket is destroyed (by the app, or because the client went away). */
  onGone: GoneListener | undefined = undefined;
  /** The Request and what its host passed beside it, kept for the first read of the client's address. */
  private readonly hostRequest: Request;
  private readonly hostContext: unknown;
  private remote: RemoteInfo | undefined = undefined;

  constructor(request: Request, url: URL, context: unknown) {
    super(SOCKET_OPTIONS);
    this.localPort = localPortOf(url);
    if (url.protocol === 'https:') (this as { encrypted?: true }).encrypted = true;
    this.hostRequest = request;
    this.hostContext = context;
  }

  /** The client's address, asked of the host on first read (a getter, as on `net.Socket`). */
  get remoteAddress(): string | undefined {
    return this.remoteInfo().remoteAddress;
  }

  get remotePort(): number | undefined {
    return this.remoteInfo().remotePort;
  }

  get remoteFamily(): string | undefined {
    return this.remoteInfo().remoteFamily;
  }

  private remoteInfo(): RemoteInfo {
    if (this.remote === undefined) this.remote = remoteInfo(this.hostRequest, this.hostContext);
    return this.remote;
  }

  override _read(): void {
    // The request's body reaches `req` from the Request, not through here.
  }

  override _write(_chunk: unknown, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    callback(fetchError('ERR_PORTICO_FETCH_SOCKET', 'socket.write'));
  }

  /** Writing bytes to the connection is refused at once, where the app asks for it. */
  override write(...args: unknown[]): boolean {
    void args;
    throw fetchError('ERR_PORTICO_FETCH_SOCKET', 'socket.write');
  }

  /** `end()` alone asks to close the connection after the response: there is none to close. */
  override end(...args: unknown[]): this {
    if (args.length > 0 && args[0] !== undefined && typeof args[0] !== 'function') throw fetchError('ERR_PORTICO_FETCH_SOCKET', 'socket.end with data');
    return this;
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const gone = this.onGone;
    this.onGone = undefined;
    if (gone !== undefined) gone.gone(error);
    // The error, if any, belongs to the request and response; the stand-in itself closes quietly.
    callback(null);
  }

  setTimeout(_ms: number, callback?: () => void): this {
    void callback;
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  address(): { address?: string; port?: number; family?: string } {
    return { port: this.localPort };
  }
}
