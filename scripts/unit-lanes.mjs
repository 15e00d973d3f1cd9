// The two Vitest runs of `npm run test:unit`, side by side (docs/decisions.md, CI time): the server files (one at
// a time, mostly waiting on PostgreSQL and the broker), the fault files, and before them the quick domain and
// simulator files, in one lane; the web files, which keep the cores busy, in the other. `args` go to both.
import config from '../vitest.config.ts';

const BESIDE_WEB = ['domain', 'simulator', 'server', 'faults'];

export function unitLanes(args = []) {
  const names = config.test.projects.map((project) => project.test.name);
  const vitest = (projects) => [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    ...args,
  ];
  return [[vitest(BESIDE_WEB)], [vitest(names.filter((name) => !BESIDE_WEB.includes(name)))]];
}
