import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { idAnswer } from '../../../shared/api/envelope';
import { coercedRowId } from '../../../shared/api/rowId';
import { pageAt } from '../../../shared/pages';
import { outbox } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import { recordAudit } from '../../platform/audit';
import { dealerInScope } from '../../platform/dataScope';
import { announceMonitor } from '../../platform/monitorEvents';
import type { Services } from '../../services';

/**
 * Monitoring › Upload monitor: send again a mail or webhook the outbox gave up on (docs/outbox.md).
 * The delivery starts over (its attempts counted from one) and goes out at once; who asked is
 * recorded on the row and in the audit trail. Within the caller's data scope, as the monitor lists it.
 */
export function outboxRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const perm = `${pageAt('/monitoringManage/monitoring/uploadMonitor').perm}:retry`;
  return [defineRoute({
    method: 'POST', url: '/monitoring/outbox/retry', tag: 'uploadMonitor', permission: perm,
    body: z.object({ id: coercedRowId }).strict(), answer: idAnswer,
    summary: 'Send again a mail or webhook delivery that failed after its last attempt (upload monitor); it starts over and goes out at once',
    handler: async ({ body, user, scope, req }) => {
      const s = await scope();
      const requeued = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(outbox).where(eq(outbox.id, body.id)).for('update');
        if (!row || !(await dealerInScope(tx, s, row.dealerId))) throw notFound();
        if (row.status !== 'failed') throw conflict('outboxNotRetryable');
        await tx.update(outbox).set({
          status: 'pending', attempts: 0, nextAttemptAt: new Date(), leasedUntil: null, leasedBy: null, retriedAt: new Date(), retriedBy: user.userName,
        }).where(and(eq(outbox.id, row.id), eq(outbox.status, 'failed')));
        await recordAudit(tx, { id: user.id, userName: user.userName, ip: req.ip }, {
          action: 'retry', entity: 'outbox', entityId: row.id, before: { status: row.status, kind: row.kind, topic: row.topic, target: row.target, lastError: row.lastError },
        });
        return row;
      });
      announceMonitor('upload', requeued.dealerId);
      services.outbox.wake();
      return { id: requeued.id };
    },
  })];
}
