import { scheduledLockDue, type CommandSource } from '@fairway/domain';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { AuthService } from '../modules/auth/auth.service';
import type { HistoryRollup } from '../modules/history/history.rollup';
import type { CommandsService } from '../modules/commands/commands.service';
import type { JobRunner } from './job-runner';
import {
  autoLockCandidates,
  roundTimeoutCandidates,
  sitesWithScheduledLock,
  unlockedCartsOf,
  type LockCandidate,
} from './lock-candidates';

/** How often each recurring job runs. */
export const CART_JOB_INTERVALS_MS = {
  'auto-lock': 30_000,
  'round-timeout': 30_000,
  'scheduled-lock': 30_000,
  'command-expiry': 5_000,
  'owed-locks': 5_000,
  'auth-prune': 24 * 60 * 60_000,
  'history-rollup': 15 * 60_000,
} as const;

export type CartJobKind = keyof typeof CART_JOB_INTERVALS_MS;

/** The part of the ride lifecycle the round timeout needs. */
export interface RoundTimeoutRides {
  /** Ends confirmed open rides older than their site's round timeout; answers how many. */
  endOverdueRounds(): Promise<number>;
}

export interface CartJobDeps {
  db: Db;
  commands: CommandsService;
  log: Logger;
  /**
   * The ride lifecycle (`ctx.rides.lifecycle`): with it the round timeout also ends rides on locked or
   * offline carts. Without it only unlocked carts are locked, and their acknowledgement ends their rides.
   */
  rides?: RoundTimeoutRides;
  auth: Pick<AuthService, 'pruneExpiredSessions'>;
  historyRollup: Pick<HistoryRollup, 'run'>;
}

/**
 * The server's own recurring work on carts and housekeeping, as durable jobs (one row each, run once
 * across instances): auto-lock, round timeout and the scheduled lock (spec §3/§4), ending commands nobody
 * answered, sending again the locks carts owe (a ride ended while the cart was gone), pruning expired
 * sessions, and rolling up ride history (modules/history). A lock job's acknowledged lock ends the cart's
 * ride with the job's reason (rides/ride-lifecycle.reactions).
 */
export async function registerCartJobs(runner: JobRunner, deps: CartJobDeps): Promise<void> {
  const { db, commands, log, rides, auth, historyRollup } = deps;
  const every = (kind: CartJobKind) => () =>
    Promise.resolve(new Date(Date.now() + CART_JOB_INTERVALS_MS[kind]));

  const lockAll = async (candidates: LockCandidate[], source: CommandSource) => {
    for (const { device, siteKeyless } of candidates) {
      const command = await commands.lockBySystem(device, source, siteKeyless);
      if (command)
        log.info({ deviceId: device.id, source, command: command._id }, 'cart locked by the server');
    }
  };

  runner.register('auto-lock', async () => {
    await lockAll(await autoLockCandidates(db), 'auto-lock');
    return every('auto-lock')();
  });
  runner.register('round-timeout', async () => {
    // Rides first: ending one locks its cart, which then is no candidate of its own.
    const ended = rides ? await rides.endOverdueRounds() : 0;
    if (ended) log.info({ ended }, 'rides ended by the round timeout');
    await lockAll(await roundTimeoutCandidates(db), 'round-timeout');
    return every('round-timeout')();
  });
  runner.register('scheduled-lock', async (job) => {
    const now = Date.now();
    // The previous run's time is kept in the job, so a lock time between two runs (or during a short
    // outage) is not missed, and one already handled is not repeated.
    const after = typeof job.payload.checkedUpTo === 'number' ? job.payload.checkedUpTo : now - 60_000;
    const due = (await sitesWithScheduledLock(db)).filter((site) =>
      scheduledLockDue(site.lockFrom, site.timezone, after, now),
    );
    await lockAll(
      await unlockedCartsOf(
        db,
        due.map((site) => site.id),
      ),
      'scheduled-lock',
    );
    return { runAt: new Date(now + CART_JOB_INTERVALS_MS['scheduled-lock']), payload: { checkedUpTo: now } };
  });
  runner.register('command-expiry', async () => {
    await commands.expireOverdue();
    return every('command-expiry')();
  });
  runner.register('owed-locks', async () => {
    await commands.resendOwedLocks();
    return every('owed-locks')();
  });
  runner.register('auth-prune', async () => {
    const pruned = await auth.pruneExpiredSessions();
    log.info(pruned, 'expired sessions pruned');
    return every('auth-prune')();
  });

  runner.register('history-rollup', async () => {
    const result = await historyRollup.run(new Date());
    // Over its time budget (a first run over months of positions): carry on right after this run.
    return result.remaining > 0 ? new Date(Date.now() + 1_000) : every('history-rollup')();
  });

  for (const kind of Object.keys(CART_JOB_INTERVALS_MS) as CartJobKind[]) {
    await runner.schedule(kind, kind, new Date());
  }
}
