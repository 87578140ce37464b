import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rowsOf } from '../db/client.js';
import { type MoscowTime, nextMoscowTime } from './daily-time.js';
import { readJobStates } from './job-states.js';

export type Job = {
  /** Stable name: the row in the jobs table. */
  name: string;
  run: () => Promise<void>;
} & (
  | { everySeconds: number }
  /** Once a day at this Moscow time (a heavy load at night), whenever the instance started; the very first turn runs at once. */
  | { dailyAt: MoscowTime }
);

/** When the turn claimed now is followed by the next one. */
function nextRunSql(job: Job) {
  return 'dailyAt' in job
    ? sql`${nextMoscowTime(job.dailyAt, new Date()).toISOString()}::timestamptz`
    : sql`now() + make_interval(secs => ${job.everySeconds})`;
}

/**
 * Background jobs on the database itself (docs/decisions/012): every instance polls, and a run is
 * claimed by one conditional update that moves the job's next time forward. Under PostgreSQL the
 * second instance's update waits for the first and then finds the job no longer due, so each turn
 * runs once however many instances there are; PGlite has one connection and needs nothing more.
 * A run that crashes is simply retried at its next turn.
 */
export function createJobRunner({ db, log }: { db: Db; log: FastifyBaseLogger }) {
  const jobs = new Map<string, Job>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopping: Promise<void> | null = null;
  /** The turn this instance has claimed and is running: `runs` as the claim left it names the turn. */
  let current: { name: string; turn: number } | null = null;

  /** Answers the turn's number when this instance claimed it, null when it is not due or another instance has it. */
  async function claim(job: Job): Promise<number | null> {
    const result = await db.execute(sql`
      insert into jobs (name, next_run_at, last_started_at, runs)
      values (${job.name}, ${nextRunSql(job)}, now(), 1)
      on conflict (name) do update set
        next_run_at = ${nextRunSql(job)},
        last_started_at = now(),
        runs = jobs.runs + 1
      where jobs.next_run_at <= now()
      returning runs`);
    const row = rowsOf<{ runs: number }>(result)[0];
    return row ? Number(row.runs) : null;
  }

  /**
   * Gives a turn cut off by a stop back: due now, so another instance runs it at its next poll instead
   * of a whole period later (jobs are idempotent, so running the rest again is safe).
   */
  async function release(turn: { name: string; turn: number }): Promise<void> {
    await db.execute(sql`
      update jobs set next_run_at = now(), last_error = 'прервано остановкой экземпляра'
      where name = ${turn.name} and runs = ${turn.turn} and (last_finished_at is null or last_finished_at < last_started_at)`);
  }

  async function finish(job: Job, error: unknown): Promise<void> {
    const message = error ? String((error as Error).message ?? error).slice(0, 1000) : null;
    await db.execute(sql`update jobs set last_finished_at = now(), last_error = ${message} where name = ${job.name}`);
  }

  /** Runs every job that is due now and claimed by this instance; answers the names it ran. */
  async function runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs.values()) {
      if (stopping) break;
      const turn = await claim(job);
      if (turn === null) continue;
      ran.push(job.name);
      current = { name: job.name, turn };
      let failure: unknown = null;
      try {
        await job.run();
      } catch (error) {
        failure = error;
        log.error({ err: error, job: job.name }, 'background job failed');
      }
      current = null;
      await finish(job, failure);
    }
    return ran;
  }

  return {
    register(job: Job): void {
      if (jobs.has(job.name)) throw new Error(`Job ${job.name} is registered twice`);
      jobs.set(job.name, job);
    },
    runDue,
    /** Makes a job due now (tests, and the admin's «проверить сейчас» later). */
    async makeDue(name: string): Promise<void> {
      await db.execute(sql`update jobs set next_run_at = now() where name = ${name}`);
    },
    /** Every job's turn as monitoring reads it. */
    states: () => readJobStates(db),
    start(pollSeconds: number): void {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = runDue()
          .then(() => undefined)
          .catch((error: unknown) => log.error({ err: error }, 'background jobs poll failed'))
          .finally(() => {
            running = null;
          });
      }, pollSeconds * 1000);
      timer.unref();
    },
    /**
     * Stops polling and claims no more turns; a turn still running after `waitMs` is released for
     * another instance and left to the process's exit. Called again, answers the stop under way.
     */
    stop({ waitMs = Number.POSITIVE_INFINITY }: { waitMs?: number } = {}): Promise<void> {
      stopping ??= (async () => {
        if (timer) clearInterval(timer);
        timer = null;
        if (!running) return;
        let deadline: NodeJS.Timeout | undefined;
        const isCutOff = await Promise.race([
          running.then(() => false),
          new Promise<boolean>((resolve) => {
            if (Number.isFinite(waitMs)) deadline = setTimeout(() => resolve(true), waitMs);
          }),
        ]);
        clearTimeout(deadline);
        const cut = current;
        if (isCutOff && cut) {
          log.warn({ job: cut.name }, 'background job cut off by the stop; released for another instance');
          await release(cut).catch((error: unknown) => log.error({ err: error, job: cut.name }, 'releasing a job failed'));
        }
      })();
      return stopping;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
