import { and, asc, eq } from 'drizzle-orm';
import type { Language } from '../../../shared/i18n/languages';
import type { CarRequestStatus } from '../../../shared/logistics/dispatch';
import { carRequests, carRequestStops, transitPoints } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Services } from '../../services';
import { enqueueWebhooks } from '../integration/webhookEvents';
import { pushOf, recordEvent, refuseMove } from './trips';

/** How far ahead of the server's clock a reported time may be. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * A stop of a trip on the way reached at `at`, reported from the console or by the TMS: kept
 * with who reported it, recorded in the history; the last stop delivers the trip. Pushed at once.
 */
export async function reportStop(
  services: Services, lang: Language, requestId: number, seq: number, at: Date, from: { source: 'console' | 'tms'; by: string },
): Promise<{ id: number; status: CarRequestStatus }> {
  const after = await services.db.transaction(async (tx) => {
    const [request] = await tx.select().from(carRequests).where(eq(carRequests.id, requestId)).for('update');
    if (!request) throw notFound();
    if (request.status !== 'onTheWay') throw refuseMove(lang, request.status, 'stop');
    // A stop is reached after the vehicle left and not in the future (a clock a few minutes ahead is forgiven).
    if (at.getTime() > Date.now() + CLOCK_SKEW_MS || (request.departedAt && at < request.departedAt)) throw badRequest('stopTime', 'arrivedAt');
    const stops = await tx.select({ seq: carRequestStops.seq, arrivedAt: carRequestStops.arrivedAt, code: transitPoints.code, name: transitPoints.name })
      .from(carRequestStops).innerJoin(transitPoints, eq(transitPoints.id, carRequestStops.pointId))
      .where(eq(carRequestStops.requestId, requestId)).orderBy(asc(carRequestStops.seq));
    const stop = stops.find((s) => s.seq === seq);
    if (!stop) throw badRequest('stopUnknown', 'seq');
    if (stop.arrivedAt) throw conflict('stopReported', 'seq', { seq });
    await tx.update(carRequestStops).set({ arrivedAt: at, source: from.source, reportedBy: from.by })
      .where(and(eq(carRequestStops.requestId, requestId), eq(carRequestStops.seq, seq)));
    await recordEvent(tx, requestId, 'stop', request.status, request.status, from.by, `${seq} ${stop.code} ${stop.name} (${from.source})`);
    const last = stops.every((s) => s.seq === seq || s.arrivedAt);
    if (!last) return request;
    const [delivered] = await tx.update(carRequests).set({ status: 'delivered', deliveredAt: at }).where(eq(carRequests.id, requestId)).returning();
    await recordEvent(tx, requestId, 'deliver', request.status, 'delivered', from.by, null);
    await enqueueWebhooks(tx, 'trip.delivered', [{ dealerId: delivered.dealerId, ref: `trip:${requestId}`, payload: { tripId: requestId } }]);
    return delivered;
  });
  services.outbox.wake();
  services.realtime.tripChanged(pushOf(after));
  return { id: after.id, status: after.status };
}
