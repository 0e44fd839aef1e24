import { defineLocale } from '../../../i18n';
import { commonLabels } from '../warehousing';

export const ns = defineLocale('dealers', {
  'zh-CN': {
    ...commonLabels['zh-CN'], title: '经销商', code: '经销商编码', name: '经销商名称', nickname: '简称', region: '大区', defaultWarehouse: '默认仓库',
    erpCall: 'ERP调用', locationEnabled: '启用库位', duplicateScanDelete: '重复扫描删除', internalStock: '内部库存', batchEnabled: '启用批次',
    tmsEnabled: '启用TMS', barcodeEnabled: '启用条码', flags: '开关', saveFirst: '保存经销商并建好仓库后再选择默认仓库',
  },
  'en-US': {
    ...commonLabels['en-US'], title: 'Dealers', code: 'Dealer code', name: 'Dealer name', nickname: 'Nickname', region: 'Region',
    defaultWarehouse: 'Default warehouse', erpCall: 'ERP call', locationEnabled: 'Locations enabled', duplicateScanDelete: 'Duplicate scan delete',
    internalStock: 'Internal stock', batchEnabled: 'Batches enabled', tmsEnabled: 'TMS enabled', barcodeEnabled: 'Barcodes enabled', flags: 'Flags',
    saveFirst: 'Save the dealer and add its warehouses before choosing the default one',
  },
});
