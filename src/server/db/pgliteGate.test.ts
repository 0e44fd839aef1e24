import { describe, expect, it } from 'vitest';
import { createPgliteGate, inLane, LONG_GRACE_MS, LONG_HOLD_MS, longWorkTurn } from './pgliteGate';

/** A lock like PGlite's: one holder, the rest in the order they asked. */
function fifoLock() {
  let tail = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn);
    tail = run.then(() => undefined, () => undefined);
    return run;
  };
}
const tick = () => new Promise((r) => setTimeout(r, 1));

describe('the embedded database gate', () => {
  it('lets a short statement asked after queued long reads run right after the one under way', async () => {
    const gate = createPgliteGate();
    const run = gate.wrap(fifoLock());
    const order: string[] = [];
    const work = (name: string) => async () => { await tick(); order.push(name); };
    const reads = [1, 2, 3, 4, 5].map((i) => inLane('long', () => run(work(`read ${i}`))));
    const write = run(work('write'));
    await Promise.all([...reads, write]);
    expect(order).toEqual(['read 1', 'write', 'read 2', 'read 3', 'read 4', 'read 5']);
    expect(gate.stats()).toMatchObject({ ran: { short: 1, long: 5 }, waiting: { short: 0, long: 0 } });
  });

  it('runs dashboard reads after short statements and before report reads', async () => {
    const gate = createPgliteGate();
    const run = gate.wrap(fifoLock());
    const order: string[] = [];
    const work = (name: string) => async () => { await tick(); order.push(name); };
    await Promise.all([
      inLane('long', () => run(work('report 1'))), inLane('long', () => run(work('report 2'))),
      inLane('dashboard', () => run(work('panel'))), run(work('scan')),
    ]);
    expect(order).toEqual(['report 1', 'scan', 'panel', 'report 2']);
  });

  it('tells of a statement that held the lock long, with its lane, and not of a short one', async () => {
    const held: [number, string][] = [];
    const gate = createPgliteGate({ onLongHold: (ms, lane) => held.push([ms, lane]) });
    const run = gate.wrap(fifoLock());
    await run(async () => undefined);
    await inLane('long', () => run(() => new Promise((r) => setTimeout(r, LONG_HOLD_MS + 50))));
    expect(held).toHaveLength(1);
    expect(held[0][0]).toBeGreaterThan(LONG_HOLD_MS);
    expect(held[0][1]).toBe('long');
  });

  it('passes a failure on and frees the lock', async () => {
    const gate = createPgliteGate();
    const run = gate.wrap(fifoLock());
    await expect(run(() => Promise.reject(new Error('bad statement')))).rejects.toThrow('bad statement');
    expect(await run(async () => 'next')).toBe('next');
  });

  it('tells of a long wait with how many were ahead', async () => {
    const waits: [string, number][] = [];
    const gate = createPgliteGate({ onLongWait: (_, lane, ahead) => waits.push([lane, ahead]) });
    const run = gate.wrap(fifoLock());
    const first = run(() => new Promise((r) => setTimeout(r, 1100)));
    await inLane('long', () => run(async () => undefined));
    await first;
    expect(waits).toEqual([['long', 1]]);
  });

  it('knows whether a statement finished lately', async () => {
    const gate = createPgliteGate();
    const run = gate.wrap(fifoLock());
    expect(gate.answeredWithin(1000)).toBe(false);
    await run(async () => undefined);
    expect(gate.answeredWithin(1000)).toBe(true);
    await new Promise((r) => setTimeout(r, 30));
    expect(gate.answeredWithin(10)).toBe(false);
  });

  it('keeps a long read out for a moment after a short statement, so a request\'s next statement goes first', async () => {
    const gate = createPgliteGate();
    const run = gate.wrap(fifoLock());
    const order: string[] = [];
    const at: Record<string, number> = {};
    const work = (name: string) => async () => { order.push(name); at[name] = performance.now(); };
    await run(work('session'));
    const released = performance.now();
    const read = inLane('long', () => run(work('read')));
    // The request's next statement, asked after a little of its own work: still ahead of the read.
    await Promise.resolve();
    const scan = run(work('scan'));
    await Promise.all([read, scan]);
    expect(order).toEqual(['session', 'scan', 'read']);
    expect(at.read - released).toBeGreaterThanOrEqual(LONG_GRACE_MS - 0.5);
  });

  it('lets long work in JavaScript go on only while no short statement holds the lock or waits', async () => {
    const gate = createPgliteGate();
    const run = gate.wrap(fifoLock());
    let scanDone = 0;
    const scan = run(() => new Promise<void>((r) => setTimeout(() => { scanDone = performance.now(); r(); }, 20)));
    const resumed = gate.quiet().then(() => performance.now());
    await scan;
    expect(await resumed).toBeGreaterThanOrEqual(scanDone + LONG_GRACE_MS - 0.5);
    expect(gate.shortWithin(1000)).toBe(true);
    // Quiet and idle for long: at once, and an export's turn does not pause.
    await new Promise((r) => setTimeout(r, 150));
    expect(gate.shortWithin(100)).toBe(false);
    const t = performance.now();
    await longWorkTurn(gate)();
    expect(performance.now() - t).toBeLessThan(50);
  });
});

