import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { moveAnswer, tmsStopBody } from '../../../shared/api/dispatch';
import { pageAt } from '../../../shared/pages';
import { carRequests, exchangeLogs } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import { allows } from '../../platform/dataScope';
import type { Services } from '../../services';
import { reportStopFromBody } from '../logistics/tms';
import { recordExchange } from './exchangeLog';
import { coercedRowId } from '../../../shared/api/rowId';

/**
 * Monitoring › Upload monitor: retry a refused TMS stop report with the body it came with (say
 * the TMS reported a stop before the vehicle was marked as departed). The retry runs as the
 * user, within the user's data scope; a report retried successfully is not retried again.
 */
export function exchangeRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const perm = `${pageAt('/monitoringManage/monitoring/uploadMonitor').perm}:retry`;
  return [defineRoute({
    method: 'POST', url: '/monitoring/exchange/retry', tag: 'uploadMonitor', permission: perm,
    body: z.object({ id: coercedRowId }).strict(), answer: moveAnswer,
    summary: 'Retry a refused TMS stop report (upload monitor) with its original body, as the calling user',
    handler: async ({ body, user, lang, scope }) => {
      const s = await scope();
      const [log] = await db.select().from(exchangeLogs).where(eq(exchangeLogs.id, body.id));
      if (!log || !allows(s.dealerIds, log.dealerId) || (log.warehouseId !== null && !allows(s.warehouseIds, log.warehouseId))) throw notFound();
      if (log.ok || log.retriedAt || log.system !== 'TMS' || !log.payload) throw conflict('exchangeNotRetryable');
      const parsed = tmsStopBody.safeParse(JSON.parse(log.payload));
      if (!parsed.success) throw conflict('exchangeNotRetryable');
      const [request] = await db.select().from(carRequests).where(eq(carRequests.requestNo, parsed.data.requestNo));
      if (!request || !allows(s.dealerIds, request.dealerId) || !allows(s.warehouseIds, request.warehouseId)) throw notFound();
      const by = `${user.userName} (retry #${log.id})`;
      const result = await reportStopFromBody(services, lang, request, parsed.data, by);
      await db.update(exchangeLogs).set({ retriedAt: new Date(), retriedBy: user.userName }).where(and(eq(exchangeLogs.id, log.id), isNull(exchangeLogs.retriedAt)));
      await recordExchange(db, {
        system: 'TMS', kind: 'stopReport', dealerId: request.dealerId, warehouseId: request.warehouseId, ref: request.requestNo, ok: true,
        message: `retry of #${log.id}`, payload: log.payload, userName: user.userName,
      });
      return result;
    },
  })];
}
