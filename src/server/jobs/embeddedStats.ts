import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { Services } from '../services';
import { scheduleJob } from './schedule';

/**
 * The tables whose planner statistics are missing or stale: never analysed, or grown by more than
 * a tenth (and a few pages) since (their pages now against `relpages`, which ANALYZE sets).
 */
export async function staleTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(db, sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and (c.reltuples < 0 or pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1 + 8)
    order by c.relname`);
  return rows.map((r) => r.name);
}

/** ANALYZE of each stale table, one statement each (so a scan waits for one table's at most); answers the tables analysed. */
export async function analyseStaleTables(db: Db): Promise<string[]> {
  const tables = await staleTables(db);
  for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return tables;
}

/**
 * The embedded database's planner statistics (docs/architecture.md, The database). PostgreSQL's
 * autovacuum keeps them as rows change; PGlite runs no autovacuum, so without this job its planner
 * would go by defaults: a report's estimated total (sqlReport.ts) and each plan's choice of index.
 * Soon after start, then every STATS_MINUTES, in the long lane; on PostgreSQL it does not run.
 */
export function scheduleEmbeddedStats(app: FastifyInstance, services: Services) {
  if (services.database.kind !== 'pglite') return;
  scheduleJob(app, services.db, {
    name: 'embeddedStats', title: 'embedded database statistics', lane: 'long', minutes: services.config.STATS_MINUTES, firstAfterMs: 20_000,
    run: async () => {
      const tables = await analyseStaleTables(services.db);
      if (tables.length) app.log.info({ tables: tables.length }, 'embedded database statistics refreshed');
    },
  });
}
