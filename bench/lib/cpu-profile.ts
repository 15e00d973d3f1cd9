import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

interface Profiling {
  stop(): Promise<void>;
}

const nothing: Profiling = { stop: async () => {} };

async function write(folder: string, file: string, data: unknown): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, file), JSON.stringify(data));
}

/**
 * With BENCH_CPU_PROFILE=<folder>, profiles the server's main thread (this process) from now until `stop()` and
 * writes `<folder>/<name>.cpuprofile` (open it in Chrome DevTools, or `node scripts/cpu-profile-top.mjs`).
 * With BENCH_HEAP_PROFILE=<folder>, samples where the main thread allocates instead (what the garbage
 * collector then has to clear) and writes `<folder>/<name>.heapprofile` (`node scripts/heap-profile-top.mjs`).
 * Without them, does nothing: profiling slows the process and would change the figures it sits beside.
 */
export async function startCpuProfile(name: string): Promise<Profiling> {
  const cpuFolder = process.env.BENCH_CPU_PROFILE;
  const heapFolder = process.env.BENCH_HEAP_PROFILE;
  if (!cpuFolder && !heapFolder) return nothing;
  const session = new Session();
  session.connect();
  if (cpuFolder) {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
  }
  if (heapFolder) {
    await session.post('HeapProfiler.enable');
    // Objects collected before the profile stops count too: garbage is what this profile is for.
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  return {
    async stop() {
      if (cpuFolder) {
        const { profile } = await session.post('Profiler.stop');
        await write(cpuFolder, `${name}.cpuprofile`, profile);
      }
      if (heapFolder) {
        const { profile } = await session.post('HeapProfiler.stopSampling');
        await write(heapFolder, `${name}.heapprofile`, profile);
      }
      session.disconnect();
    },
  };
}
