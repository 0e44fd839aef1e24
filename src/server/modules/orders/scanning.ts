import { announceMonitor } from '../../platform/monitorEvents';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ScanRefusal, ScanResult, scanBody, UploadResult, uploadBody } from '../../../shared/api/orders';
import { message } from '../../../shared/i18n/messages';
import { isInbound, ORDER_PAGES, ORDER_STATUS, ORDER_TYPES, type AdjustKind } from '../../../shared/orders/orderTypes';
import { preparedStatement, type Db } from '../../db/client';
import { isUniqueViolation } from '../../db/pgErrors';
import { orderLines, orderScans, orders, pdaUploads, storageLocations, uploadLogs } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { assertOpen, dealerFlags, heldBarcodes, linesOf, loadOrder, type OrderCtx, type OrderHeader } from './orderContext';
import { isRefusal, ScanPlanner, type HeldBarcode, type ScanLine } from './scanRules';

interface ScanRequest { barcode: string; locationId?: number | null; adjustKind?: AdjustKind }

/** What scanning reads of an order's header. */
type ScanHeader = Pick<OrderHeader, 'id' | 'orderType' | 'status' | 'dealerId' | 'warehouseId'>;

/** Checks the scans' locations: in the order's warehouse, and named when the dealer keeps stock by location. */
async function checkLocations(tx: Db, order: ScanHeader, requests: ScanRequest[], locationEnabled: boolean) {
  const effect = ORDER_TYPES[order.orderType].effect;
  const placing = isInbound(effect) || effect === 'count' || effect === 'adjust';
  if (!placing) return;
  if (locationEnabled) {
    // Loss lines take a tyre away, so only found and received tyres need a place.
    if (requests.some((r) => !r.locationId && !(effect === 'adjust' && r.adjustKind === 'loss'))) throw badRequest('locationRequired', 'locationId');
  }
  const ids = [...new Set(requests.map((r) => r.locationId).filter((id): id is number => id != null))];
  if (!ids.length) return;
  const found = await tx.select({ id: storageLocations.id }).from(storageLocations)
    .where(and(inArray(storageLocations.id, ids), eq(storageLocations.warehouseId, order.warehouseId)));
  if (found.length !== ids.length) throw badRequest('notOfWarehouse', 'locationId');
}

/**
 * The order's planner, knowing the scans already on the order: all of them for an upload, or
 * just the one barcode a single scan is about (a long order's scans are not read per scan).
 * Queries run one after another: a transaction holds one connection.
 */
async function plannerFor(tx: Db, order: ScanHeader, duplicateScanDelete: boolean, onlyBarcode?: string) {
  const lines = await linesOf(tx, order.id);
  const scans = await tx.select({ barcode: orderScans.barcode, lineId: orderScans.lineId }).from(orderScans)
    .where(and(eq(orderScans.orderId, order.id), onlyBarcode ? eq(orderScans.barcode, onlyBarcode) : undefined));
  return new ScanPlanner(order, lines, new Map(scans.map((s) => [s.barcode, s.lineId])), duplicateScanDelete);
}

/** Writes accepted scans; an open order starts scanning. The caller brings the lines' counts up to date. */
async function writeScans(tx: Db, ctx: OrderCtx, order: ScanHeader, added: { req: ScanRequest; held: HeldBarcode; lineId: number | null }[], source: 'WEB' | 'PDA') {
  for (let i = 0; i < added.length; i += 1000) {
    await tx.insert(orderScans).values(added.slice(i, i + 1000).map(({ req, held, lineId }) => ({
      orderId: order.id, lineId, barcode: req.barcode, materialId: held.materialId, locationId: req.locationId ?? null,
      adjustKind: req.adjustKind ?? null, source, userId: ctx.user.id,
    })));
  }
  if (order.status === ORDER_STATUS.created) await tx.update(orders).set({ status: ORDER_STATUS.scanning }).where(eq(orders.id, order.id));
}

/** One line's count moves by one scan (the order row is locked, so counts cannot race). */
const stepLine = (tx: Db, lineId: number | null, by: 1 | -1) =>
  lineId == null ? undefined : tx.update(orderLines).set({ scannedQty: sql`${orderLines.scannedQty} + ${by}` }).where(eq(orderLines.id, lineId));

/** Lines' scanned counts from the scans themselves, so they cannot drift. */
async function recountLines(tx: Db, orderId: number) {
  await tx.update(orderLines).set({
    scannedQty: sql`(select count(*)::int from ${orderScans} s where s.line_id = ${orderLines.id})`,
  }).where(eq(orderLines.orderId, orderId));
}

/**
 * The answer to a scan. The order's scanned count is the sum of its lines' counts (every scan of
 * an order with lines counts on one, and the order's lock keeps the counts exact); a stocktake's
 * scans count on no line, so its count is `counted`, read by the caller.
 */
function answer(order: ScanHeader, planner: ScanPlanner, action: ScanResult['action'], held: HeldBarcode | undefined, code: string, lineId: number | null, counted?: number): ScanResult {
  const line = planner.line(lineId);
  const scanned = counted ?? planner.lineScannedQty;
  return {
    action, barcode: code, materialCode: held?.materialCode ?? '', materialName: held?.materialName ?? '',
    lineId, lineScanned: line?.scannedQty ?? scanned, linePlanned: line?.plannedQty ?? null,
    scannedQty: scanned, plannedQty: planner.plannedQty,
    status: scanned > 0 && order.status === ORDER_STATUS.created ? ORDER_STATUS.scanning : order.status as ScanResult['status'],
  };
}

const scansOnOrder = async (tx: Db, orderId: number) =>
  Number((await tx.select({ n: sql<number>`count(*)::int` }).from(orderScans).where(eq(orderScans.orderId, orderId)))[0].n);

/** Whether the order's scans count on its lines (all but a stocktake's). */
const countsOnLines = (order: ScanHeader) => ORDER_TYPES[order.orderType].effect !== 'count';

interface LockedForScan {
  order: ScanHeader;
  flags: { duplicateScanDelete: boolean; locationEnabled: boolean };
  held: HeldBarcode | undefined;
}

const value = (name: string) => sql.placeholder(name);

interface LockRow {
  id: number; orderType: ScanHeader['orderType']; status: string; dealerId: number | null; warehouseId: number;
  flagsOf: number | null; duplicateScanDelete: boolean | null; locationEnabled: boolean | null;
  code: string | null; materialId: number; materialCode: string; materialName: string; tyreStatus: string;
  tyreDealerId: number | null; tyreWarehouseId: number | null; warehouseName: string | null; locationId: number | null; dotCode: string | null;
}

// The page's types and the caller's scope are pageScope's conditions with the lists bound as
// values (null: unrestricted, none: nothing), so the statement's text is the same for every call.
const lockStatement = preparedStatement<LockRow>('scan_lock', sql`
  select o.id as "id", o.order_type as "orderType", o.status as "status", o.dealer_id as "dealerId", o.warehouse_id as "warehouseId",
    d.id as "flagsOf", d.duplicate_scan_delete as "duplicateScanDelete", d.location_enabled as "locationEnabled",
    b.code as "code", b.material_id as "materialId", m.code as "materialCode", m.name as "materialName", b.status as "tyreStatus",
    b.dealer_id as "tyreDealerId", b.warehouse_id as "tyreWarehouseId", w.name as "warehouseName", b.location_id as "locationId", b.dot_code as "dotCode"
  from orders o
  left join dealers d on d.id = o.dealer_id
  left join barcodes b on b.code = ${value('barcode')}
  left join materials m on m.id = b.material_id
  left join warehouses w on w.id = b.warehouse_id
  where o.id = ${value('orderId')} and o.order_type = any(${value('types')}::text[])
    and (${value('dealerIds')}::int[] is null or o.dealer_id = any(${value('dealerIds')}::int[]))
    and (${value('warehouseIds')}::int[] is null or o.warehouse_id = any(${value('warehouseIds')}::int[]))
  for update of o`);

/**
 * The order locked (within the page's types and the caller's scope, 404 otherwise), with its
 * dealer's scanning flags and the scanned tyre as it is now, in one statement. The order's columns
 * are those of the row as locked (PostgreSQL reads a row again once a waited-for lock is granted);
 * the flags and the tyre are read as of the statement's start, which is as good as after the lock:
 * no scan writes them, and an order completed meanwhile is refused as no longer open. The lines
 * and the order's scans, which scans write under this lock, are read by the next statement, so a
 * scan sees what the one that held the lock before it wrote (counts stay exact under 50 scanners).
 */
async function lockForScan(tx: Db, ctx: OrderCtx, orderId: number, code: string): Promise<LockedForScan> {
  const [row] = await lockStatement(tx, {
    orderId, barcode: code, types: ORDER_PAGES[ctx.page], dealerIds: ctx.scope.dealerIds, warehouseIds: ctx.scope.warehouseIds,
  });
  if (!row) throw notFound();
  const order: ScanHeader = { id: row.id, orderType: row.orderType, status: row.status, dealerId: row.dealerId, warehouseId: row.warehouseId };
  // The order's dealer changed while this scan waited for the lock (an edit of the header): the
  // dealer row joined above is the old one, so the new one's flags are read on their own.
  const flags = row.flagsOf === order.dealerId
    ? { duplicateScanDelete: row.duplicateScanDelete ?? false, locationEnabled: row.locationEnabled ?? false }
    : await dealerFlags(tx, order.dealerId);
  const held: HeldBarcode | undefined = row.code == null ? undefined : {
    code: row.code, materialId: row.materialId, materialCode: row.materialCode, materialName: row.materialName, status: row.tyreStatus,
    dealerId: row.tyreDealerId, warehouseId: row.tyreWarehouseId, warehouseName: row.warehouseName, locationId: row.locationId, dotCode: row.dotCode,
  };
  return { order, flags, held };
}

const linesStatement = preparedStatement<ScanLine & { onOrder: boolean }>('scan_lines', sql`
  select id, material_id as "materialId", planned_qty as "plannedQty", scanned_qty as "scannedQty", adjust_kind as "adjustKind", false as "onOrder"
  from order_lines where order_id = ${value('orderId')}
  union all
  select line_id, null, null, null, null, true from order_scans where order_id = ${value('orderId')} and barcode = ${value('barcode')}`);

/** The order's lines and the line the barcode counts on when it is already on the order, in one statement. */
async function scanPlanner(tx: Db, order: ScanHeader, duplicateScanDelete: boolean, code: string): Promise<ScanPlanner> {
  const rows = await linesStatement(tx, { orderId: order.id, barcode: code });
  const lines = rows.filter((r) => !r.onOrder).map(({ onOrder: _, ...line }) => line);
  const scanned = new Map(rows.filter((r) => r.onOrder).map((r) => [code, r.id as number | null]));
  return new ScanPlanner(order, lines, scanned, duplicateScanDelete);
}

/** A scan written: its row, its line's count, and a created order's start of scanning (no write when already scanning). */
const addStatement = preparedStatement('scan_add', sql`
  with added as (
    insert into order_scans (order_id, line_id, barcode, material_id, location_id, adjust_kind, source, user_id)
    values (${value('orderId')}, ${value('lineId')}, ${value('barcode')}, ${value('materialId')}, ${value('locationId')}, ${value('adjustKind')}, 'WEB', ${value('userId')})
  ), counted as (
    update order_lines set scanned_qty = scanned_qty + 1 where id = ${value('lineId')}
  ), started as (
    update orders set status = ${ORDER_STATUS.scanning} where id = ${value('orderId')} and status = ${ORDER_STATUS.created}
  )
  select 1`);

/**
 * One scan from the console (a handheld acting as keyboard, or typing): judged at once. Four
 * statements in the transaction: the order locked with what the scan is judged on, the lines,
 * the write, and a stocktake's count (a stocktake's scans count on no line).
 */
export async function scanOne(ctx: OrderCtx, body: z.infer<typeof scanBody>): Promise<ScanResult> {
  return ctx.db.transaction((tx) => scanIn(tx, ctx, body));
}

/** One scan inside the caller's transaction: the console's scan, and each scan of an offline batch (offlineSync.ts). */
export async function scanIn(tx: Db, ctx: OrderCtx, body: z.infer<typeof scanBody>): Promise<ScanResult> {
  const { order, flags, held } = await lockForScan(tx, ctx, body.orderId, body.barcode);
  assertOpen(order);
  const planner = await scanPlanner(tx, order, flags.duplicateScanDelete, body.barcode);
  const outcome = planner.apply(body.barcode, held, body.adjustKind);
  if (isRefusal(outcome)) throw conflict(outcome.key, undefined, outcome.params);
  if (outcome.action === 'removed') {
    await tx.delete(orderScans).where(and(eq(orderScans.orderId, order.id), eq(orderScans.barcode, body.barcode)));
    await stepLine(tx, outcome.lineId, -1);
    return answer(order, planner, 'removed', held, body.barcode, outcome.lineId, countsOnLines(order) ? undefined : await scansOnOrder(tx, order.id));
  }
  const lineId = outcome.line?.id ?? null;
  await checkLocations(tx, order, [body], flags.locationEnabled);
  await addStatement(tx, {
    orderId: order.id, lineId, barcode: body.barcode, materialId: held!.materialId, locationId: body.locationId ?? null,
    adjustKind: body.adjustKind ?? null, userId: ctx.user.id,
  });
  return answer(order, planner, 'added', held, body.barcode, lineId, countsOnLines(order) ? undefined : await scansOnOrder(tx, order.id));
}

/** Takes a scanned barcode off an open order. */
export async function unscanOne(ctx: OrderCtx, orderId: number, code: string): Promise<ScanResult> {
  return ctx.db.transaction((tx) => unscanIn(tx, ctx, orderId, code));
}

/** An unscan inside the caller's transaction. */
export async function unscanIn(tx: Db, ctx: OrderCtx, orderId: number, code: string): Promise<ScanResult> {
  const order = await loadOrder(tx, ctx, orderId, true);
  assertOpen(order);
  const [gone] = await tx.delete(orderScans).where(and(eq(orderScans.orderId, order.id), eq(orderScans.barcode, code)))
    .returning({ lineId: orderScans.lineId });
  if (!gone) throw conflict('barcodeNotScanned', undefined, { barcode: code });
  await stepLine(tx, gone.lineId, -1);
  const planner = await plannerFor(tx, order, false, code);
  return answer(order, planner, 'removed', (await heldBarcodes(tx, [code])).get(code), code, gone.lineId, countsOnLines(order) ? undefined : await scansOnOrder(tx, order.id));
}

/**
 * A PDA's batch of scans: every barcode is judged as if scanned one after another; one refusal
 * refuses the whole upload (the answer lists each refused barcode). The upload id makes a
 * retry safe: the same id again answers the first result and writes nothing.
 */
export async function uploadScans(ctx: OrderCtx, body: z.infer<typeof uploadBody>): Promise<UploadResult> {
  const log = async (values: Partial<typeof uploadLogs.$inferInsert> & { ok: boolean }) => {
    await ctx.db.insert(uploadLogs).values({ uploadId: body.uploadId, orderId: body.orderId, dealerId: ctx.user.dealerId, userId: ctx.user.id, ...values });
    announceMonitor('upload', ctx.user.dealerId);
  };
  try {
    const result = await takeUpload(ctx, body).catch((err: unknown) => {
      // The same id sent at the same moment to two orders: each order's lock lets its upload
      // past the replay check, and the id's primary key refuses the second one.
      throw isUniqueViolation(err, 'pda_uploads_pkey') ? conflict('uploadIdReused', 'uploadId') : err;
    });
    if (!result.replayed) await log({ ok: true, accepted: result.accepted });
    return result;
  } catch (err) {
    // A refused upload is recorded after its transaction rolled back: the upload monitor shows failures too.
    if (err instanceof AppError) {
      const errors = (err.data as { errors?: unknown[] } | undefined)?.errors;
      await log({ ok: false, refused: errors?.length ?? 0, message: message(ctx.lang, err.key, err.params).slice(0, 512) });
    }
    throw err;
  }
}

async function takeUpload(ctx: OrderCtx, body: z.infer<typeof uploadBody>): Promise<UploadResult> {
  return ctx.db.transaction(async (tx) => {
    const order = await loadOrder(tx, ctx, body.orderId, true);
    const [done] = await tx.select().from(pdaUploads).where(eq(pdaUploads.uploadId, body.uploadId));
    if (done) {
      if (done.orderId !== order.id) throw conflict('uploadIdReused', 'uploadId');
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(orderScans).where(eq(orderScans.orderId, order.id));
      return { uploadId: body.uploadId, accepted: done.accepted, scannedQty: Number(n), replayed: true };
    }
    assertOpen(order);
    const flags = await dealerFlags(tx, order.dealerId);
    await checkLocations(tx, order, body.scans, flags.locationEnabled);
    const held = await heldBarcodes(tx, body.scans.map((s) => s.barcode));
    const planner = await plannerFor(tx, order, flags.duplicateScanDelete);
    const refusals: ScanRefusal[] = [];
    const added = new Map<string, { req: ScanRequest; held: HeldBarcode; lineId: number | null }>();
    const removed: string[] = [];
    for (const req of body.scans) {
      const outcome = planner.apply(req.barcode, held.get(req.barcode), req.adjustKind);
      if (isRefusal(outcome)) refusals.push({ barcode: req.barcode, message: message(ctx.lang, outcome.key, outcome.params) });
      else if (outcome.action === 'removed') {
        if (!added.delete(req.barcode)) removed.push(req.barcode);
      } else added.set(req.barcode, { req, held: held.get(req.barcode)!, lineId: outcome.line?.id ?? null });
    }
    if (refusals.length) throw new AppError(409, 'uploadRejected', { count: refusals.length }, 'scans', { errors: refusals });
    if (removed.length) await tx.delete(orderScans).where(and(eq(orderScans.orderId, order.id), inArray(orderScans.barcode, removed)));
    await writeScans(tx, ctx, order, [...added.values()], 'PDA');
    await recountLines(tx, order.id);
    await tx.insert(pdaUploads).values({ uploadId: body.uploadId, orderId: order.id, userId: ctx.user.id, accepted: added.size });
    return { uploadId: body.uploadId, accepted: added.size, scannedQty: planner.scannedQty, replayed: false };
  });
}
