import { button, custom, report } from './build';
import { sharedConfigPages } from './other';
import { stockAlertPage } from './stockAlerts';
import { text, type SectionSpec } from './types';

export const monitoringManage: SectionSpec = {
  path: '/monitoringManage', title: text('监控管理', 'Monitoring'), icon: 'eye',
  demo: ['staff'],
  groups: [{
    path: 'monitoring', title: text('系统监控', 'Monitoring'), icon: 'eye',
    pages: [
      report('loginMonitor', '登录监控', 'Login monitor', 'user'),
      report('logMonitor', '日志监控', 'Log monitor', 'file'),
      report('uploadMonitor', '上传监控', 'Upload monitor', 'cloud', { buttons: [button('retry', '重试', 'Retry')] }),
      report('inventoryMonitor', '库存监控', 'Inventory monitor', 'storage', { buttons: [button('check', '一致性检查', 'Check the ledger')] }),
      report('storageLocationMonitor', '库位监控', 'Location monitor', 'location'),
      stockAlertPage,
      custom('orderMonitor', '消息列表', 'Order messages', 'message', { demo: ['dealer'] }),
      ...sharedConfigPages('/other/otherConfig'),
    ],
  }],
};
