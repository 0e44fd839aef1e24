import { AsyncLocalStorage } from 'node:async_hooks';
import { must } from '../../shared/must';

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
  /**
   * Resolves once no short or dashboard statement holds the database or waits for it. Long work
   * done in JavaScript between its statements (an export writing its sheet) waits for this, so it
   * does not run between the statements of a scan's transaction, each time it awaits one.
   */
  quiet(): Promise<void>;
  /** Whether a short or dashboard statement ran within the last `ms`: the floor is working. */
  shortWithin(ms: number): boolean;
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

/**
 * How long after a short or dashboard statement a long one may start. A request runs its
 * statements one after another (the session, the scan's transaction, the audit record), each
 * awaited; without this, a long read took the lock in each gap and the request waited for it
 * every time: beside an export, scans took 8 ms at p50 where alone they took 3.
 */
export const LONG_GRACE_MS = 2;

export function createPgliteGate(opts: { onLongWait?: LongWaitListener; onLongHold?: LongHoldListener } = {}): PgliteGate {
  let lastDone = -Infinity;
  /** When a short or dashboard statement last let go of the lock. */
  let lastShortDone = -Infinity;
  const perLane = () => ({ short: 0, dashboard: 0, long: 0 });
  const queues: Record<Lane, (() => void)[]> = { short: [], dashboard: [], long: [] };
  const stats: GateStats = { ran: perLane(), waiting: perLane(), longestWaitMs: perLane() };
  /** The lane holding the lock, null when it is down. */
  let holder: Lane | null = null;
  let quietWaiters: (() => void)[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const graceLeft = () => LONG_GRACE_MS - (performance.now() - lastShortDone);
  /** Long work may go on: no short or dashboard statement holds the lock or waits, and the grace is over. */
  const longMayGo = () => (holder === null || holder === 'long') && !queues.short.length && !queues.dashboard.length && graceLeft() <= 0;
  const later = () => {
    timer ??= setTimeout(() => { timer = null; pump(); }, Math.max(1, Math.ceil(graceLeft())));
  };
  /**
   * Hands the lock, when it is down, to the first waiter of the first lane (short, dashboard,
   * long); a long one only once the grace is over. Then lets long JavaScript work go on (`quiet`).
   */
  const pump = () => {
    if (holder === null) {
      const lane = LANES.find((l) => queues[l].length);
      if (lane && (lane !== 'long' || graceLeft() <= 0)) {
        holder = lane;
        must(queues[lane].shift(), 'a waiter')();
      } else if (lane) later();
    }
    if (!quietWaiters.length) return;
    if (!longMayGo()) {
      if (holder === null || holder === 'long') later();
      return;
    }
    const waiters = quietWaiters;
    quietWaiters = [];
    for (const resolve of waiters) resolve();
  };
  const release = () => {
    if (holder !== 'long') lastShortDone = performance.now();
    holder = null;
    pump();
  };
  const enter = async (lane: Lane) => {
    const ahead = LANES.slice(0, LANES.indexOf(lane) + 1).reduce((n, l) => n + queues[l].length, holder === null ? 0 : 1);
    const asked = performance.now();
    stats.waiting[lane] += 1;
    const granted = new Promise<void>((resolve) => queues[lane].push(resolve));
    pump();
    await granted;
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
    shortWithin: (ms) => holder === 'short' || holder === 'dashboard' || performance.now() - lastShortDone < ms,
    quiet: () => {
      if (longMayGo()) return Promise.resolve();
      const quiet = new Promise<void>((resolve) => quietWaiters.push(resolve));
      pump();
      return quiet;
    },
  };
}

/**
 * While short statements keep coming (scanners at work: one within PACE_WINDOW_MS), long work in
 * JavaScript pauses PACE_PAUSE_MS at each turn, so it takes at most about half of the server's
 * thread and its CPU: an export goes on at half speed, the scans beside it at theirs.
 */
const PACE_WINDOW_MS = 100;
const PACE_PAUSE_MS = 2;

/**
 * A turn of the event loop for long work in JavaScript (an export writing its sheet): the I/O
 * waiting runs first (a scan's request comes in), then, on the embedded database, the short
 * statements it started run before the long work goes on.
 */
export const longWorkTurn = (gate?: PgliteGate) => async () => {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (!gate) return;
  await gate.quiet();
  if (gate.shortWithin(PACE_WINDOW_MS)) await new Promise<void>((resolve) => setTimeout(resolve, PACE_PAUSE_MS));
};
