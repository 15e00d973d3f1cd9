import { fork, type ChildProcess } from 'node:child_process';

/** A load process (TypeScript run through tsx) with typed messages both ways. */
export class Child<Command, Report extends { type: string }> {
  private readonly process: ChildProcess;
  private readonly listeners = new Set<(report: Report) => void>();

  constructor(file: string) {
    this.process = fork(file, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.process.on('message', (message) => {
      for (const listener of this.listeners) listener(message as Report);
    });
  }

  /** The load process's pid (its CPU time is read from /proc). */
  get pid(): number {
    return this.process.pid ?? 0;
  }

  send(command: Command): void {
    this.process.send(command as object);
  }

  on(listener: (report: Report) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The next report of `type`, or a failure after `timeoutMs`. */
  next<T extends Report['type']>(type: T, timeoutMs = 60_000): Promise<Extract<Report, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`no "${type}" from ${this.process.spawnfile} within ${timeoutMs} ms`));
      }, timeoutMs);
      const off = this.on((report) => {
        if (report.type !== type) return;
        clearTimeout(timer);
        off();
        resolve(report as Extract<Report, { type: T }>);
      });
    });
  }

  async exit(command: Command): Promise<void> {
    if (this.process.exitCode !== null) return;
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.send(command);
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
