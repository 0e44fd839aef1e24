import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The embedded database runs one statement (or transaction) at a time, in the order they asked
 * for PGlite's lock: a scan asked after forty dashboard panels ran after all of them. The gate
 * stands in front of that lock and hands it out in two lanes (docs/architecture.md, The database):
 *
 * - short: every statement not put in another lane (a scan's transaction, sign-in, `/health`,
 *   every write), first come first served, ahead of any read waiting;
 * - dashboard: the dashboard routes' statements, when no short statement waits. Their answers are
 *   shared between viewers (answerCache.ts), so they run a bounded number of times whatever the
 *   viewers, and a home page does not wait behind fifty report readers;
 * - long: the report routes' statements (pages, charts, exports), one at a time, when nothing
 *   else waits.
 *
 * A route's lane is that of its handler (`inLaneOf`, analyticsRoutes.ts), carried to its
 * statements by an AsyncLocalStorage.
 *
 * PGlite's own queue therefore never holds more than the statement running: a short statement
 * waits for at most the one long statement already under way (exports are keyset batches of a few
 * thousand rows, so that is a short wait too). Reads waiting long are logged (`onLongWait`).
 */
export type Lane = 'short' | 'dashboard' | 'long';
const LANES: Lane[] = ['short', 'dashboard', 'long'];

const laneOfCall = new AsyncLocalStorage<Lane>();

/** Runs `fn` with every statement it starts in `lane`. */
export function inLane<T>(lane: Lane, fn: () => T): T {
  return laneOfCall.run(lane, fn);
}

/** A route handler whose statements go in `lane`. */
export function inLaneOf<A, R>(lane: Lane, handler: (arg: A) => Promise<R>): (arg: A) => Promise<R> {
  return (arg) => inLane(lane, () => handler(arg));
}

/** PGlite's statement lock (`_runExclusiveTransaction`): runs `fn` alone. */
type RunExclusive = <T>(fn: () => Promise<T>) => Promise<T>;

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
  wrap(runExclusive: RunExclusive): RunExclusive;
  stats(): GateStats;
  /** Whether a statement finished within the last `ms`: the database is answering (what `/health` asks). */
  answeredWithin(ms: number): boolean;
}

/** A read waiting longer than this is logged. */
export const LONG_WAIT_MS = 1000;

/** Told of a statement that waited more than LONG_WAIT_MS, and how many were ahead of it when it asked. */
export type LongWaitListener = (waitedMs: number, lane: Lane, ahead: number) => void;

/**
 * A statement (or transaction) holding the database longer than this is logged: the server's one
 * thread ran nothing else meanwhile, `/health` and static files included. On the demo data the
 * longest report statements hold it 40 to 130 ms; one of 850 ms (a planner walking the wrong index)
 * was what stalled every call for seconds.
 */
export const LONG_HOLD_MS = 300;

/** Told of a statement or transaction that held the database more than LONG_HOLD_MS. */
export type LongHoldListener = (heldMs: number, lane: Lane) => void;

export function createPgliteGate(opts: { onLongWait?: LongWaitListener; onLongHold?: LongHoldListener } = {}): PgliteGate {
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
    wrap: (runExclusive) => async <T>(fn: () => Promise<T>) => {
      const lane = laneOfCall.getStore() ?? 'short';
      await enter(lane);
      stats.ran[lane] += 1;
      const started = performance.now();
      try {
        const answer = await runExclusive(fn);
        lastDone = performance.now();
        return answer;
      } finally {
        const held = performance.now() - started;
        if (held > LONG_HOLD_MS) opts.onLongHold?.(held, lane);
        release();
      }
    },
    stats: () => structuredClone(stats),
    answeredWithin: (ms) => performance.now() - lastDone < ms,
  };
}
