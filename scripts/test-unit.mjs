// `npm run test:unit`: every Vitest project, in two lanes side by side (scripts/unit-lanes.mjs).
import { runLanes } from './lanes.mjs';
import { unitLanes } from './unit-lanes.mjs';

process.exit((await runLanes(unitLanes(process.argv.slice(2)))) ? 0 : 1);
