import { createHash } from 'node:crypto';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { deliveryNoteAnswer, deliveryNoteBody, type DeliveryNoteAnswer, type DeliveryNoteBody } from '../../../shared/api/deliveryNotes';
import type { OrderInput } from '../../../shared/api/orders';
import { BARCODE_PATTERN, BARCODE_STATUS, DOT_PATTERN, orderPerm, ORDER_STATUS } from '../../../shared/orders/orderTypes';
import type { Db } from '../../db/client';
import { barcodes, inboundNotes, materials, orders, orderScans, warehouses } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import type { OrderCtx } from './orderContext';
import { deleteOrders, saveOrder } from './orderWrites';

/** Advisory-lock namespace of a delivery note's number: two sends of one note take turns. */
const NOTE_LOCK = 7_310_031;
const PAGE = 'PRorder' as const;

const refuse = (key: Parameters<typeof badRequest>[0], params: Record<string, string | number>) => new AppError(400, key, params);

/**
 * The note as a purchase receipt's input, every line and barcode checked first so a refusal
 * names the line (1-based) or the barcode (its place and its code).
 */
async function receiptOf(db: Db, note: DeliveryNoteBody, warehouseId: number): Promise<{ input: OrderInput; codes: string[] }> {
  const codes = [...new Set([...note.lines.map((l) => l.materialCode), ...note.barcodes.map((b) => b.materialCode)])];
  const found = await db.select({ id: materials.id, code: materials.code }).from(materials).where(inArray(materials.code, codes));
  const idOf = new Map(found.map((m) => [m.code, m.id]));
  const lineOf = new Map<string, number>();
  note.lines.forEach((l, i) => {
    if (!idOf.has(l.materialCode)) throw refuse('noteUnknownMaterial', { line: i + 1, code: l.materialCode });
    const first = lineOf.get(l.materialCode);
    if (first !== undefined) throw refuse('noteDuplicateLine', { line: i + 1, code: l.materialCode, first: first + 1 });
    lineOf.set(l.materialCode, i);
  });
  const seen = new Set<string>();
  const perLine = new Map<string, number>();
  const shipped = note.barcodes.map((b, i) => {
    const barcode = b.barcode.toUpperCase();
    const at = { index: i + 1, barcode: b.barcode };
    if (!BARCODE_PATTERN.test(barcode)) throw refuse('noteBadBarcode', at);
    if (seen.has(barcode)) throw refuse('noteBarcodeTwice', at);
    seen.add(barcode);
    if (!lineOf.has(b.materialCode)) throw refuse('noteBarcodeNoLine', { ...at, code: b.materialCode });
    if (b.dot && !DOT_PATTERN.test(b.dot)) throw refuse('noteBadDot', { ...at, dot: b.dot });
    perLine.set(b.materialCode, (perLine.get(b.materialCode) ?? 0) + 1);
    return { barcode, materialId: idOf.get(b.materialCode)!, dotCode: b.dot || null, batchCode: b.batch || null };
  });
  note.lines.forEach((l, i) => {
    const count = perLine.get(l.materialCode) ?? 0;
    if (count > l.quantity) throw refuse('noteTooManyBarcodes', { line: i + 1, code: l.materialCode, count, quantity: l.quantity });
  });
  const input: OrderInput = {
    orderType: note.orderType, warehouseId, counterparty: note.counterparty || null, externalNo: note.documentNo, remark: note.remark || null,
    lines: note.lines.map((l) => ({ materialId: idOf.get(l.materialCode)!, plannedQty: l.quantity })), shipped,
  };
  return { input, codes: shipped.map((s) => s.barcode) };
}

/** Refuses a barcode already registered, naming it (saveOrder would refuse it too, without its place in the note). */
async function assertNewBarcodes(tx: Db, codes: string[]) {
  for (let i = 0; i < codes.length; i += 1000) {
    const [taken] = await tx.select({ code: barcodes.code }).from(barcodes).where(inArray(barcodes.code, codes.slice(i, i + 1000))).limit(1);
    if (taken) throw new AppError(409, 'noteBarcodeTaken', { index: codes.indexOf(taken.code) + 1, barcode: taken.code });
  }
}

/**
 * Takes back what a note registered before it is replaced: its serials still pending and scanned
 * on no order. The receipt itself goes by `deleteOrders`, which refuses one that was scanned on.
 */
async function releaseBarcodes(tx: Db, codes: string[]) {
  for (let i = 0; i < codes.length; i += 1000) {
    await tx.delete(barcodes).where(and(
      inArray(barcodes.code, codes.slice(i, i + 1000)), eq(barcodes.status, BARCODE_STATUS.pending),
      notExists(tx.select({ one: sql`1` }).from(orderScans).where(eq(orderScans.barcode, barcodes.code))),
    ));
  }
}

/**
 * Inbound delivery notes from the maker's ERP (docs/integrations.md): each becomes the receiving
 * dealer's purchase receipt with its shipped serials expected, as the receipt page's `save` makes
 * it (`saveOrder`: the same checks, audit record and the dealer's new-delivery notice). Idempotent
 * by the document number (and the Idempotency-Key header when sent): the same note again answers
 * what the first answered and creates nothing; a changed note replaces the receipt while nobody has
 * scanned on it, and is refused once scanning started or the receipt is closed; a note whose receipt
 * a user deleted is taken afresh. Sends of one number
 * take turns under an advisory lock, so concurrent sends make one receipt.
 */
export function deliveryNoteRoutes(services: Services): RouteDef[] {
  const { db } = services;
  return [defineRoute({
    method: 'POST', url: '/integration/deliveryNote', tag: 'integration', permission: `${orderPerm(PAGE)}:add`, body: deliveryNoteBody, answer: deliveryNoteAnswer,
    summary: 'The maker\'s delivery note (document number, receiving warehouse by code, lines of material and quantity, up to 5,000 shipped barcodes with DOT) becomes the dealer\'s purchase receipt expecting those barcodes. Idempotent by documentNo (and the Idempotency-Key header): the same note again answers the same; a changed one replaces the receipt until it is scanned, then is refused (409). A refusal names the line or barcode',
    handler: async ({ body, user, lang, req, reply, scope }): Promise<DeliveryNoteAnswer> => {
      const rawKey = req.headers['idempotency-key'];
      const idempotencyKey = (Array.isArray(rawKey) ? rawKey[0] : rawKey)?.trim().slice(0, 128) || null;
      const ctx: OrderCtx = { db, user, lang, page: PAGE, ip: req.ip, scope: await scope() };
      const [warehouse] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, body.warehouseCode));
      if (!warehouse) throw badRequest('invalidValue', 'warehouseCode');
      const { input, codes } = await receiptOf(db, body, warehouse.id);
      const bodyHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');

      const outcome = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${NOTE_LOCK}, hashtext(${body.documentNo}))`);
        if (idempotencyKey) {
          const [byKey] = await tx.select({ documentNo: inboundNotes.documentNo }).from(inboundNotes).where(eq(inboundNotes.idempotencyKey, idempotencyKey));
          if (byKey && byKey.documentNo !== body.documentNo) throw conflict('noteKeyReused', undefined, { documentNo: byKey.documentNo });
        }
        const [held] = await tx.select().from(inboundNotes).where(eq(inboundNotes.documentNo, body.documentNo)).for('update');
        const txCtx = { ...ctx, db: tx };
        if (held) {
          const [order] = held.orderId ? await tx.select({ id: orders.id, orderNo: orders.orderNo, status: orders.status }).from(orders).where(eq(orders.id, held.orderId)) : [];
          // Parsed again, so its fields come in the answer's order (jsonb keeps its own).
          if (order && held.bodyHash === bodyHash) return { answer: deliveryNoteAnswer.parse(held.answer), replayed: true, notice: null };
          if (order) {
            const said = { documentNo: body.documentNo, orderNo: order.orderNo };
            if (order.status === ORDER_STATUS.completed || order.status === ORDER_STATUS.cancelled) throw conflict('noteReceiptClosed', undefined, said);
            if (order.status !== ORDER_STATUS.created) throw conflict('noteChangedWhileScanning', undefined, said);
            // Refused, in scope and unscanned, by deleteOrders' own checks.
            await deleteOrders(txCtx, [order.id]);
          }
          // Its receipt replaced, or deleted by a user meanwhile: the note is taken afresh.
          await releaseBarcodes(tx, held.barcodes);
        }
        await assertNewBarcodes(tx, codes);
        const saved = await saveOrder(txCtx, input, 'ERP');
        const [{ orderNo }] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, saved.id));
        const answer: DeliveryNoteAnswer = { documentNo: body.documentNo, orderId: saved.id, orderNo, lines: input.lines.length, barcodes: codes.length };
        const row = { bodyHash, orderId: saved.id, answer, barcodes: codes, userId: user.id, idempotencyKey: idempotencyKey ?? held?.idempotencyKey ?? null, updatedAt: new Date() };
        if (held) await tx.update(inboundNotes).set(row).where(eq(inboundNotes.id, held.id));
        else await tx.insert(inboundNotes).values({ documentNo: body.documentNo, ...row });
        return { answer, replayed: false, notice: saved.notice ? { dealerId: saved.dealerId!, notice: saved.notice } : null };
      });
      if (outcome.notice) services.realtime.notice(outcome.notice.dealerId, outcome.notice.notice);
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return outcome.answer;
    },
  })];
}
