import { eq, sql } from 'drizzle-orm';
import { TRACE_EXPORT_PATH, TRACE_EXPORT_PERM, traceExportBody } from '../../../../shared/analytics/reports/inventory';
import type { Language } from '../../../../shared/i18n/languages';
import { queryRows } from '../../../db/client';
import { barcodes } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { defineRoute, type RouteDef } from '../../../http/route';
import { inBatches, streamXlsx, type SheetColumn } from '../../../http/xlsx';
import type { Services } from '../../../services';
import { barcodeInScope } from '../../../platform/dataScope';
import { scopeSql } from '../registry';
import { localTime, orderTypeName } from '../reports/reportSql';
import { XLSX_FILE } from '../../../http/rawAnswers';

type TraceRow = {
  id: number; movedAt: string; orderNo: string | null; orderType: string; qty: number; dealerName: string | null;
  warehouseName: string | null; locationCode: string | null; userName: string | null; record: 'normal' | 'cancelled' | 'correction';
};

const RECORD: Record<TraceRow['record'], Record<Language, string>> = {
  normal: { 'zh-CN': '正常', 'en-US': 'Normal' },
  cancelled: { 'zh-CN': '已撤销', 'en-US': 'Cancelled' },
  correction: { 'zh-CN': '更正', 'en-US': 'Correction' },
};
const text = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/**
 * The barcode trace as a streamed xlsx, like every report's export: one row per move of the tyre
 * within the caller's data scope, oldest first, marking corrections and the moves they cancelled.
 */
export function traceExportRoutes({ db }: Services): RouteDef[] {
  return [defineRoute({
    method: 'POST', url: TRACE_EXPORT_PATH, tag: 'orders', permission: TRACE_EXPORT_PERM, body: traceExportBody, raw: XLSX_FILE,
    summary: 'Barcode trace: the tyre\'s moves within the caller\'s data scope as a streamed xlsx file',
    handler: async ({ body, lang, reply, scope: dataScope }) => {
      const scope = await dataScope();
      const [barcode] = await db.select({ dealerId: barcodes.dealerId, warehouseId: barcodes.warehouseId }).from(barcodes).where(eq(barcodes.code, body.barcode));
      if (!barcode || !barcodeInScope(scope, barcode)) throw notFound();
      const columns: SheetColumn<TraceRow>[] = [
        { key: 'barcode', header: text('条码', 'Barcode'), width: 22, value: () => body.barcode },
        { key: 'movedAt', header: text('时间', 'Time'), width: 20, value: (r) => r.movedAt },
        { key: 'orderNo', header: text('单号', 'Order no'), width: 20, value: (r) => r.orderNo },
        { key: 'orderType', header: text('单据类型', 'Order type'), width: 16, value: (r) => r.orderType },
        { key: 'qty', header: text('数量', 'Quantity'), width: 10, value: (r) => r.qty },
        { key: 'dealerName', header: text('经销商', 'Dealer'), width: 24, value: (r) => r.dealerName },
        { key: 'warehouseName', header: text('仓库', 'Warehouse'), width: 20, value: (r) => r.warehouseName },
        { key: 'locationCode', header: text('库位', 'Location'), width: 14, value: (r) => r.locationCode },
        { key: 'userName', header: text('操作人', 'User'), width: 14, value: (r) => r.userName },
        { key: 'record', header: text('记录', 'Record'), width: 12, value: (r, l) => RECORD[r.record][l] },
      ];
      const rows = inBatches((after, limit) => queryRows<TraceRow>(db, sql`
        select m.id, ${localTime(sql`m.moved_at`)} as "movedAt", o.order_no as "orderNo", ${orderTypeName(sql`m.order_type`, lang)} as "orderType",
          m.qty, d.name as "dealerName", w.name as "warehouseName", l.code as "locationCode", u.nick_name as "userName",
          case when m.reverses_id is not null then 'correction'
               when exists (select 1 from stock_moves r where r.barcode = m.barcode and r.reverses_id = m.id) then 'cancelled' else 'normal' end as record
        from stock_moves m left join orders o on o.id = m.order_id left join dealers d on d.id = m.dealer_id
          left join warehouses w on w.id = m.warehouse_id left join storage_locations l on l.id = m.location_id left join users u on u.id = m.user_id
        where m.barcode = ${body.barcode} and m.id > ${after} and ${scopeSql(scope, sql`m.dealer_id`, sql`m.warehouse_id`)}
        order by m.id limit ${limit}`));
      await streamXlsx(reply, `${text('条码追溯', 'Barcode trace')[lang]} ${body.barcode}.xlsx`, lang, columns, rows);
    },
  })];
}
