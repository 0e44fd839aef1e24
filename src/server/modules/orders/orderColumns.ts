import type { Language } from '../../../shared/i18n/languages';
import { orderTypeLabel } from '../../../shared/orders/orderTypes';
import type { SheetColumn } from '../../http/xlsx';
import type { HeldOrder } from './queries';

const STATUS: Record<string, Record<Language, string>> = {
  0: { 'zh-CN': '新建', 'en-US': 'Created' }, 1: { 'zh-CN': '扫描中', 'en-US': 'Scanning' },
  2: { 'zh-CN': '已完成', 'en-US': 'Completed' }, 3: { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
};
const YES_NO: Record<Language, [string, string]> = { 'zh-CN': ['是', '否'], 'en-US': ['Yes', 'No'] };
const yes = (v: string, lang: Language) => YES_NO[lang][v === '1' ? 0 : 1];

/** The order list as a sheet (export). */
export const orderColumns: SheetColumn<HeldOrder>[] = [
  { key: 'orderNo', header: { 'zh-CN': '单号', 'en-US': 'Order no' }, width: 22, value: (r) => r.orderNo },
  { key: 'orderType', header: { 'zh-CN': '类型', 'en-US': 'Type' }, value: (r, lang) => `${r.orderType} ${orderTypeLabel(r.orderType, lang)}` },
  { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r, lang) => STATUS[r.status]?.[lang] ?? r.status },
  { key: 'dealer', header: { 'zh-CN': '经销商', 'en-US': 'Dealer' }, width: 28, value: (r) => (r.dealerCode ? `${r.dealerCode} ${r.dealerName}` : '') },
  { key: 'warehouse', header: { 'zh-CN': '仓库', 'en-US': 'Warehouse' }, width: 28, value: (r) => `${r.warehouseCode} ${r.warehouseName}` },
  { key: 'target', header: { 'zh-CN': '调入仓库', 'en-US': 'Target warehouse' }, width: 28, value: (r) => (r.targetWarehouseCode ? `${r.targetWarehouseCode} ${r.targetWarehouseName}` : '') },
  { key: 'counterparty', header: { 'zh-CN': '往来单位', 'en-US': 'Counterparty' }, width: 24, value: (r) => r.counterparty },
  { key: 'externalNo', header: { 'zh-CN': '外部单号', 'en-US': 'External no' }, value: (r) => r.externalNo },
  { key: 'plannedQty', header: { 'zh-CN': '计划数量', 'en-US': 'Planned' }, width: 10, value: (r) => r.plannedQty },
  { key: 'scannedQty', header: { 'zh-CN': '已扫数量', 'en-US': 'Scanned' }, width: 10, value: (r) => r.scannedQty },
  { key: 'uploadStatus', header: { 'zh-CN': '已上传', 'en-US': 'Uploaded' }, width: 10, value: (r, lang) => yes(r.uploadStatus, lang) },
  { key: 'printStatus', header: { 'zh-CN': '已打印', 'en-US': 'Printed' }, width: 10, value: (r, lang) => yes(r.printStatus, lang) },
  { key: 'createdBy', header: { 'zh-CN': '创建人', 'en-US': 'Created by' }, value: (r) => r.createdBy },
  { key: 'createdAt', header: { 'zh-CN': '创建时间', 'en-US': 'Created at' }, width: 20, value: (r) => r.createdAt },
  { key: 'completedAt', header: { 'zh-CN': '完成时间', 'en-US': 'Completed at' }, width: 20, value: (r) => r.completedAt },
];
