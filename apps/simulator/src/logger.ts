/**
 * The logging the simulator needs, in pino's argument order (details first, then the message), so the
 * server can hand in its pino logger (or a child of it) as it is.
 */
export interface Logger {
  debug(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

/** Warnings and errors to stderr; what a library should do when nobody passed a logger. */
export const consoleLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};
