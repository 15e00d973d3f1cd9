// Types of build-server.mjs, which runs under plain Node (scripts/start.mjs) and is imported by the bench.
import type { Plugin } from 'esbuild';

export const REPO_ROOT: string;
export const SERVER_BUNDLE_DIR: string;
export const SERVER_MAIN: string;
export const SERVER_BENCH_SURFACE: string;
export function newestMtime(target: string): number;
export function buildServer(options?: {
  force?: boolean;
  outdir?: string;
}): Promise<{ built: boolean; ms: number }>;
/** esbuild plugin: bundles the workspace's own packages (`@fairway/*`), leaves the others to node_modules. */
export const ownPackagesOnly: Plugin;
