/** The slice of a logger the modules use: Fastify's pino logger and `console` both fit. */
export interface Log {
  debug(obj: object, message?: string): void;
  info(obj: object, message?: string): void;
  warn(obj: object, message?: string): void;
  error(obj: object, message?: string): void;
}
