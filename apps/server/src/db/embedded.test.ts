import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { removeStalePid, socketFolder } from './embedded';

/** The stale-pid cleanup of the embedded database, against real processes (no PostgreSQL needed). */
const log = pino({ level: 'silent' });
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function dataDirWithPidFile(pid: number): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-pg-pid-'));
  // postmaster.pid: pid, data directory, start time, port, …
  await fs.writeFile(path.join(dir, 'postmaster.pid'), `${pid}\n${dir}\n1700000000\n5488\n`);
  return dir;
}

function started(command: string, args: string[], cwd: string, argv0?: string): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd, stdio: 'ignore', ...(argv0 ? { argv0 } : {}) });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

describe('removeStalePid', () => {
  it('leaves alone an unrelated process whose pid a stale postmaster.pid names, and removes the file', async () => {
    const sleeper = await started('sleep', ['60'], os.tmpdir());
    const dir = await dataDirWithPidFile(sleeper.pid!);
    await removeStalePid(dir, log);
    expect(alive(sleeper.pid!)).toBe(true);
    await expect(fs.stat(path.join(dir, 'postmaster.pid'))).rejects.toThrow();
  });

  it('leaves alone a postgres of another data directory', async () => {
    const elsewhere = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-pg-other-'));
    const other = await started('sleep', ['60'], elsewhere, 'postgres');
    const dir = await dataDirWithPidFile(other.pid!);
    await removeStalePid(dir, log);
    expect(alive(other.pid!)).toBe(true);
  });

  it("stops this data directory's postgres left running by an earlier start", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-pg-ours-'));
    // A stand-in with PostgreSQL's marks: named postgres, working in the data directory; SIGINT ends it.
    const ours = await started('sleep', ['60'], dir, 'postgres');
    await fs.writeFile(path.join(dir, 'postmaster.pid'), `${ours.pid}\n${dir}\n`);
    const exited = new Promise((resolve) => ours.once('exit', resolve));
    await removeStalePid(dir, log);
    await exited;
    await expect(fs.stat(path.join(dir, 'postmaster.pid'))).rejects.toThrow();
  });
});

describe("the server's way to the embedded database", () => {
  it('is the Unix socket in the data directory, or loopback TCP when its path would not fit in sockaddr_un', () => {
    expect(socketFolder('/work/data/pg', 5432)).toBe('/work/data/pg');
    expect(socketFolder(`/${'d'.repeat(100)}/pg`, 5432)).toBeNull();
  });

  it("is the socket for the suite's own embedded database (TCP for a DATABASE_URL on a host)", async () => {
    const external = process.env.DATABASE_URL;
    const client = new pg.Client(inject('databaseUrl'));
    await client.connect();
    try {
      const { rows } = await client.query<{ socket: boolean }>('select inet_server_addr() is null as socket');
      // inet_server_addr() is null on a Unix socket connection.
      expect(rows[0]!.socket).toBe(!external || new URL(external).hostname.startsWith('%2F'));
    } finally {
      await client.end();
    }
  });
});
