import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { deletedAnswer, idAnswer } from '../../../shared/api/envelope';
import {
  completeResult, locationOptions, locationsBody, markAnswer, orderBase, orderDetail, orderFilters, orderIdBody, orderIdsBody, orderInput,
  orderOptions, orderPageAnswer, scanBody, scanResult, unscanBody, uploadBody, uploadResult,
  type LocationOption, type OrderDetail, type OrderOptions,
} from '../../../shared/api/orders';
import { offlineBook, syncAnswer, syncBody } from '../../../shared/api/offlineSync';
import { pageBody } from '../../../shared/api/paging';
import { ORDER_PAGE_NAMES, ORDER_PAGES, ORDER_TYPES, orderPerm, type OrderPage } from '../../../shared/orders/orderTypes';
import { brands, dealers, materials, orders, storageLocations, warehouses } from '../../db/schema';
import { notFound } from '../../http/errors';
import { offsetOf, orderFrom, pageAnswer } from '../../http/paging';
import { defineRoute, type RouteContext, type RouteDef } from '../../http/route';
import { inBatches, streamXlsx } from '../../http/xlsx';
import type { Services } from '../../services';
import { allows, inScope } from '../../platform/dataScope';
import { completeOrder } from './completion';
import { deliveryNoteRoutes } from './deliveryNotes';
import { orderColumns } from './orderColumns';
import type { OrderCtx } from './orderContext';
import { cancelOrder, deleteOrders, markOrders, saveOrder, updateOrder } from './orderWrites';
import { countOrders, filterWhere, listOrders, orderLinesOf, orderScansOf, pageScope, sortable } from './queries';
import { offlineBookOf } from './offlineBook';
import { syncScans } from './offlineSync';
import { scanOne, unscanOne, uploadScans } from './scanning';
import { stocktakeLineRoutes } from './stocktakeLines';
import { traceRoutes } from './trace';
import { XLSX_FILE } from '../../http/rawAnswers';

const TAG = 'orders';

/** The same calls for every page of the Order group, each guarded by that page's permission. */
function pageRoutes(services: Services, page: OrderPage): RouteDef[] {
  const { db } = services;
  const base = orderBase(page);
  const perm = orderPerm(page);
  const title = page;
  const ctxOf = async ({ user, lang, req, scope }: RouteContext<unknown>): Promise<OrderCtx> => ({
    db, user, lang, page, ip: req.ip, scope: await scope(),
  });
  /** One call of the page; its answer is a schema, or `'file'` for a download the handler streams itself. */
  const route = <S extends z.ZodType>(action: string, permission: string, body: S, answer: z.ZodType | 'file', summary: string, handler: (ctx: OrderCtx, body: z.output<S>, rc: RouteContext<z.output<S>>) => Promise<unknown>) =>
    defineRoute({
      method: 'POST', url: `${base}/${action}`, tag: TAG, permission, body, summary: `${title}: ${summary}`,
      ...(answer === 'file' ? { raw: XLSX_FILE } : { answer }),
      handler: async (rc) => handler(await ctxOf(rc), rc.body, rc),
    });

  return [
    route('selectByPage', perm, pageBody.extend(orderFilters.shape), orderPageAnswer, 'a page of orders with planned and scanned counts', async (ctx, body) => {
      const where = and(pageScope(page, ctx.scope), filterWhere(body));
      const [list, total] = await Promise.all([
        listOrders(db, where, orderFrom(body.orderBy, sortable, desc(orders.id)), body.pageSize, offsetOf(body)),
        countOrders(db, where),
      ]);
      return pageAnswer(list, total, body);
    }),
    route('detail', perm, orderIdBody, orderDetail, 'one order with its lines (and on-hand) and scanned barcodes', async (ctx, { id }) => {
      const [order] = await listOrders(db, and(eq(orders.id, id), pageScope(page, ctx.scope)), [orders.id], 1, 0);
      if (!order) throw notFound();
      const [lines, scans] = await Promise.all([orderLinesOf(db, id, order.warehouseId), orderScansOf(db, id)]);
      return { ...order, lines, scans } as unknown as OrderDetail;
    }),
    route('options', perm, z.object({}).strict(), orderOptions, 'dealers, warehouses and materials the form offers, in scope', async (ctx): Promise<OrderOptions> => {
      const [dealerRows, warehouseRows, materialRows] = await Promise.all([
        db.select({ id: dealers.id, code: dealers.code, name: dealers.name }).from(dealers).where(inScope(dealers.id, ctx.scope.dealerIds)).orderBy(asc(dealers.code)),
        db.select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, dealerId: warehouses.dealerId }).from(warehouses)
          .where(inScope(warehouses.id, ctx.scope.warehouseIds)).orderBy(asc(warehouses.code)),
        db.select({ id: materials.id, code: materials.code, name: materials.name, specification: materials.specification, pattern: materials.pattern, brandName: brands.name })
          .from(materials).innerJoin(brands, eq(brands.id, materials.brandId)).where(eq(materials.status, 'normal')).orderBy(asc(materials.code)),
      ]);
      return { dealers: dealerRows, warehouses: warehouseRows, materials: materialRows };
    }),
    route('locations', perm, locationsBody, locationOptions, 'storage locations of a warehouse in scope, for scans', async (ctx, { warehouseId }): Promise<LocationOption[]> => {
      if (!allows(ctx.scope.warehouseIds, warehouseId)) throw notFound();
      return db.select({ id: storageLocations.id, code: storageLocations.code, name: storageLocations.name }).from(storageLocations)
        .where(and(eq(storageLocations.warehouseId, warehouseId), eq(storageLocations.status, 'normal'))).orderBy(asc(storageLocations.code));
    }),
    route('save', `${perm}:add`, orderInput, idAnswer, 'create an order (a delivery to a dealer also notifies it)', async (ctx, body) => {
      const { id, dealerId, notice } = await saveOrder(ctx, body);
      if (notice && dealerId != null) services.realtime.notice(dealerId, notice);
      return { id };
    }),
    route('update', `${perm}:edit`, z.intersection(orderIdBody.strip(), orderInput), idAnswer, 'change an open order', async (ctx, body) => {
      const { id, ...input } = body;
      await updateOrder(ctx, id, input);
      return { id };
    }),
    route('delete', `${perm}:delete`, orderIdsBody, deletedAnswer, 'delete orders nothing was scanned on', async (ctx, { ids }) => ({ deleted: await deleteOrders(ctx, ids) })),
    route('cancel', `${perm}:cancel`, orderIdBody, idAnswer, 'cancel an open order', async (ctx, { id }) => {
      await cancelOrder(ctx, id);
      services.outbox.wake();
      return { id };
    }),
    route('scan', `${perm}:scan`, scanBody, scanResult, 'scan one barcode onto an open order (judged at once)', (ctx, body) => scanOne(ctx, body)),
    route('unscan', `${perm}:scan`, unscanBody, scanResult, 'take a scanned barcode off an open order', (ctx, body) => unscanOne(ctx, body.orderId, body.barcode)),
    route('sync', `${perm}:scan`, syncBody, syncAnswer, 'scans and unscans queued offline, in order, each judged once by its device id', (ctx, body) => syncScans(ctx, body.items)),
    route('offlineBook', `${perm}:scan`, orderIdBody, offlineBook, 'the tyres the order may take now, for the device to check scans while offline', (ctx, { id }) => offlineBookOf(ctx, id)),
    route('upload', `${perm}:scan`, uploadBody, uploadResult, 'a PDA upload of many scans: all or nothing, idempotent by uploadId', (ctx, body) => uploadScans(ctx, body)),
    route('complete', `${perm}:complete`, orderIdBody, completeResult, 'post the scans as stock moves in one transaction', async (ctx, { id }) => {
      const { result, change } = await completeOrder(ctx, id);
      // Its webhooks (and its alerts') leave from this node at once.
      services.outbox.wake();
      if (change) services.realtime.stockChanged(change);
      return result;
    }),
    route('markPrinted', `${perm}:print`, orderIdsBody, markAnswer, 'record that order cards were printed', async (ctx, { ids }) => ({ marked: await markOrders(ctx, ids, 'print') })),
    route('markUploaded', `${perm}:upload`, orderIdsBody, markAnswer, 'record that completed orders were uploaded to the ERP', async (ctx, { ids }) => ({ marked: await markOrders(ctx, ids, 'upload') })),
    route('export', `${perm}:export`, orderFilters.extend({ ids: z.array(z.coerce.number().int()).max(10_000).optional() }), 'file', 'the filtered orders as a streamed xlsx file', async (ctx, body, { reply }) => {
      const { ids, ...filters } = body;
      const where = and(pageScope(page, ctx.scope), filterWhere(filters), ids?.length ? inArray(orders.id, ids) : undefined);
      const rows = inBatches((after, limit) => listOrders(db, and(where, gt(orders.id, after)), [orders.id], limit, 0));
      const name = ORDER_TYPES[ORDER_PAGES[page][0]];
      await streamXlsx(reply, `${ctx.lang === 'zh-CN' ? name.zh : name.en}.xlsx`, ctx.lang, orderColumns, rows);
    }),
  ];
}

/** Warehouse › Orders: every order page, the stocktake lines, the barcode trace and the maker's delivery notes. */
export function orderRoutes(services: Services): RouteDef[] {
  return [...ORDER_PAGE_NAMES.flatMap((page) => pageRoutes(services, page)), ...stocktakeLineRoutes(services), ...traceRoutes(services), ...deliveryNoteRoutes(services)];
}
