import { CAR_REQUEST_API } from '../api/dispatchPaths';
import { CAR_REQUEST_STATUSES, STATUS_LABELS } from '../logistics/dispatch';
import { button, custom, f, list, report } from './build';
import { text, type PageSpec } from './types';

const STATUS_OPTIONS = CAR_REQUEST_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value].label, color: STATUS_LABELS[value].color }));

/**
 * Ordermanage › Logistics › Car requests: a dealer or warehouse asks for a vehicle for outbound
 * orders of one warehouse, to transit points in the order they are reached. The dispatch
 * columns (vehicle, driver, route, fee) are filled by the dispatcher (car management).
 */
export const carRequestPage = list('carrequest', '用车申请', 'Car requests', 'send', {
  api: CAR_REQUEST_API,
  scope: 'warehouse',
  demo: ['dealer'],
  buttons: [button('cancel', '取消申请', 'Cancel request')],
  fields: [
    f.code('requestNo', '申请单号', 'Request no', { form: false, sortable: true, width: 20 }),
    f.select('status', '状态', 'Status', STATUS_OPTIONS, { form: false, search: true, sortable: true }),
    f.ref('warehouseId', '起运仓库', 'From warehouse', 'warehouse', { required: true, search: true, sortable: true, width: 28 }),
    f.ref('orderIds', '出库单', 'Outbound orders', 'outboundOrder', {
      required: true, many: true, width: 26, hint: text('起运仓库的出库单（销售、退供、调拨等），未作废', 'Outbound orders of that warehouse (sales, returns, transfers), not cancelled'),
    }),
    f.ref('destinationIds', '目的地', 'Destinations', 'transitPoint', {
      required: true, many: true, search: true, maxValue: 20, width: 32, hint: text('按到达顺序选择中转点', 'Transit points, in the order they are reached'),
    }),
    f.date('needDate', '用车日期', 'Needed on', { required: true, sortable: true }),
    f.int('tyres', '轮胎数', 'Tyres', { required: true, min: 1, maxValue: 100_000, sortable: true }),
    f.number('weightTons', '重量(吨)', 'Weight (t)', { min: 0, maxValue: 1000 }),
    f.ref('vehicleId', '车辆', 'Vehicle', 'vehicle', { form: false }),
    f.text('driverName', '司机', 'Driver', { form: false }),
    f.phone('driverPhone', '司机电话', 'Driver phone', { form: false, table: false }),
    f.ref('routeId', '线路', 'Route', 'route', { form: false, table: false, width: 24 }),
    f.number('fee', '配送费(元)', 'Delivery fee (CNY)', { form: false, sortable: true }),
    f.number('volumeM3', '体积(m³)', 'Volume (m³)', { min: 0, maxValue: 10_000, table: false }),
    f.textarea('remark', '备注', 'Remark', { table: false, max: 256 }),
  ],
});

/** Car management: dispatchers assign a vehicle, driver and route and move the trip along; fees are reconciled here. */
export const carManagementPage: PageSpec = custom('carmanagement', '派车管理', 'Car dispatch', 'send', {
  buttons: [
    button('assign', '派车', 'Assign'), button('load', '装车', 'Start loading'), button('depart', '发车', 'Depart'),
    button('deliver', '送达', 'Delivered'), button('close', '关闭', 'Close'), button('cancel', '取消', 'Cancel'), button('export', '导出', 'Export'),
  ],
});

/** Route following: a trip's stops on a timeline and a diagram, reported by dispatchers or the TMS, live. */
export const routeFollowingPage: PageSpec = custom('carroutefollowing', '线路跟踪', 'Route following', 'location', {
  demo: ['dealer'],
  demoWithout: { dealer: ['report'] },
  buttons: [button('report', '到站上报', 'Report a stop')],
});

/** Driver reports (ReportDefs in src/shared/analytics/reports/drivers.ts). */
export const DRIVER_REPORT_PAGES: PageSpec[] = [
  report('DriverReportDay', '司机日报', 'Driver daily report', 'calendar'),
  report('DriverReportMonth', '司机月报', 'Driver monthly report', 'calendar-clock'),
  report('DriverRecord', '司机记录', 'Driver records', 'history'),
];
