import { defineLocale } from '../../i18n';

export const ns = defineLocale('logistics', {
  'zh-CN': {
    trip: '行程', cancel: '取消', cancelTitle: '取消用车申请 {{no}}？', cancelNote: '取消原因（可选）', moved: '{{no}}：{{status}}', assign: '派车', assignTitle: '派车：{{no}}', vehicle: '车辆', driverName: '司机', driverPhone: '司机电话',
    route: '线路', plannedStart: '计划发车时间', laborCompany: '劳务公司', noLabor: '不选则不计装卸费', blacklisted: '黑名单', busy: '执行中 {{no}}',
    disabled: '停用', capacity: '载重 {{t}} 吨', load: '装车', depart: '发车', deliver: '送达', close: '关闭', closeTitle: '关闭行程 {{no}}？配送费将按当前系数重新计算并固定。',
    loadLine: '{{tyres}} 条 · {{weight}} 吨', km: '{{km}} 公里', hours: '{{h}} 小时', dispatch: '派车', fees: '配送费核对', requestNo: '申请单号', warehouse: '起运仓库', orders: '出库单', stops: '站点', planned: '计划', arrived: '到达', late: '晚到',
    onTime: '准点', pending: '未到', next: '下一站', report: '到站', reportTitle: '上报到站：第 {{seq}} 站 {{name}}', arrivedAt: '到达时间（默认现在）',
    reported: '已上报第 {{seq}} 站', history: '记录', noTrip: '请选择一个行程', chooseTrip: '选择行程（申请单号）',
    origin: '起运', fee: '配送费', feeDetail: '{{km}} 公里 × {{perKm}} 元 + {{tyres}} 条 × {{perTyre}} 元，× 系数 {{c}}',
    dealer: '经销商', driver: '司机', computed: '计算费用', uploaded: '上传费用', difference: '差额', missing: '未上传单号', tripsCount: '行程数',
    differencesOnly: '只看有差额', deliveredOn: '送达日期', dateRange: '送达日期', byDealer: '按经销商', byTrip: '按行程', none: '无',
    source_console: '调度', source_tms: 'TMS', cargo: '货物',
  },
  'en-US': {
    trip: 'Trip', cancel: 'Cancel', cancelTitle: 'Cancel car request {{no}}?', cancelNote: 'Why (optional)', moved: '{{no}}: {{status}}', assign: 'Assign', assignTitle: 'Assign a vehicle: {{no}}', vehicle: 'Vehicle', driverName: 'Driver',
    driverPhone: 'Driver phone', route: 'Route', plannedStart: 'Planned departure', laborCompany: 'Labour company', noLabor: 'Leave empty for no handling fee',
    blacklisted: 'Blacklisted', busy: 'On trip {{no}}', disabled: 'Disabled', capacity: '{{t}} t capacity', load: 'Start loading', depart: 'Depart',
    deliver: 'Delivered', close: 'Close', closeTitle: 'Close the trip {{no}}? Its fee is worked out again with today\'s factors and kept.',
    loadLine: '{{tyres}} tyres · {{weight}} t', km: '{{km}} km', hours: '{{h}} h', dispatch: 'Dispatch', fees: 'Fee reconciliation', requestNo: 'Request no', warehouse: 'From warehouse', orders: 'Orders', stops: 'Stops', planned: 'Planned', arrived: 'Reached',
    late: 'Late', onTime: 'On time', pending: 'Not yet', next: 'Next', report: 'Reached', reportTitle: 'Report stop {{seq}} {{name}} as reached',
    arrivedAt: 'Reached at (now when empty)', reported: 'Stop {{seq}} reported', history: 'History', noTrip: 'Choose a trip', chooseTrip: 'Choose a trip (request no)', origin: 'Origin', fee: 'Delivery fee', feeDetail: '{{km}} km × {{perKm}} + {{tyres}} tyres × {{perTyre}}, × coefficient {{c}}', dealer: 'Dealer', driver: 'Driver', computed: 'Computed', uploaded: 'Uploaded', difference: 'Difference', missing: 'Orders without an upload',
    tripsCount: 'Trips', differencesOnly: 'Differences only', deliveredOn: 'Delivered on', dateRange: 'Delivered', byDealer: 'By dealer', byTrip: 'By trip', none: 'None',
    source_console: 'Dispatcher', source_tms: 'TMS', cargo: 'Load',
  },
});
