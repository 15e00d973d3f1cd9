// `npm run test:unit`: the server files (one at a time, mostly waiting on PostgreSQL and the broker) and the
// fault files run beside the web, domain and simulator files (which keep the cores busy): two Vitest runs side
// by side instead of one project group after the other (docs/decisions.md, CI time). Arguments go to both.
import config from '../vitest.config.ts';
import { runLanes } from './lanes.mjs';

const BESIDE = ['server', 'faults'];
const names = config.test.projects.map((project) => project.test.name);
const rest = names.filter((name) => !BESIDE.includes(name));
const vitest = (projects) => [
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  ...process.argv.slice(2),
];
const ok = await runLanes([[vitest(BESIDE)], [vitest(rest)]]);
process.exit(ok ? 0 : 1);
