import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { InvariantCheckResult } from '../../shared/api/stockAlerts';
import { invariantChecks } from '../db/schema';
import { checkStockInvariant } from '../modules/stock/invariant';
import type { Services } from '../services';

const asResult = (r: typeof invariantChecks.$inferSelect): InvariantCheckResult => ({
  id: r.id, ranAt: r.ranAt.toISOString(), ok: r.ok, problems: JSON.parse(r.problems) as string[], durationMs: r.durationMs, trigger: r.trigger,
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

/** The scheduled check: a minute after start, then every INVARIANT_CHECK_MINUTES; a drift is logged as an error. */
export function scheduleInvariantCheck(app: FastifyInstance, services: Services) {
  const minutes = services.config.INVARIANT_CHECK_MINUTES;
  if (!minutes) return;
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = runInvariantCheck(services, 'schedule')
      .then((r) => { if (!r.ok) app.log.error({ problems: r.problems }, 'stock ledger invariant check found a drift'); })
      .catch((err: unknown) => app.log.error({ err }, 'stock ledger invariant check failed'))
      .finally(() => { running = null; });
  };
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, minutes * 60_000);
  first.unref();
  every.unref();
  app.addHook('preClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
