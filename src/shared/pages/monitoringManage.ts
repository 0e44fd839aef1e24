import { custom, list, report } from './build';
import { sharedConfigPages } from './other';
import { text, type SectionSpec } from './types';

export const monitoringManage: SectionSpec = {
  path: '/monitoringManage', title: text('监控管理', 'Monitoring'), icon: 'eye',
  demo: ['staff'],
  groups: [{
    path: 'monitoring', title: text('系统监控', 'Monitoring'), icon: 'eye',
    pages: [
      report('loginMonitor', '登录监控', 'Login monitor', 'user', { planned: true }),
      report('logMonitor', '日志监控', 'Log monitor', 'file', { planned: true }),
      report('uploadMonitor', '上传监控', 'Upload monitor', 'cloud', { planned: true }),
      report('inventoryMonitor', '库存监控', 'Inventory monitor', 'storage', { planned: true }),
      report('storageLocationMonitor', '库位监控', 'Location monitor', 'location', { planned: true }),
      list('stroealert', '库存预警', 'Stock alerts', 'exclamation-circle', { planned: true }),
      custom('orderMonitor', '消息列表', 'Order messages', 'message', { demo: ['dealer'] }),
      ...sharedConfigPages('/other/otherConfig'),
    ],
  }],
};
