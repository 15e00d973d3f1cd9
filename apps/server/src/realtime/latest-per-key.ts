/**
 * Runs `work(key)` for one key at a time. Calls that arrive while it runs fold into one more run after it,
 * so the last run always starts after the last call: a push that read the database before a later change
 * can never arrive after the push of that change.
 */
export function latestPerKey(
  work: (key: string) => Promise<void>,
  onError: (error: unknown, key: string) => void,
): (key: string) => void {
  /** keys being worked on → whether another call came in meanwhile */
  const running = new Map<string, boolean>();
  const loop = async (key: string) => {
    do {
      running.set(key, false);
      await work(key).catch((error: unknown) => onError(error, key));
    } while (running.get(key));
    running.delete(key);
  };
  return (key) => {
    if (running.has(key)) running.set(key, true);
    else void loop(key);
  };
}
