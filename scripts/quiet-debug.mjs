// Preloaded by `npm start` (`--import=./scripts/quiet-debug.mjs`, in every thread: a worker inherits the flag),
// before any package loads. Unless `DEBUG` is set, the `debug` package's loggers for namespaces that are off
// become empty functions. The package's own logger builds its argument array before it checks whether it is
// on, and mqtt-packet's parser calls it about ten times per MQTT packet: 0.77 KB of garbage per cart report
// in the server's thread, and as much again in the embedded broker's (docs/performance.md, issue 22). With
// `DEBUG` set, nothing changes. A namespace turned on later by `debug.enable()` stays off in modules that made
// their logger before: set `DEBUG` at start instead.
import { createRequire } from 'node:module';

if (!process.env.DEBUG) {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('debug');
  const createDebug = require('debug');
  const off = () => undefined;

  /** A logger that is off: called with anything, it allocates nothing and writes nothing. */
  const quietLogger = (namespace) => {
    const logger = function debug() {};
    Object.assign(logger, {
      namespace,
      enabled: false,
      quiet: true,
      useColors: false,
      color: 0,
      diff: 0,
      log: off,
      destroy: () => false,
      extend: (sub, delimiter = ':') => quietDebug(`${namespace}${delimiter}${sub}`),
    });
    return logger;
  };
  const quietDebug = (namespace) =>
    createDebug.enabled(namespace) ? createDebug(namespace) : quietLogger(namespace);
  // The package's functions and settings (enable, disable, coerce, formatters, …) stay reachable through it.
  Object.assign(quietDebug, createDebug, { debug: quietDebug, default: quietDebug });
  // Every later `require('debug')` and `import 'debug'` of this copy gets it from the module cache.
  require.cache[entry].exports = quietDebug;
}
