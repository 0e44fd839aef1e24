import { defineLocale } from '../../../i18n';

export const ns = defineLocale('logisticsConfig', {
  'zh-CN': {
    title: '物流配置', carInfo: '车辆信息', carBlacklist: '车辆黑名单', carPointoftransit: '中转点', Carpath: '线路', DriverRout: '司机线路',
    plateNo: '车牌号', vehicleType: '车型', capacityTons: '载重(吨)', driverName: '司机', driverPhone: '司机电话', provider: '承运商',
    blacklisted: '黑名单', reason: '原因', blockedUntil: '截止日期', untilHint: '不填表示一直有效', active: '生效中', expired: '已过期', forever: '长期',
    code: '编码', name: '名称', address: '地址', contact: '联系人', phone: '电话', point: '中转点', fromPoint: '起点', toPoint: '终点', distanceKm: '里程(公里)', hours: '时长(小时)',
    vehicle: '车辆', route: '线路', keyword: '关键字', plateRule: '请输入正确的车牌号，如 沪A12345', dateRule: '请输入 YYYY-MM-DD 格式的日期',
    plateHint: '黑名单中的车牌只能保存为停用状态', noTabs: '没有可用的物流配置页面',
  },
  'en-US': {
    title: 'Logistics setup', carInfo: 'Vehicles', carBlacklist: 'Vehicle blacklist', carPointoftransit: 'Transit points', Carpath: 'Routes', DriverRout: 'Driver routes',
    plateNo: 'Plate number', vehicleType: 'Type', capacityTons: 'Capacity (t)', driverName: 'Driver', driverPhone: 'Driver phone', provider: 'Provider',
    blacklisted: 'Blacklisted', reason: 'Reason', blockedUntil: 'Until', untilHint: 'Leave empty to block until removed', active: 'In force', expired: 'Expired',
    forever: 'Indefinite', code: 'Code', name: 'Name', address: 'Address', contact: 'Contact', phone: 'Phone', point: 'Point', fromPoint: 'From', toPoint: 'To',
    distanceKm: 'Distance (km)', hours: 'Hours', vehicle: 'Vehicle', route: 'Route', keyword: 'Keyword',
    plateRule: 'Please enter a valid plate number, e.g. 沪A12345', dateRule: 'Please enter a date as YYYY-MM-DD',
    plateHint: 'A blacklisted plate can only be saved as disabled', noTabs: 'No logistics setup page is granted to you',
  },
});
