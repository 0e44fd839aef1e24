import { defineLocale } from '../../../i18n';

export const ns = defineLocale('barcodeTrace', {
  'zh-CN': {
    placeholder: '输入或扫描轮胎条码后回车', trace: '追溯', tyre: '轮胎', status: '状态', material: '物料', brand: '品牌', specification: '规格',
    pattern: '花纹', dot: 'DOT', batch: '批次', dealer: '经销商', warehouse: '仓库', location: '库位', inboundAt: '入库时间',
    pending: '已发货未入库', in: '在库', out: '已出库', moves: '追溯记录', noMoves: '该条码还没有库存移动', notFound: '没有找到该条码，或不在您的数据范围内',
    cancel: '撤销此记录', cancelTitle: '撤销错误的追溯记录', cancelled: '已撤销', correction: '更正',
    cancelConfirm: '将写入相反的更正记录，撤销单据 {{orderNo}} 对该轮胎的移动，轮胎回到之前的状态。确定撤销吗？', cancelDone: '已撤销，轮胎当前状态：{{status}}',
    hint: '用扫描枪扫描条码即可查询；只有最新的一条记录可以撤销。', user: '操作人',
    title: '条码追溯', exporting: '正在导出…', printCard: '打印轮胎档案',
  },
  'en-US': {
    placeholder: 'Type or scan a tyre barcode, then Enter', trace: 'Trace', tyre: 'Tyre', status: 'Status', material: 'Material', brand: 'Brand',
    specification: 'Specification', pattern: 'Pattern', dot: 'DOT', batch: 'Batch', dealer: 'Dealer', warehouse: 'Warehouse', location: 'Location',
    inboundAt: 'Inbound', pending: 'Shipped, not received', in: 'In stock', out: 'Out', moves: 'Trace records', noMoves: 'This barcode has no stock moves yet',
    notFound: 'No such barcode, or it is outside your data scope', cancel: 'Cancel this record', cancelTitle: 'Cancel a wrong trace record',
    cancelled: 'Cancelled', correction: 'Correction',
    cancelConfirm: 'A correcting record will reverse what order {{orderNo}} did to this tyre, and the tyre goes back to where it was. Cancel the record?',
    cancelDone: 'Cancelled; the tyre is now: {{status}}', printCard: 'Print tyre card', hint: 'Scan a barcode with the scanner to look it up; only the latest record can be cancelled.', user: 'User',
    title: 'Barcode trace', exporting: 'Exporting…',
  },
});
