/**
 * The logging the simulator needs: message first, details second (for pino, wrap it as
 * `(message, details) => log.info(details ?? {}, message)`).
 */
export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
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
  warn: (message, details) => console.warn(message, details ?? ''),
  error: (message, details) => console.error(message, details ?? ''),
};
