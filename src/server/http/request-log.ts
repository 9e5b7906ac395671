import { hostname } from 'node:os';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/** Where the app's log goes: a level and a stream taking whole lines (standard output, or a test's capture). */
export interface LogTarget {
  level: string;
  stream: DestinationStream;
}

const INFO = pino.levels.values.info ?? 30;

/**
 * A destination that gathers the lines written during one turn of the event loop and hands them to
 * the stream behind it as one write, at the end of the turn. Under load a turn answers several
 * requests; the stream then counts, copies and queues one string instead of two per request. The
 * order of lines is kept (every line of the app goes through here), and what is gathered is handed
 * on synchronously when the process exits, before pino's own flush of the stream, so a crash loses
 * nothing more than before.
 */
export class LinesPerTurn implements DestinationStream {
  private pending = '';
  private scheduled = false;
  private readonly handOn = () => {
    this.scheduled = false;
    this.flush();
  };

  constructor(private readonly stream: DestinationStream) {
    process.prependListener('exit', () => this.flush());
  }

  write(line: string): void {
    this.pending += line;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.handOn);
    }
  }

  /** Hands on what is gathered now. */
  flush(): void {
    if (this.pending === '') return;
    const lines = this.pending;
    this.pending = '';
    this.stream.write(lines);
  }
}

/** A JSON member, or nothing when the value is undefined (as JSON.stringify and pino leave it out). */
function member(name: string, value: string | number | undefined): string {
  return value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`;
}

/**
 * A string member whose value is mostly the one before (the shop's host, a client's address, a URL
 * asked for again and again): encoded once and kept while the value stays the same.
 */
class RepeatedMember {
  private value: string | undefined;
  private encoded = '';

  constructor(private readonly name: string) {}

  of(value: string | undefined): string {
    if (value !== this.value) {
      this.value = value;
      this.encoded = member(this.name, value);
    }
    return this.encoded;
  }
}

/**
 * Fastify's two lines per request, "incoming request" and "request completed", written straight to the
 * log's stream, byte for byte the lines pino writes for them (the same members in the same order, the
 * same `pid` and `hostname`), without the per-request child logger, serializers and generic encoding
 * that made them a large share of a cached answer's cost (docs/decisions/0021-per-request-work-done-once.md).
 * Every other line (failures, 404s, what a handler logs through `request.log`) still goes through pino.
 */
export class RequestLines extends LogController {
  private readonly base: string;
  private readonly url = new RepeatedMember('url');
  private readonly host = new RepeatedMember('host');
  private readonly remoteAddress = new RepeatedMember('remoteAddress');
  /** The start of a line, kept for the millisecond it was made in (many lines share one under load). */
  private startMs = -1;
  private start = '';

  constructor(
    private readonly logger: pino.Logger,
    private readonly stream: DestinationStream,
  ) {
    super();
    this.base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  }

  /** Whether request lines are written at the logger's level now (it can change while the shop runs). */
  private get on(): boolean {
    return this.logger.levelVal <= INFO;
  }

  private line(id: string, rest: string): void {
    const now = Date.now();
    if (now !== this.startMs) {
      this.startMs = now;
      this.start = `{"level":${INFO},"time":${now}${this.base}`;
    }
    this.stream.write(`${this.start}${member('reqId', id)}${rest}}\n`);
  }

  /** The "incoming request" line, from the request's own values (an answer sent before Fastify has no Fastify request). */
  incoming(
    id: string,
    method: string,
    url: string,
    version: string | undefined,
    host: string | undefined,
    ip: string | undefined,
    port: number | undefined,
  ): void {
    if (!this.on) return;
    this.line(
      id,
      `,"req":{"method":${JSON.stringify(method)}${this.url.of(url)}${member('version', version)}${this.host.of(host)}${this.remoteAddress.of(ip)}${member('remotePort', port)}},"msg":"incoming request"`,
    );
  }

  /** The "request completed" line of an answer sent without an error. */
  completed(id: string, statusCode: number, responseTimeMs: number): void {
    if (!this.on) return;
    this.line(id, `,"res":{"statusCode":${statusCode}},"responseTime":${responseTimeMs},"msg":"request completed"`);
  }

  override incomingRequest(request: FastifyRequest): void {
    const version = request.headers['accept-version'];
    this.incoming(
      request.id,
      request.method,
      request.url,
      typeof version === 'string' ? version : undefined,
      request.host,
      request.ip,
      request.socket?.remotePort,
    );
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    this.completed(request.id, reply.statusCode, reply.elapsedTime);
  }
}

/**
 * A request's logger, made only when something logs through it: most requests log nothing but their
 * two lines (written by RequestLines), and a pino child per request costs more than the answer.
 */
class RequestLogger {
  private made: pino.Logger | undefined;

  constructor(
    private readonly parent: pino.Logger,
    private readonly bindings: pino.Bindings,
  ) {}

  private get logger(): pino.Logger {
    this.made ??= this.parent.child(this.bindings);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(...args: unknown[]): void {
    this.logger.fatal(...(args as Parameters<pino.LogFn>));
  }
  error(...args: unknown[]): void {
    this.logger.error(...(args as Parameters<pino.LogFn>));
  }
  warn(...args: unknown[]): void {
    this.logger.warn(...(args as Parameters<pino.LogFn>));
  }
  info(...args: unknown[]): void {
    this.logger.info(...(args as Parameters<pino.LogFn>));
  }
  debug(...args: unknown[]): void {
    this.logger.debug(...(args as Parameters<pino.LogFn>));
  }
  trace(...args: unknown[]): void {
    this.logger.trace(...(args as Parameters<pino.LogFn>));
  }
  silent(): void {}

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a lazy child, unless the route asks for a level or serializers of its own. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: pino.Bindings,
  options: pino.ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new RequestLogger(logger as pino.Logger, bindings) as unknown as FastifyBaseLogger;
}
