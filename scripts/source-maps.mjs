// Loaded after tsx when the bench runs from its TypeScript (`tsx bench/run.ts`; `npm run bench` runs a bundle without
// tsx, scripts/bench.mjs). The bench runs the server's bundle in its own process (bench/lib/server-bundle.ts):
// `npm start` runs that bundle without source maps (docs/decisions.md, "The server runs from a bundle"), and tsx
// turns source maps on for everything when it registers, which would parse and keep the bundle's maps and bias
// the bench's memory figures. Traces of the bench's own TypeScript then point into tsx's output.
import module from 'node:module';

module.setSourceMapsSupport(false);
