// `npm run lint`: eslint, prettier and the three type checks, in two lanes side by side (each lane in order),
// so both cores work: one after the other they took about 2.5 minutes of CI's 30 (docs/decisions.md, CI time).
import { runLanes } from './lanes.mjs';

const ok = await runLanes([
  [
    ['eslint', '.'],
    ['tsc', '-p', 'tsconfig.tools.json'],
  ],
  [
    ['prettier', '--check', '.'],
    ['tsc', '-p', 'tsconfig.node.json'],
    ['tsc', '-p', 'apps/web'],
  ],
]);
process.exit(ok ? 0 : 1);
