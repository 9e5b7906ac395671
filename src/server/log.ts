import pino, { type DestinationStream } from 'pino';

/** The slice of a logger the modules use: Fastify's pino logger and `console` both fit. */
export interface Log {
  debug(obj: object, message?: string): void;
  info(obj: object, message?: string): void;
  warn(obj: object, message?: string): void;
  error(obj: object, message?: string): void;
}

/** Where the app's log goes: a level and a stream taking whole lines (standard output, or a test's capture). */
export interface LogTarget {
  level: string;
  stream: DestinationStream;
}

/**
 * Standard output without a blocking write per line: lines gather up to 4 KB, or for at most a second.
 * pino writes what is left synchronously when the process exits, a crash included; only a killed
 * process (SIGKILL) loses that second.
 */
export function standardOutput(): DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
}
