import { describe, expect, it } from 'vitest';
import { ScanQueue } from './scanQueue';

/** A send whose answers the test releases by hand, to see what is in flight when. */
function manualSend() {
  const calls: { item: string; resolve(v: string): void; reject(e: Error): void }[] = [];
  const send = (item: string) => new Promise<string>((resolve, reject) => calls.push({ item, resolve, reject }));
  return { calls, send };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('scan queue', () => {
  it('sends one scan at a time, in the order they were read', async () => {
    const { calls, send } = manualSend();
    const done: string[] = [];
    const queue = new ScanQueue<string, string>({ send, onDone: (item, r) => done.push(`${item}=${r}`), onFail: () => undefined });
    queue.push('A');
    queue.push('B');
    queue.push('C');
    await tick();
    expect(calls.map((c) => c.item)).toEqual(['A']);
    expect(queue.pending).toBe(3);
    calls[0].resolve('ok');
    await tick();
    expect(calls.map((c) => c.item)).toEqual(['A', 'B']);
    calls[1].resolve('ok');
    await tick();
    calls[2].resolve('ok');
    await tick();
    expect(done).toEqual(['A=ok', 'B=ok', 'C=ok']);
    expect(queue.pending).toBe(0);
  });

  it('a refused scan does not stop the ones after it', async () => {
    const { calls, send } = manualSend();
    const events: string[] = [];
    const queue = new ScanQueue<string, string>({
      send, onDone: (item) => events.push(`done ${item}`), onFail: (item, e) => events.push(`fail ${item}: ${(e as Error).message}`),
      onIdle: () => events.push('idle'),
    });
    queue.push('BAD');
    queue.push('GOOD');
    await tick();
    calls[0].reject(new Error('Unknown barcode'));
    await tick();
    calls[1].resolve('ok');
    await tick();
    expect(events).toEqual(['fail BAD: Unknown barcode', 'done GOOD', 'idle']);
  });

  it('reports how many scans are still waiting for an answer', async () => {
    const { calls, send } = manualSend();
    const counts: number[] = [];
    const queue = new ScanQueue<string, string>({ send, onDone: () => undefined, onFail: () => undefined, onPending: (n) => counts.push(n) });
    queue.push('A');
    queue.push('B');
    await tick();
    calls[0].resolve('ok');
    await tick();
    calls[1].resolve('ok');
    await tick();
    expect(counts).toEqual([1, 2, 1, 0]);
  });

  it('a scan read after the queue went idle is sent straight away', async () => {
    const { calls, send } = manualSend();
    const queue = new ScanQueue<string, string>({ send, onDone: () => undefined, onFail: () => undefined });
    queue.push('A');
    await tick();
    calls[0].resolve('ok');
    await tick();
    queue.push('B');
    await tick();
    expect(calls.map((c) => c.item)).toEqual(['A', 'B']);
  });
});
