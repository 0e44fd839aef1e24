import { z } from 'zod';
import { canonicalPageAt } from '../../../shared/pages';
import { defineRoute, type RouteDef } from '../../http/route';
import { lastInvariantCheck, runInvariantCheck } from '../../jobs/invariantCheck';
import type { Services } from '../../services';

const checkAnswer = z.object({
  id: z.number(), ranAt: z.string(), ok: z.boolean(), problems: z.array(z.string()), durationMs: z.number(), trigger: z.string(),
});

/** Monitoring › Inventory monitor: the ledger invariant check's last result, and running it now (its table is a report query). */
export function inventoryMonitorRoutes(services: Services): RouteDef[] {
  const page = canonicalPageAt('/monitoringManage/monitoring/inventoryMonitor');
  return [
    defineRoute({
      method: 'POST', url: '/monitoring/inventory/lastCheck', tag: 'inventoryMonitor', permission: page.perm, answer: checkAnswer.nullable(),
      summary: 'Inventory monitor: the last ledger invariant check (ledger = on hand = barcodes = daily roll-up), or null before the first',
      handler: () => lastInvariantCheck(services),
    }),
    defineRoute({
      method: 'POST', url: '/monitoring/inventory/check', tag: 'inventoryMonitor', permission: `${page.perm}:check`, answer: checkAnswer,
      summary: 'Inventory monitor: run the ledger invariant check now (reads the whole ledger) and keep its result',
      handler: ({ user }) => runInvariantCheck(services, user.userName),
    }),
  ];
}
