import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * With BENCH_CPU_PROFILE=<folder>, profiles the server's main thread (this process) from now until `stop()` and
 * writes `<folder>/<name>.cpuprofile` (open it in Chrome DevTools, or `node scripts/cpu-profile-top.mjs`).
 * Without it, does nothing: profiling slows the process and would change the figures it sits beside.
 */
export async function startCpuProfile(name: string): Promise<{ stop(): Promise<void> }> {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) return { stop: async () => {} };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    },
  };
}
