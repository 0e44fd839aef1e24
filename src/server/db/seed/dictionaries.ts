/** Built-in dictionaries (docs/product.md#entities names receive_order_status, invoice_class, source and an order status list). */
export interface DictDef { type: string; zh: string; en: string; entries: [value: string, zh: string, en: string][] }

export const DICTIONARIES: DictDef[] = [
  {
    type: 'receive_order_status', zh: '收货单状态', en: 'Receipt status',
    entries: [['0', '新建', 'Created'], ['1', '扫描中', 'Scanning'], ['2', '已完成', 'Completed'], ['3', '已取消', 'Cancelled']],
  },
  {
    type: 'order_status', zh: '单据状态', en: 'Order status',
    entries: [['0', '新建', 'Created'], ['1', '扫描中', 'Scanning'], ['2', '已完成', 'Completed'], ['3', '已取消', 'Cancelled']],
  },
  {
    type: 'invoice_class', zh: '发票类型', en: 'Invoice type',
    entries: [['1', '增值税专用发票', 'VAT special invoice'], ['2', '增值税普通发票', 'VAT ordinary invoice'], ['3', '不开票', 'No invoice']],
  },
  {
    type: 'source', zh: '单据来源', en: 'Order source',
    entries: [['ERP', 'ERP 下发', 'From ERP'], ['PDA', 'PDA 创建', 'From PDA'], ['WEB', '控制台创建', 'From console'], ['IMPORT', 'Excel 导入', 'Excel import']],
  },
  {
    type: 'order_type', zh: '单据类型', en: 'Order type',
    entries: [
      ['PR', '采购入库', 'Purchase receipt'], ['WI', '采购退货', 'Purchase return'], ['WL', '销售出库', 'Sales outbound'],
      ['LR', '销售退货', 'Sales return'], ['TR', '调拨', 'Transfer'], ['WC', '寄售出库', 'Consigned sales shipment'],
      ['LC', '寄售退货', 'Consigned sales return'], ['PB', '受托入库', 'Commissioned receipt'], ['LB', '受托退货', 'Commissioned return'],
    ],
  },
  { type: 'account_status', zh: '账号状态', en: 'Account status', entries: [['normal', '正常', 'Normal'], ['frozen', '冻结', 'Frozen']] },
  { type: 'upload_status', zh: '上传状态', en: 'Upload status', entries: [['0', '未上传', 'Not uploaded'], ['1', '已上传', 'Uploaded']] },
  { type: 'print_status', zh: '打印状态', en: 'Print status', entries: [['0', '未打印', 'Not printed'], ['1', '已打印', 'Printed']] },
  { type: 'read_status', zh: '阅读状态', en: 'Read status', entries: [['0', '未读', 'Unread'], ['1', '已读', 'Read']] },
  {
    type: 'barcode_status', zh: '条码状态', en: 'Barcode status',
    entries: [['in', '在库', 'In stock'], ['out', '已出库', 'Out'], ['pending', '未收货', 'Not yet received']],
  },
  { type: 'pda_status', zh: 'PDA 状态', en: 'PDA status', entries: [['1', '已激活', 'Activated'], ['0', '未激活', 'Not activated'], ['2', '已冻结', 'Frozen']] },
  { type: 'balance_status', zh: '平衡状态', en: 'Balance', entries: [['1', '平衡', 'Balanced'], ['0', '不平衡', 'Not balanced']] },
  { type: 'post_flag', zh: '过账标志', en: 'Posting', entries: [['1', '过账', 'Post'], ['0', '不过账', 'Do not post']] },
];
