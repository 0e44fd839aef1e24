import { defineLocale } from '../../../i18n';

export const ns = defineLocale('deliveryFees', {
  'zh-CN': {
    title: '配送费上传', orderNo: '单号', orderType: '单据类型', dealer: '经销商', carrier: '承运商', fee: '配送费', deliveredOn: '配送日期',
    remark: '备注', keywordHint: '单号或承运商', keyword: '关键字', feeRule: '配送费须不小于 0，最多两位小数', createdAt: '上传时间',
  },
  'en-US': {
    title: 'Delivery fee upload', orderNo: 'Order no', orderType: 'Order type', dealer: 'Dealer', carrier: 'Carrier', fee: 'Fee', deliveredOn: 'Delivered on',
    remark: 'Remark', keywordHint: 'Order no or carrier', keyword: 'Keyword', feeRule: 'The fee must be 0 or more, with at most 2 decimals', createdAt: 'Uploaded',
  },
});
