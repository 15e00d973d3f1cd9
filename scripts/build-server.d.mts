// Types of build-server.mjs, which runs under plain Node (scripts/start.mjs) and is imported by the bench.
export const SERVER_BUNDLE_DIR: string;
export const SERVER_MAIN: string;
export const SERVER_BENCH_SURFACE: string;
export function newestMtime(target: string): number;
export function buildServer(options?: {
  force?: boolean;
  outdir?: string;
}): Promise<{ built: boolean; ms: number }>;
