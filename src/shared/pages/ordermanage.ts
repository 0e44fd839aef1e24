import { custom, order } from './build';
import { carManagementPage, carRequestPage, DRIVER_REPORT_PAGES, routeFollowingPage } from './logistics';
import { text, type SectionSpec } from './types';

export const ordermanage: SectionSpec = {
  path: '/ordermanage', title: text('仓储管理', 'Warehousing'), icon: 'file',
  demo: ['staff'],
  groups: [
    {
      path: 'Order', title: text('单据管理', 'Orders'), icon: 'file',
      pages: [
        order('PRorder', '采购入库', 'Purchase receipts', 'download', { demo: ['dealer'] }),
        order('WIorder', '采购退货', 'Purchase returns', 'undo', { demo: ['dealer'] }),
        order('WLorder', '销售出库', 'Sales outbound', 'upload', { demo: ['dealer'] }),
        order('DecreaseOverflow', '报损报溢', 'Loss and overflow', 'exclamation-circle', { demo: ['dealer'] }),
        order('LRorder', '销售退货', 'Sales returns', 'redo', { demo: ['dealer'] }),
        order('TRorder', '调拨单', 'Transfers', 'swap', { demo: ['dealer'] }),
        order('InventoryList', '盘点单', 'Stocktakes', 'check-square', { demo: ['dealer'] }),
        custom('InventoryChildList', '盘点明细', 'Stocktake lines', 'list', { demo: ['dealer'], hidden: true }),
        order('OutXiePRorder', '外协采购入库', 'Outsourced purchases', 'import'),
        order('OutCaiPRorder', '外采入库', 'External purchases', 'import'),
        order('ZChuInDeliveryOrder', '转储入库', 'Dump receipts', 'to-bottom'),
        order('OutXieOutDeliveryOrder', '外协出库', 'Outsourced deliveries', 'export'),
        order('ZChuOutDeliveryOrder', '转储出库', 'Dump deliveries', 'to-top'),
        order('LPRKorder', '理赔入库', 'Warranty claims in', 'safe'),
        order('LPCKorder', '理赔出库', 'Warranty claims out', 'safe'),
      ],
    },
    {
      path: 'logistics', title: text('物流调度', 'Logistics'), icon: 'send',
      pages: [carRequestPage, carManagementPage, routeFollowingPage, ...DRIVER_REPORT_PAGES],
    },
  ],
};
