import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Migration 0008 fills stock_daily.ship_qty and receive_qty of rows written before it. The rows'
 * days were the server's local days (ledger.dayOf), which the migration cannot know; it places
 * each move on its row by position instead. Here the rows were written in UTC+8 while the
 * database session runs in UTC, so the moves' UTC dates would put a late sale on the wrong day.
 */
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const before0008 = mkdtempSync(path.join(os.tmpdir(), 'migrations-0007-'));
afterAll(() => rmSync(before0008, { recursive: true, force: true }));

describe('migration 0008: channel flow backfill', () => {
  it('puts each move on the row the ledger wrote it to, whatever the time zone; skips keys that do not add up', async () => {
    cpSync(migrations, before0008, { recursive: true, filter: (src) => !path.basename(src).startsWith('0008_') });
    const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0008');
    writeFileSync(path.join(before0008, 'meta/_journal.json'), JSON.stringify(journal));

    const client = new PGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before0008 });
    await client.exec(`
      set time zone 'UTC';
      set session_replication_role = replica; -- rows without their dealers, warehouses and orders
      -- Warehouse 1 (days in UTC+8): 03-02 PR ×2 and a TR out; 03-03 a WL (20:00 UTC on 03-02) and
      -- its trace correction (+1 under WL); 03-05 an LR and a WC, at the same moment.
      insert into stock_moves (id, barcode, order_id, order_type, qty, warehouse_id, material_id, moved_at, reverses_id) values
        (1, 'A', 1, 'PR', 1, 1, 7, '2026-03-01T17:00:00Z', null), (2, 'B', 1, 'PR', 1, 1, 7, '2026-03-01T17:00:00Z', null),
        (3, 'A', 2, 'TR', -1, 1, 7, '2026-03-02T10:00:00Z', null),
        (4, 'B', 3, 'WL', -1, 1, 7, '2026-03-02T20:00:00Z', null), (5, 'B', 3, 'WL', 1, 1, 7, '2026-03-03T01:00:00Z', 4),
        (6, 'C', 4, 'LR', 1, 1, 7, '2026-03-05T02:00:00Z', null), (7, 'B', 5, 'WC', -1, 1, 7, '2026-03-05T02:00:00Z', null),
        (8, 'D', 6, 'PR', 1, 2, 7, '2026-03-02T02:00:00Z', null);
      insert into stock_daily (day, dealer_id, warehouse_id, material_id, opening, in_qty, out_qty, closing) values
        ('2026-03-02', 1, 1, 7, 0, 2, 1, 1), ('2026-03-03', 1, 1, 7, 1, 1, 1, 1), ('2026-03-05', 1, 1, 7, 1, 1, 1, 1),
        -- Warehouse 2's roll-up says 2 in, its ledger 1: left at 0.
        ('2026-03-02', 1, 2, 7, 0, 2, 0, 2);`);

    await migrate(db, { migrationsFolder: migrations });
    const { rows } = await client.query<{ w: number; day: string; ship: number; receive: number }>(
      `select warehouse_id as w, to_char(day, 'YYYY-MM-DD') as day, ship_qty as ship, receive_qty as receive from stock_daily order by 1, 2`);
    expect(rows).toEqual([
      { w: 1, day: '2026-03-02', ship: 0, receive: 2 },
      { w: 1, day: '2026-03-03', ship: 1, receive: 0 },
      { w: 1, day: '2026-03-05', ship: 1, receive: 1 },
      { w: 2, day: '2026-03-02', ship: 0, receive: 0 },
    ]);
    const { rows: index } = await client.query<{ def: string }>(`select indexdef as def from pg_indexes where indexname = 'stock_daily_flow_idx'`);
    expect(index[0].def).toContain('ship_qty, receive_qty');
    await client.close();
  }, 60_000);
});
