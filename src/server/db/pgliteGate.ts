import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database runs one statement (or transaction) at a time, in the order they asked
 * for PGlite's lock: a scan asked after forty dashboard panels ran after all of them. The gate
 * stands in front of that lock and hands it out in two lanes (docs/architecture.md, The database):
 *
 * - short: everything on `db` (a scan's transaction, sign-in, `/health`, every write), first come
 *   first served, ahead of any read waiting;
 * - dashboard: dashboard queries on `readDb`, when no short statement waits. Their answers are
 *   shared between viewers (answerCache.ts), so they run a bounded number of times whatever the
 *   viewers, and a home page does not wait behind fifty report readers;
 * - long: the rest of `readDb` (report pages, charts, exports), one statement at a time, when
 *   nothing else waits.
 *
 * PGlite's own queue therefore never holds more than the statement running: a short statement
 * waits for at most the one long statement already under way (exports are keyset batches of a few
 * thousand rows, so that is a short wait too). Reads waiting long are logged (`onLongWait`).
 */
export type Lane = 'short' | 'dashboard' | 'long';
const LANES: Lane[] = ['short', 'dashboard', 'long'];

const laneOfCall = new AsyncLocalStorage<Lane>();

/** Runs `fn` with every statement it starts in `lane` (inner calls keep it: see longLaneClient). */
export function inLane<T>(lane: Lane, fn: () => T): T {
  return laneOfCall.run(lane, fn);
}
/** Runs `fn` in the long lane, unless a caller already chose a lane. */
const inLongLane = <T>(fn: () => T): T => (laneOfCall.getStore() ? fn() : inLane('long', fn));

export interface GateStats {
  /** Statements (or transactions) let through, per lane. */
  ran: Record<Lane, number>;
  /** Waiting now, per lane. */
  waiting: Record<Lane, number>;
  /** The longest wait so far, per lane, in ms. */
  longestWaitMs: Record<Lane, number>;
}

export interface PgliteGate {
  /** PGlite's `_runExclusiveTransaction`, gated: pass it the original, bound. */
  wrap(runExclusive: PGlite['_runExclusiveTransaction']): PGlite['_runExclusiveTransaction'];
  stats(): GateStats;
  /** Whether a statement finished within the last `ms`: the database is answering (what `/health` asks). */
  answeredWithin(ms: number): boolean;
}

/** A read waiting longer than this is logged. */
export const LONG_WAIT_MS = 1000;

/** Told of a statement that waited more than LONG_WAIT_MS, and how many were ahead of it when it asked. */
export type LongWaitListener = (waitedMs: number, lane: Lane, ahead: number) => void;

export function createPgliteGate(opts: { onLongWait?: LongWaitListener } = {}): PgliteGate {
  let busy = false;
  let lastDone = -Infinity;
  const perLane = () => ({ short: 0, dashboard: 0, long: 0 });
  const queues: Record<Lane, (() => void)[]> = { short: [], dashboard: [], long: [] };
  const stats: GateStats = { ran: perLane(), waiting: perLane(), longestWaitMs: perLane() };
  /** The lock passes straight to the next waiter (short ones first, long ones last), or is put down. */
  const release = () => {
    const next = queues.short.shift() ?? queues.dashboard.shift() ?? queues.long.shift();
    if (next) next();
    else busy = false;
  };
  const enter = async (lane: Lane) => {
    if (!busy) {
      busy = true;
      return;
    }
    const ahead = LANES.slice(0, LANES.indexOf(lane) + 1).reduce((n, l) => n + queues[l].length, 1);
    const asked = performance.now();
    stats.waiting[lane] += 1;
    await new Promise<void>((resolve) => queues[lane].push(resolve));
    stats.waiting[lane] -= 1;
    const waited = performance.now() - asked;
    if (waited > stats.longestWaitMs[lane]) stats.longestWaitMs[lane] = waited;
    if (waited > LONG_WAIT_MS) opts.onLongWait?.(waited, lane, ahead);
  };
  return {
    wrap: (runExclusive) => (async <T>(fn: () => Promise<T>) => {
      const lane = laneOfCall.getStore() ?? 'short';
      await enter(lane);
      stats.ran[lane] += 1;
      try {
        const answer = await runExclusive(fn);
        lastDone = performance.now();
        return answer;
      } finally {
        release();
      }
    }) as PGlite['_runExclusiveTransaction'],
    stats: () => structuredClone(stats),
    answeredWithin: (ms) => performance.now() - lastDone < ms,
  };
}

/**
 * The client `readDb` reads through on PGlite: the same database, its statements in the long lane
 * (or the lane the caller chose: `inLane`).
 * Drizzle asks only these three of its client.
 */
export function longLaneClient(client: PGlite): PGlite {
  const lane: Pick<PGlite, 'query' | 'exec' | 'transaction'> = {
    query: (...args) => inLongLane(() => client.query(...args)),
    exec: (...args) => inLongLane(() => client.exec(...args)),
    transaction: (fn) => inLongLane(() => client.transaction(fn)),
  };
  return lane as PGlite;
}

/**
 * An export's batches on the embedded database, at half its pace: after each batch the export
 * rests as long as reading it took. The server's one thread both runs the statements and writes
 * the file, so a full-speed export would leave scans the gaps between its statements only; resting
 * leaves them half the time. A 20,000-row export takes about twice as long.
 */
export async function* atHalfPace<T>(batches: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = batches[Symbol.asyncIterator]();
  try {
    for (;;) {
      const asked = performance.now();
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
      await new Promise((resolve) => setTimeout(resolve, performance.now() - asked));
    }
  } finally {
    await iterator.return?.();
  }
}
