import { ORDER_TYPES } from '../../../shared/orders/orderTypes';
import type { SheetColumn } from '../../http/xlsx';
import type { HeldOrder } from './queries';

const STATUS: Record<string, [string, string]> = { 0: ['新建', 'Created'], 1: ['扫描中', 'Scanning'], 2: ['已完成', 'Completed'], 3: ['已取消', 'Cancelled'] };
const yes = (v: string) => (v === '1' ? 'Y' : 'N');

/** The order list as a sheet (export). */
export const orderColumns: SheetColumn<HeldOrder>[] = [
  { key: 'orderNo', header: { 'zh-CN': '单号', 'en-US': 'Order no' }, width: 22, value: (r) => r.orderNo },
  { key: 'orderType', header: { 'zh-CN': '类型', 'en-US': 'Type' }, value: (r) => `${r.orderType} ${ORDER_TYPES[r.orderType].zh}` },
  { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => STATUS[r.status]?.join(' / ') ?? r.status },
  { key: 'dealer', header: { 'zh-CN': '经销商', 'en-US': 'Dealer' }, width: 28, value: (r) => (r.dealerCode ? `${r.dealerCode} ${r.dealerName}` : '') },
  { key: 'warehouse', header: { 'zh-CN': '仓库', 'en-US': 'Warehouse' }, width: 28, value: (r) => `${r.warehouseCode} ${r.warehouseName}` },
  { key: 'target', header: { 'zh-CN': '调入仓库', 'en-US': 'Target warehouse' }, width: 28, value: (r) => (r.targetWarehouseCode ? `${r.targetWarehouseCode} ${r.targetWarehouseName}` : '') },
  { key: 'counterparty', header: { 'zh-CN': '往来单位', 'en-US': 'Counterparty' }, width: 24, value: (r) => r.counterparty },
  { key: 'externalNo', header: { 'zh-CN': '外部单号', 'en-US': 'External no' }, value: (r) => r.externalNo },
  { key: 'plannedQty', header: { 'zh-CN': '计划数量', 'en-US': 'Planned' }, width: 10, value: (r) => r.plannedQty },
  { key: 'scannedQty', header: { 'zh-CN': '已扫数量', 'en-US': 'Scanned' }, width: 10, value: (r) => r.scannedQty },
  { key: 'uploadStatus', header: { 'zh-CN': '已上传', 'en-US': 'Uploaded' }, width: 10, value: (r) => yes(r.uploadStatus) },
  { key: 'printStatus', header: { 'zh-CN': '已打印', 'en-US': 'Printed' }, width: 10, value: (r) => yes(r.printStatus) },
  { key: 'createdBy', header: { 'zh-CN': '创建人', 'en-US': 'Created by' }, value: (r) => r.createdBy },
  { key: 'createdAt', header: { 'zh-CN': '创建时间', 'en-US': 'Created at' }, width: 20, value: (r) => r.createdAt },
  { key: 'completedAt', header: { 'zh-CN': '完成时间', 'en-US': 'Completed at' }, width: 20, value: (r) => r.completedAt },
];
