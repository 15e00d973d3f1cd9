import { describe, expect, it } from 'vitest';
import { latestPerKey } from './latest-per-key';

describe('latestPerKey', () => {
  it('runs one key at a time and folds calls made meanwhile into one more run', async () => {
    const runs: string[] = [];
    let release: () => void = () => undefined;
    const push = latestPerKey(
      async (key) => {
        runs.push(key);
        if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      () => undefined,
    );
    push('a');
    push('a');
    push('a');
    push('b');
    expect(runs).toEqual(['a', 'b']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toEqual(['a', 'b', 'a']);
  });

  it('keeps going after a failed run, and reports it', async () => {
    const errors: string[] = [];
    let calls = 0;
    const push = latestPerKey(
      async () => {
        calls++;
        if (calls === 1) throw new Error('database gone');
      },
      (error, key) => errors.push(`${key}: ${(error as Error).message}`),
    );
    push('a');
    await new Promise((resolve) => setTimeout(resolve, 10));
    push('a');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(errors).toEqual(['a: database gone']);
    expect(calls).toBe(2);
  });
});
