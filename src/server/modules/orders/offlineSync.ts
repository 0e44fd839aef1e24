import { eq } from 'drizzle-orm';
import type { SyncAnswer, SyncItem, SyncVerdict } from '../../../shared/api/offlineSync';
import { message, type MessageKey } from '../../../shared/i18n/messages';
import type { Db } from '../../db/client';
import { offlineScans } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { OrderCtx } from './orderContext';
import { scanIn, unscanIn } from './scanning';

type Row = typeof offlineScans.$inferSelect;

/** A refusal said as the online scan says it: its field first when it names one. */
const said = (ctx: OrderCtx, key: MessageKey, params: Record<string, string | number>, field: string | number | undefined) => {
  const text = message(ctx.lang, key, params);
  return field ? `${field}: ${text}` : text;
};

const verdictOf = (ctx: OrderCtx, row: Pick<Row, 'deviceId' | 'verdict' | 'reason' | 'params'>, replayed: boolean): SyncVerdict => {
  const { field, ...params } = row.params ?? {};
  return { deviceId: row.deviceId, verdict: row.verdict, reason: row.reason, message: row.reason ? said(ctx, row.reason, params, field) : null, replayed };
};

/** Whether a stored row is this item (same user, order, direction and barcode): a device id names one scan only. */
const sameScan = (row: Row, item: SyncItem, userId: number) =>
  row.userId === userId && row.orderId === item.orderId && row.op === item.op && row.barcode === item.barcode;

/**
 * One queued item in its own transaction: the device id is claimed first (a second sender of
 * the same id waits on its key, then finds the verdict), the scan runs through the online
 * scan's code in a savepoint, and its verdict is written beside the claim. A refusal the
 * online scan would answer (an AppError) is the item's verdict; anything else (a lost
 * connection, contention) fails the batch, and the items before it stay taken.
 */
async function syncOne(ctx: OrderCtx, item: SyncItem): Promise<SyncVerdict> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx.insert(offlineScans).values({
      deviceId: item.deviceId, orderId: item.orderId, userId: ctx.user.id, op: item.op, barcode: item.barcode,
      verdict: 'refused', scannedAt: new Date(item.scannedAt),
    }).onConflictDoNothing().returning({ deviceId: offlineScans.deviceId });
    if (!claimed.length) {
      const [done] = await tx.select().from(offlineScans).where(eq(offlineScans.deviceId, item.deviceId));
      if (!sameScan(done, item, ctx.user.id)) return verdictOf(ctx, { deviceId: item.deviceId, verdict: 'refused', reason: 'syncIdReused', params: null }, false);
      return verdictOf(ctx, done, true);
    }
    const row = await judge(tx, ctx, item);
    await tx.update(offlineScans).set(row).where(eq(offlineScans.deviceId, item.deviceId));
    return verdictOf(ctx, { deviceId: item.deviceId, ...row }, false);
  });
}

async function judge(tx: Db, ctx: OrderCtx, item: SyncItem): Promise<Pick<Row, 'verdict' | 'reason' | 'params'>> {
  try {
    const result = await tx.transaction((inner) => (item.op === 'scan'
      ? scanIn(inner, ctx, { orderId: item.orderId, barcode: item.barcode, locationId: item.locationId, adjustKind: item.adjustKind })
      : unscanIn(inner, ctx, item.orderId, item.barcode)));
    return { verdict: result.action, reason: null, params: null };
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    return { verdict: 'refused', reason: err.key, params: { ...(err.params ?? {}), ...(err.field ? { field: err.field } : {}) } };
  }
}

/**
 * A device's queued scans, in the order they were read, each judged once by its device id
 * under the caller's permission (the route's) and data scope. A batch naming another user is
 * refused whole: a queue is sent only by the user who made it.
 */
export async function syncScans(ctx: OrderCtx, items: SyncItem[]): Promise<SyncAnswer> {
  if (items.some((i) => i.userId !== ctx.user.id)) throw new AppError(403, 'syncOtherUser');
  const verdicts: SyncVerdict[] = [];
  for (const item of items) verdicts.push(await syncOne(ctx, item));
  return { verdicts };
}
