import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** Failures worth another try: no answer, a timeout or a server fault. A 4xx will not change by retrying. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.kind === 'http' && error.status < 500) return false;
  return failureCount < 2;
}

// Vitest runs in mode 'test': the suite checks which failures are tried again, and the back-off between the
// tries (1 s, then 2 s) would only keep the CPU idle, minutes per run in all. Builds drop this branch.
const noBackOffInTests = import.meta.env.MODE === 'test' ? { retryDelay: 0 } : {};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, ...noBackOffInTests },
      mutations: { retry: false },
    },
  });
}
