import type pg from 'pg';

/**
 * Runs `fn` in one transaction on one connection. Reads see one snapshot, so a roll-up committing in the
 * middle of an answer cannot make a day count twice or not at all. JIT compilation is off: PostgreSQL
 * plans a day of a fleet's positions as costly enough to compile, and compiling took longer (0.1–2 s)
 * than running the index scans it was meant to speed up.
 */
export async function historyTransaction<T>(
  pool: pg.Pool,
  access: 'read' | 'write',
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(access === 'read' ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
    await client.query('SET LOCAL jit = off');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error('rollback failed');
    });
    throw error;
  } finally {
    // A connection that could not even roll back is not handed out again.
    client.release(broken);
  }
}
