import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** Failures worth another try: no answer, a timeout or a server fault. A 4xx will not change by retrying. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.kind === 'http' && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
