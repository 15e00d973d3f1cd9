import fs from 'node:fs';

/**
 * CPU time (ms) spent by the server's threads and by the processes it works with. Rates in msg/s swing 40 %
 * between runs of the same code on this machine (a busy neighbour, the relay moving against the server);
 * the CPU a message or a command costs swings far less, so it is what tells two versions apart.
 */
export interface CpuSplit {
  /** The server's event loop: MQTT parsing, validation, the writer, presenting, Socket.IO, HTTP. */
  mainThread: number;
  /** The embedded broker's worker thread (0 with an external broker). */
  brokerThread: number;
  /** V8's helper threads of both isolates: concurrent and parallel garbage collection, background compiling. */
  v8Threads: number;
  /** The server process's other threads: libuv's pool (files, crypto, DNS), the inspector. */
  otherThreads: number;
  /** The embedded PostgreSQL: its postmaster and every backend and helper under it. */
  postgres: number;
  /** An external Mosquitto on this machine (0 with the embedded broker). */
  mosquitto: number;
}

/** Linux's clock tick (`getconf CLK_TCK`): /proc reports CPU time in hundredths of a second. */
const TICK_MS = 10;

/** utime + stime of one /proc stat line, in ms; the name in parentheses may hold spaces, so parse after it. */
function statCpuMs(stat: string): { ms: number; ppid: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state (0), ppid (1), … utime (11), stime (12).
  return { ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS, ppid: Number(fields[1]) };
}

const read = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    // A thread or backend that ended between listing and reading.
    return null;
  }
};

const numeric = (dir: string) => fs.readdirSync(dir).filter((name) => /^\d+$/.test(name));

/**
 * The CPU used so far by this process's threads (by name) and by the PostgreSQL whose data directory lies
 * under `dataDir`, and any Mosquitto. A backend that ended between two readings takes its time with it;
 * the pool keeps its connections, so that is rare.
 */
export function readCpu(dataDir: string): CpuSplit {
  const split: CpuSplit = {
    mainThread: 0,
    brokerThread: 0,
    v8Threads: 0,
    otherThreads: 0,
    postgres: 0,
    mosquitto: 0,
  };
  for (const tid of numeric('/proc/self/task')) {
    const stat = read(`/proc/self/task/${tid}/stat`);
    if (stat === null) continue;
    const { ms } = statCpuMs(stat);
    const name = (read(`/proc/self/task/${tid}/comm`) ?? '').trim();
    if (Number(tid) === process.pid) split.mainThread += ms;
    else if (name === 'mqtt-broker') split.brokerThread += ms;
    else if (name === 'V8Worker' || name === 'DelayedTaskSche') split.v8Threads += ms;
    else split.otherThreads += ms;
  }
  const postgres: Array<{ pid: number; ppid: number; ms: number; args: string }> = [];
  for (const pid of numeric('/proc')) {
    const comm = (read(`/proc/${pid}/comm`) ?? '').trim();
    if (comm !== 'postgres' && comm !== 'mosquitto') continue;
    const stat = read(`/proc/${pid}/stat`);
    if (stat === null) continue;
    const { ms, ppid } = statCpuMs(stat);
    if (comm === 'mosquitto') split.mosquitto += ms;
    else postgres.push({ pid: Number(pid), ppid, ms, args: read(`/proc/${pid}/cmdline`) ?? '' });
  }
  const postmaster = postgres.find((p) => p.args.includes(dataDir));
  for (const p of postgres) if (p === postmaster || p.ppid === postmaster?.pid) split.postgres += p.ms;
  return split;
}

/** The CPU time (ms) processes `pids` used so far (the bench's load processes); an ended one counts 0. */
export function processesCpuMs(pids: readonly number[]): number {
  let ms = 0;
  for (const pid of pids) {
    const stat = read(`/proc/${pid}/stat`);
    if (stat !== null) ms += statCpuMs(stat).ms;
  }
  return ms;
}

export function cpuSince(before: CpuSplit, after: CpuSplit): CpuSplit {
  return {
    mainThread: after.mainThread - before.mainThread,
    brokerThread: after.brokerThread - before.brokerThread,
    v8Threads: after.v8Threads - before.v8Threads,
    otherThreads: after.otherThreads - before.otherThreads,
    postgres: after.postgres - before.postgres,
    mosquitto: after.mosquitto - before.mosquitto,
  };
}

/** `cpu` spread over `count` units (messages, commands), times `per` (1,000 messages), rounded to 0.1 ms. */
export function cpuPer(cpu: CpuSplit, count: number, per = 1): CpuSplit {
  const each = (ms: number) => (count > 0 ? Math.round(((ms * per) / count) * 10) / 10 : 0);
  return {
    mainThread: each(cpu.mainThread),
    brokerThread: each(cpu.brokerThread),
    v8Threads: each(cpu.v8Threads),
    otherThreads: each(cpu.otherThreads),
    postgres: each(cpu.postgres),
    mosquitto: each(cpu.mosquitto),
  };
}

export const cpuTotal = (cpu: CpuSplit) =>
  cpu.mainThread + cpu.brokerThread + cpu.v8Threads + cpu.otherThreads + cpu.postgres + cpu.mosquitto;
