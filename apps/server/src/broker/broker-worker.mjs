// The embedded broker's worker thread starts here. A worker does not share the loader that runs the
// server's TypeScript (tsx under `npm start`, Vite's transform under Vitest), so it registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./broker-worker.ts');
