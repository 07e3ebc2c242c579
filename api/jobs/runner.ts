/**
 * The one job runner: every round (each `pollMs`, and when a queued run ends), it takes the periodic
 * jobs that are due and the queued jobs that are waiting, and runs them; a job never runs twice at once in a runner. Runs
 * claimed through the database carry this runner's lease, renewed every third of the lease while
 * they go on (`schedule-claims.ts`, `queue.ts`): any number of runners on one database run each
 * due periodic job once per period and each queued job once, and a runner that dies leaves leases
 * that run out, after which another runner takes its jobs over.
 *
 * `runAtStart()` runs the `atStart` jobs once (the server awaits it before it listens); `start()`
 * begins the rounds; `stop()` ends them, tells running jobs to stop at a safe point (their signal)
 * and waits for them. Tests call `tick()` — one round, awaited to its end — with their own clock.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { QueuedJob } from '@db/models';
import type { Clock } from '../lib/clock';
import type { Logger } from '../logger';
import { parsePayload, type PeriodicJob, type QueuedJobHandler } from './definitions';
import { QueueClaims } from './queue';
import { ScheduleClaims, type ScheduleClaim } from './schedule-claims';

export interface JobRunnerOptions {
  knex: Knex;
  logger: Logger;
  clock?: Clock;
  periodic?: PeriodicJob[];
  queued?: Array<QueuedJobHandler<any>>;
  /** Between two rounds (default 1 s). */
  pollMs?: number;
  /** How long a claim is this runner's without renewal (default 60 s). */
  leaseSeconds?: number;
  /** Queued jobs run at once (default 4). */
  concurrency?: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class JobRunner {
  private readonly clock: Clock;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly schedules: ScheduleClaims;
  private readonly queue: QueueClaims;
  private readonly shared: PeriodicJob[];
  private readonly local: PeriodicJob[];
  private readonly handlers: Map<string, QueuedJobHandler<any>>;
  private readonly stopping = new AbortController();
  private readonly runs = new Set<Promise<void>>();
  /** Periodic jobs running here, and the queued jobs with their own abort. */
  private readonly runningPeriodic = new Map<string, { abort: AbortController; claimed: boolean }>();
  private readonly runningQueued = new Map<string, { job: QueuedJob; abort: AbortController }>();
  private readonly localNext = new Map<string, number>();
  private registered = false;
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private round: Promise<unknown> = Promise.resolve();
  private inRound = false;
  /** A slot freed during a round: the next round comes right after it. */
  private roundAgain = false;

  constructor(private readonly o: JobRunnerOptions) {
    this.clock = o.clock ?? (() => new Date());
    this.leaseMs = (o.leaseSeconds ?? 60) * 1000;
    this.pollMs = o.pollMs ?? 1000;
    this.concurrency = o.concurrency ?? 4;
    this.schedules = new ScheduleClaims(o.knex, crypto.randomUUID());
    this.queue = new QueueClaims(o.knex);
    const periodic = o.periodic ?? [];
    const names = new Set(periodic.map((job) => job.name));
    if (names.size !== periodic.length) throw new Error('Two periodic jobs have the same name');
    this.shared = periodic.filter((job) => (job.claim ?? 'database') === 'database');
    this.local = periodic.filter((job) => job.claim === 'process');
    this.handlers = new Map((o.queued ?? []).map((handler) => [handler.kind.name, handler]));
  }

  /** Runs the `atStart` jobs one after the other: claimed if no other runner holds them, else run anyway (each is safe to). */
  async runAtStart(): Promise<void> {
    for (const job of this.shared.filter((j) => j.atStart)) {
      if (this.stopping.signal.aborted) return;
      const now = this.clock();
      let claim: ScheduleClaim | null = null;
      try {
        await this.register(now);
        claim = await this.schedules.claim(job.name, job.everySeconds * 1000, this.leaseMs, now);
      } catch (error) {
        this.o.logger.error(`Job ${job.name}: could not claim its run at start`, { error: errorText(error) });
      }
      await this.runPeriodic(job, claim, now);
    }
  }

  /** Rounds every `pollMs` until `stop()`, and one as soon as a queued run ends: a burst keeps every slot busy, not `concurrency` jobs a poll. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.nextRound();
  }

  /** A round now, or — while one goes on (a queued run ended meanwhile) — right after it. */
  private nextRound(): void {
    clearTimeout(this.timer);
    if (this.stopping.signal.aborted) return;
    if (this.inRound) {
      this.roundAgain = true;
      return;
    }
    this.inRound = true;
    this.round = this.claimRound()
      .catch((error) => this.o.logger.error('Job runner round failed', { error: errorText(error) }))
      .then(() => {
        this.inRound = false;
        if (this.stopping.signal.aborted) return;
        this.timer = setTimeout(() => this.nextRound(), this.roundAgain ? 0 : this.pollMs);
        this.roundAgain = false;
      });
  }

  /** One round, awaited until the runs it started have ended. */
  async tick(): Promise<void> {
    await Promise.all(await this.claimRound());
  }

  /** No more rounds; running jobs are told to stop at a safe point, and awaited. */
  async stop(): Promise<void> {
    this.stopping.abort();
    clearTimeout(this.timer);
    await this.round;
    await Promise.allSettled([...this.runs]);
    clearTimeout(this.heartbeat);
  }

  private async register(now: Date): Promise<void> {
    if (this.registered || this.shared.length === 0) return;
    await this.schedules.register(
      this.shared.map((job) => job.name),
      now,
    );
    this.registered = true;
  }

  /** Takes what is due and starts it; returns the runs started. */
  private async claimRound(): Promise<Array<Promise<void>>> {
    const started: Array<Promise<void>> = [];
    if (this.stopping.signal.aborted) return started;
    const now = this.clock();
    for (const job of this.local) {
      if (this.runningPeriodic.has(job.name) || (this.localNext.get(job.name) ?? 0) > now.getTime()) continue;
      this.localNext.set(job.name, now.getTime() + job.everySeconds * 1000);
      started.push(this.runPeriodic(job, null, now));
    }
    if (this.shared.length > 0) {
      await this.register(now);
      const byName = new Map(this.shared.map((job) => [job.name, job]));
      for (const row of await this.schedules.due([...byName.keys()], now)) {
        const job = byName.get(row.name)!;
        if (this.runningPeriodic.has(job.name) || this.stopping.signal.aborted) continue;
        const claim = await this.schedules.claim(row, job.everySeconds * 1000, this.leaseMs, now);
        if (claim) started.push(this.runPeriodic(job, claim, now));
      }
    }
    for (const job of await this.claimQueued(now)) started.push(this.runQueued(job));
    return started;
  }

  /** Due queued jobs within the runner's limit and each kind's own (`concurrency`): kinds with a limit are claimed apart. */
  private async claimQueued(now: Date): Promise<QueuedJob[]> {
    let room = this.concurrency - this.runningQueued.size;
    if (this.handlers.size === 0 || room <= 0 || this.stopping.signal.aborted) return [];
    const running = new Map<string, number>();
    for (const { job } of this.runningQueued.values()) running.set(job.name, (running.get(job.name) ?? 0) + 1);
    const skip = [...this.runningQueued.keys()];
    const claimed: QueuedJob[] = [];
    const free: string[] = [];
    for (const [name, handler] of this.handlers) {
      if (handler.concurrency === undefined) {
        free.push(name);
        continue;
      }
      const limit = Math.min(room, handler.concurrency - (running.get(name) ?? 0));
      if (limit <= 0) continue;
      const jobs = await this.queue.claim([name], limit, this.leaseMs, now, skip);
      room -= jobs.length;
      claimed.push(...jobs);
    }
    if (free.length > 0 && room > 0) claimed.push(...(await this.queue.claim(free, room, this.leaseMs, now, skip)));
    return claimed;
  }

  private track(run: Promise<void>): Promise<void> {
    this.runs.add(run);
    void run.finally(() => this.runs.delete(run));
    return run;
  }

  private runPeriodic(job: PeriodicJob, claim: ScheduleClaim | null, now: Date): Promise<void> {
    const abort = new AbortController();
    this.runningPeriodic.set(job.name, { abort, claimed: !!claim });
    if (claim) this.keepLeases();
    const signal = AbortSignal.any([abort.signal, this.stopping.signal]);
    return this.track(
      (async () => {
        let failure: string | undefined;
        try {
          await job.run({ now, signal, logger: this.o.logger });
        } catch (error) {
          failure = errorText(error);
          this.o.logger.error(`Job ${job.name} failed`, { error: failure });
        }
        try {
          if (claim) await this.schedules.finish(claim, this.clock(), failure);
        } catch (error) {
          this.o.logger.error(`Job ${job.name}: could not record its run (its lease will run out)`, { error: errorText(error) });
        } finally {
          this.runningPeriodic.delete(job.name);
        }
      })(),
    );
  }

  private runQueued(job: QueuedJob): Promise<void> {
    const handler = this.handlers.get(job.name)!;
    const abort = new AbortController();
    this.runningQueued.set(job.id, { job, abort });
    this.keepLeases();
    const signal = AbortSignal.any([abort.signal, this.stopping.signal]);
    const context = { now: this.clock(), signal, logger: this.o.logger, jobId: job.id, attempt: job.attempts };
    return this.track(
      (async () => {
        try {
          if (job.attempts > handler.maxAttempts) {
            await this.queue.fail(job, `Attempt ${job.attempts - 1} never ended: its runner stopped (the lease ran out)`, null, this.clock());
            return;
          }
          const payload = parsePayload(handler, job.payload, errorText);
          if (!payload.success) {
            await this.queue.fail(job, `The payload does not match ${job.name}: ${payload.error}`, null, this.clock());
            return;
          }
          try {
            await handler.handle(payload.data, context);
          } catch (error) {
            if (this.stopping.signal.aborted) {
              await this.queue.release(job, this.clock());
            } else {
              const last = job.attempts >= handler.maxAttempts;
              this.o.logger.warn(`Queued job ${job.name} failed (attempt ${job.attempts}${last ? ', the last' : ''})`, { error: errorText(error) });
              await this.queue.fail(job, errorText(error), last ? null : handler.backoffMs(job.attempts), this.clock());
            }
            return;
          }
          await this.queue.complete(job, this.clock());
        } catch (error) {
          this.o.logger.error(`Queued job ${job.name}: could not record its end (its lease will run out)`, { error: errorText(error) });
        } finally {
          this.runningQueued.delete(job.id);
          // Its slot is free: a started runner claims again now rather than at the next poll.
          if (this.started) this.nextRound();
        }
      })(),
    );
  }

  /** While claimed runs go on, renews their leases every third of the lease; a run whose lease was lost is told to stop. */
  private keepLeases(): void {
    if (this.heartbeat) return;
    const beat = async () => {
      const now = this.clock();
      const until = new Date(now.getTime() + this.leaseMs);
      try {
        const schedules = await this.schedules.renew(until, now);
        for (const [name, run] of this.runningPeriodic) if (run.claimed && !schedules.includes(name)) run.abort.abort(new Error('lease lost'));
        const held = await this.queue.renew(
          [...this.runningQueued.values()].map((run) => run.job),
          until,
          now,
        );
        for (const [id, run] of this.runningQueued) if (!held.has(id)) run.abort.abort(new Error('lease lost'));
      } catch (error) {
        this.o.logger.error('Job runner could not renew its leases', { error: errorText(error) });
      }
    };
    const plan = () => {
      this.heartbeat = setTimeout(() => {
        if (this.runningPeriodic.size === 0 && this.runningQueued.size === 0) {
          this.heartbeat = undefined;
          return;
        }
        void beat().then(plan);
      }, this.leaseMs / 3);
      this.heartbeat.unref();
    };
    plan();
  }
}
