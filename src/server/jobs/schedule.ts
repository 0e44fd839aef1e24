import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../db/client';
import { inLane, type Lane } from '../db/pgliteGate';

/** This process, as `job_runs.last_node` names it. */
const NODE = `${hostname()}:${process.pid}`;

/**
 * Claims a run of `job` for this node: true when its last run, by any node, began `minutes` or
 * more ago (or never). One statement on one row: of two nodes claiming together, the second waits
 * for the first's row and then finds it just run, so a job runs once per interval across nodes.
 * Times are the database's, so the nodes' clocks do not matter.
 */
export async function claimJobRun(db: Db, job: string, minutes: number, node = NODE): Promise<boolean> {
  const rows = await queryRows(db, sql`
    insert into job_runs as j (name, last_run_at, last_node, runs) values (${job}, now(), ${node}, 1)
    on conflict (name) do update set last_run_at = now(), last_node = excluded.last_node, runs = j.runs + 1, finished_at = null, ok = null
      where j.last_run_at <= now() - ${minutes * 60}::double precision * interval '1 second'
    returning j.runs`);
  return rows.length > 0;
}

async function recordJobEnd(db: Db, job: string, ok: boolean) {
  await db.execute(sql`update job_runs set finished_at = now(), ok = ${ok} where name = ${job} and last_node = ${NODE}`);
}

export interface JobSpec {
  /** The key in `job_runs`. */
  name: string;
  /** What logs call it. */
  title: string;
  /** Minutes between runs; 0: no schedule. */
  minutes: number;
  /** The first try after start: it runs then if the last run, by any node, is older than `minutes` (catching up after downtime). */
  firstAfterMs: number;
  /** A frequent job (every few seconds) logs its runs at debug level, not info. */
  quiet?: boolean;
  /**
   * The embedded database's lane of the job's statements (pgliteGate.ts): `long` for a job that
   * reads much (roll-ups, checks, sweeps, subscription reports), so it waits behind every request
   * rather than going ahead of scans as a statement outside any route would; `short` for one of
   * a few small statements that should not wait behind reports (the outbox).
   */
  lane: Lane;
  run(): Promise<void>;
}

/**
 * A job on a timer, once across every node of the database: each node tries to claim a run
 * (`claimJobRun`) first `firstAfterMs` after start, then every quarter interval (at least a
 * second, at most a minute), and runs it only when its claim wins. After downtime the first try
 * finds the job overdue and runs it once, not once per missed interval. Never two runs at once in
 * a process; stopped, and a running one awaited, before the database closes. A run that fails is
 * logged and tried again an interval later.
 */
export function scheduleJob(app: FastifyInstance, db: Db, job: JobSpec) {
  if (!job.minutes) return;
  let running: Promise<void> | null = null;
  let stopped = false;
  const attempt = async () => {
    if (!(await claimJobRun(db, job.name, job.minutes))) {
      app.log.debug({ job: job.name, ran: false }, `${job.title}: not due, or run by another node`);
      return;
    }
    const started = performance.now();
    let ok = false;
    try {
      await job.run();
      ok = true;
    } finally {
      app.log[job.quiet && ok ? 'debug' : 'info']({ job: job.name, ran: true, ok, ms: Math.round(performance.now() - started) }, `${job.title} ran`);
      await recordJobEnd(db, job.name, ok);
    }
  };
  const tick = () => {
    if (running || stopped) return;
    running = inLane(job.lane, attempt)
      .catch((err: unknown) => app.log.error({ err, job: job.name }, `${job.title} failed`))
      .finally(() => { running = null; });
  };
  const everyMs = Math.min(60_000, Math.max(1_000, (job.minutes * 60_000) / 4));
  const first = setTimeout(tick, job.firstAfterMs);
  const every = setInterval(tick, everyMs);
  first.unref();
  every.unref();
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
