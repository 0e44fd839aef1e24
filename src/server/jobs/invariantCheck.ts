import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { InvariantCheckResult } from '../../shared/api/stockAlerts';
import { invariantChecks } from '../db/schema';
import { checkStockInvariant } from '../modules/stock/invariant';
import type { Services } from '../services';
import { scheduleJob } from './schedule';
import { z } from 'zod';

const asResult = (r: typeof invariantChecks.$inferSelect): InvariantCheckResult => ({
  id: r.id, ranAt: r.ranAt.toISOString(), ok: r.ok, problems: z.array(z.string()).parse(JSON.parse(r.problems)), durationMs: r.durationMs, trigger: r.trigger,
});

/** Runs the ledger invariant check (ledger = on hand = barcodes = daily roll-up) and keeps its result. */
export async function runInvariantCheck(services: Services, trigger: string): Promise<InvariantCheckResult> {
  const started = performance.now();
  const problems = await checkStockInvariant(services.db);
  const [row] = await services.db.insert(invariantChecks).values({
    ok: problems.length === 0, problems: JSON.stringify(problems), durationMs: Math.round(performance.now() - started), trigger,
  }).returning();
  return asResult(row);
}

export async function lastInvariantCheck(services: Services): Promise<InvariantCheckResult | null> {
  const [row] = await services.db.select().from(invariantChecks).orderBy(desc(invariantChecks.id)).limit(1);
  return row ? asResult(row) : null;
}

/**
 * The scheduled check, by one node at a time: a minute after start when due, then every
 * INVARIANT_CHECK_MINUTES; a drift is logged as an error (and shown on the inventory monitor).
 */
export function scheduleInvariantCheck(app: FastifyInstance, services: Services) {
  scheduleJob(app, services.db, {
    name: 'invariantCheck', title: 'stock ledger invariant check', lane: 'long', minutes: services.config.INVARIANT_CHECK_MINUTES, firstAfterMs: 60_000,
    run: async () => {
      const result = await runInvariantCheck(services, 'schedule');
      if (!result.ok) app.log.error({ problems: result.problems }, 'stock ledger invariant check found a drift');
    },
  });
}
