import { describe, expect, it } from 'vitest';
import { createPgliteGate, inLane, LONG_HOLD_MS } from './pgliteGate';

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
});
