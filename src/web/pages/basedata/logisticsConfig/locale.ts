import { defineLocale } from '../../../i18n';

// The tabs' own strings: the fields' labels live in the manifest (src/shared/pages/basedata.ts).
export const ns = defineLocale('logisticsConfig', {
  'zh-CN': {
    title: '物流配置', carInfo: '车辆信息', carBlacklist: '车辆黑名单', carPointoftransit: '中转点', Carpath: '线路', DriverRout: '司机线路',
    blacklisted: '黑名单', active: '生效中', expired: '已过期', noTabs: '没有可用的物流配置页面',
  },
  'en-US': {
    title: 'Logistics setup', carInfo: 'Vehicles', carBlacklist: 'Vehicle blacklist', carPointoftransit: 'Transit points', Carpath: 'Routes', DriverRout: 'Driver routes',
    blacklisted: 'Blacklisted', active: 'In force', expired: 'Expired', noTabs: 'No logistics setup page is granted to you',
  },
});
