import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { streamXlsx, type SheetColumn } from './xlsx';

const BATCHES = 40;
const columns: SheetColumn<{ n: number; text: string }>[] = [
  { key: 'n', header: { 'zh-CN': '序号', 'en-US': 'No.' }, value: (r) => r.n },
  { key: 'text', header: { 'zh-CN': '文本', 'en-US': 'Text' }, value: (r) => r.text },
];
let produced = 0;

/** Rows as an in-process database hands them over: every batch at once, never waiting on I/O. */
async function* rows() {
  for (let b = 0; b < BATCHES; b++) {
    produced += 1;
    yield Array.from({ length: 2000 }, (_, i) => ({ n: b * 2000 + i, text: `row ${b}-${i} ${Math.random().toString(36)}` }));
  }
}

const app = Fastify();
app.get('/export', async (_req, reply) => {
  await streamXlsx(reply, 'rows.xlsx', 'en-US', columns, rows());
  return reply;
});
afterAll(() => app.close());

describe('streamXlsx', () => {
  it('sends the first bytes while rows are still coming, not after the last batch', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/export`);
    const reader = res.body!.getReader();
    const first = await reader.read();
    const producedAtFirstByte = produced;
    let bytes = first.value?.length ?? 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(producedAtFirstByte).toBeLessThan(BATCHES);
    expect(produced).toBe(BATCHES);
    expect(bytes).toBeGreaterThan(100_000);
  });
});
