import { button, custom, list, report } from './build';
import { text, type SectionSpec } from './types';

export const reportQuery: SectionSpec = {
  path: '/reportQuery', title: text('出入库明细', 'In/out detail'), icon: 'dashboard',
  demo: ['staff'],
  groups: [
    {
      path: 'report', title: text('出入库报表', 'Movements'), icon: 'file',
      pages: [
        report('scanDetail', '扫描明细', 'Scan detail', 'scan', { demo: ['dealer'] }),
        report('outDetail', '出库明细', 'Outbound detail', 'upload', { demo: ['dealer'] }),
        report('enterDetail', '入库明细', 'Inbound detail', 'download', { demo: ['dealer'] }),
        report('quitDetail', '退货明细', 'Return detail', 'undo', { demo: ['dealer'] }),
        report('transferDetails', '调拨明细', 'Transfer detail', 'swap', { demo: ['dealer'] }),
        report('invertedStorehouse', '倒库明细', 'Relocation detail', 'sync'),
        list('psfByDelivery', '配送费上传', 'Delivery fee upload', 'cloud'),
      ],
    },
    {
      path: 'storageInventory', title: text('库存报表', 'Inventory'), icon: 'storage',
      pages: [
        custom('codeRetrospection', '条码追溯', 'Barcode trace', 'search', { demo: ['dealer'], demoWithout: { dealer: ['edit'] },
          buttons: [button('export', '导出', 'Export'), button('edit', '撤销记录', 'Cancel record')],
        }),
        report('tireReport', '轮胎报表', 'Tyre report', 'file'),
        report('customerTireReport', '客户轮胎报表', 'Customer tyre report', 'user'),
        report('inventoryContrast', '库存对比', 'Inventory comparison', 'arrow-rise'),
        report('inventoryContrastCopy', '库存对比(库位)', 'Comparison by location', 'arrow-rise'),
        report('dayBalance', '日结存', 'Daily balance', 'calendar', { demo: ['dealer'] }),
        report('weekBalance', '周结存', 'Weekly balance', 'calendar', { demo: ['dealer'] }),
        report('monthBalance', '月结存', 'Monthly balance', 'calendar', { demo: ['dealer'] }),
        report('dotInventory', 'DOT 库存', 'DOT inventory', 'clock-circle', { demo: ['dealer'] }),
        report('samuelCouling', '库龄分析', 'Stock age', 'clock-circle', { demo: ['dealer'] }),
        report('locationInventory', '库位库存', 'Location inventory', 'location', { demo: ['dealer'] }),
      ],
    },
  ],
};
