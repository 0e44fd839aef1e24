import { LATE_GRACE_MINUTES } from '../../logistics/dispatch';
import type { FilterKey } from '../filters';
import { defineReport, reportColumn, type ReportColumn, type ReportDef } from '../reportDef';
import { text, type Text } from '../../pages/types';

const col = reportColumn;

const FILTERS: FilterKey[] = ['dateRange', 'dimension', 'dealer', 'keyword'];
const COUNTED = text(
  `只计已送达和已关闭的行程，按送达时间；准点：到站不晚于计划时间 ${LATE_GRACE_MINUTES} 分钟。不选日期时为最近 30 天。`,
  `Only delivered and closed trips count, by their delivery time; on time: a stop reached at most ${LATE_GRACE_MINUTES} minutes after its planned time. Without dates: the last 30 days.`,
);
/** The figures of a driver's trips, per day or per month. */
const figures = (): ReportColumn[] => [
  col('trips', '行程数', 'Trips', 'number'),
  col('tyres', '送达轮胎', 'Tyres delivered', 'number'),
  col('distanceKm', '里程(km)', 'Distance (km)', 'number'),
  col('stops', '站点数', 'Stops', 'number'),
  col('onTimeRate', '准点率', 'On-time rate', 'percent'),
  col('fee', '配送费(元)', 'Fees (CNY)', 'decimal'),
];
const chart = (title: Text) => ({
  type: 'bar' as const, title, x: 'period', y: ['trips', 'lateStops'],
  columns: [{ key: 'trips', title: text('行程数', 'Trips') }, { key: 'lateStops', title: text('晚到站点', 'Late stops') }],
});

/** Ordermanage › Logistics: what each driver did, from the trips of car requests. */
export const DRIVER_REPORTS: ReportDef[] = [
  defineReport({
    page: 'DriverReportDay',
    description: text(`每位司机每天一行：行程、送达轮胎、里程、站点、准点率和配送费。${COUNTED['zh-CN']}`, `One row per driver and day: trips, tyres delivered, distance, stops, on-time rate and fees. ${COUNTED['en-US']}`),
    filters: FILTERS,
    columns: [col('day', '日期', 'Day', 'date', 12), col('driverName', '司机', 'Driver', 'text', 14), col('driverPhone', '司机电话', 'Phone', 'text', 14), ...figures()],
    chart: chart(text('每日行程与晚到站点', 'Trips and late stops per period')),
    defaultOrder: { field: 'day', order: 'desc' },
  }),
  defineReport({
    page: 'DriverReportMonth',
    description: text(`每位司机每月一行：行程、送达轮胎、里程、站点、准点率和配送费。${COUNTED['zh-CN']}`, `One row per driver and month: trips, tyres delivered, distance, stops, on-time rate and fees. ${COUNTED['en-US']}`),
    filters: FILTERS,
    columns: [col('month', '月份', 'Month', 'text', 10), col('driverName', '司机', 'Driver', 'text', 14), col('driverPhone', '司机电话', 'Phone', 'text', 14), ...figures()],
    chart: chart(text('行程与晚到站点', 'Trips and late stops per period')),
    defaultOrder: { field: 'month', order: 'desc' },
  }),
  defineReport({
    page: 'DriverRecord',
    description: text(`每个行程一行：申请单、司机、车辆、线路、发车和送达时间、轮胎、里程、准点站点和配送费。${COUNTED['zh-CN']}`, `One row per trip: request, driver, vehicle, route, departure and delivery, tyres, distance, stops on time and fee. ${COUNTED['en-US']}`),
    filters: ['dateRange', 'dealer', 'keyword'],
    columns: [
      col('deliveredAt', '送达时间', 'Delivered', 'datetime', 20),
      col('requestNo', '申请单号', 'Request no', 'text', 20),
      col('driverName', '司机', 'Driver', 'text', 14),
      col('driverPhone', '司机电话', 'Phone', 'text', 14),
      col('plateNo', '车牌号', 'Plate', 'text', 12),
      col('routeName', '线路', 'Route', 'text', 22),
      col('dealerName', '经销商', 'Dealer', 'text', 22),
      col('departedAt', '发车时间', 'Departed', 'datetime', 20),
      col('tyres', '轮胎数', 'Tyres', 'number'),
      col('distanceKm', '里程(km)', 'Distance (km)', 'number'),
      col('stops', '站点数', 'Stops', 'number'),
      col('onTimeStops', '准点站点', 'On time', 'number'),
      col('fee', '配送费(元)', 'Fee (CNY)', 'decimal'),
      col('status', '状态', 'Status', 'tag', 10),
    ],
    defaultOrder: { field: 'deliveredAt', order: 'desc' },
  }),
];
