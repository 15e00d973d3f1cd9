import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { isAbort } from '../api/http';

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads what `key` names (null: nothing) and keeps the answer or the error; a new key or `reload` loads
 * again, cancelling the previous request. The small stand-in for a query library in the guest bundle.
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ token: string; data?: T; error?: unknown } | null>(null);
  const token = key === null ? null : `${key}#${attempt}`;
  const run = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    if (token === null) return;
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ token, data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !isAbort(error)) setResult({ token, error });
      },
    );
    return () => controller.abort();
  }, [token]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const current = result !== null && result.token === token ? result : null;
  return {
    data: current?.data,
    error: current?.error,
    loading: token !== null && current === null,
    reload,
  };
}
