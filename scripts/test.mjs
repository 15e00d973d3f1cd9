// `npm test`: lint, the unit lanes, then the browser flows. The web app the browser flows run on is built in
// the unit lane that finishes first (the server one), so the end-to-end run does not wait for the build
// (docs/decisions.md, CI time). Stops at the first failing stage, as `a && b && c` would.
import { spawnSync } from 'node:child_process';
import { runLanes } from './lanes.mjs';
import { unitLanes } from './unit-lanes.mjs';

const npm = (...args) => spawnSync('npm', args, { stdio: 'inherit' }).status === 0;

if (!npm('run', 'lint')) process.exit(1);
const [beside, web] = unitLanes();
if (!(await runLanes([[...beside, ['npm', 'run', 'build', '-w', '@fairway/web']], web]))) process.exit(1);
process.exit(npm('run', 'test:e2e') ? 0 : 1);
