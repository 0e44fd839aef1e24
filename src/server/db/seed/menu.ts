/**
 * The built-in resource tree: every section, group and leaf page of spec section 2, with
 * the buttons under each page. Paths are the spec's (its odd names stay here, the route
 * registry maps them to plainly named pages). Synced into `resources` at every start, so a
 * page added in a later release reaches existing databases; edits made in the resource
 * editor are kept.
 */
/** crud: a list with import and export; editor: add, edit and delete only (resource tree, announcements); report; view. */
export type PageKind = 'crud' | 'editor' | 'report' | 'view' | 'order';

export interface PageDef {
  path: string;
  zh: string;
  en: string;
  icon?: string;
  kind: PageKind;
  hidden?: boolean;
  noCache?: boolean;
  /** Buttons beyond those of its kind, e.g. cancelling a trace record on the barcode trace view. */
  extraButtons?: { action: string; zh: string; en: string }[];
}
export interface GroupDef { path: string; zh: string; en: string; icon: string; pages: PageDef[] }
export interface SectionDef { path: string; zh: string; en: string; icon: string; groups: GroupDef[] }

const crud = (path: string, zh: string, en: string, icon?: string, extra?: Partial<PageDef>): PageDef => ({ path, zh, en, icon, kind: 'crud', ...extra });
const report = (path: string, zh: string, en: string, icon?: string, extra?: Partial<PageDef>): PageDef => ({ path, zh, en, icon, kind: 'report', ...extra });
const editor = (path: string, zh: string, en: string, icon?: string): PageDef => ({ path, zh, en, icon, kind: 'editor' });
const order = (path: string, zh: string, en: string, icon?: string, extra?: Partial<PageDef>): PageDef => ({ path, zh, en, icon, kind: 'order', ...extra });
const view = (path: string, zh: string, en: string, icon?: string, extra?: Partial<PageDef>): PageDef => ({ path, zh, en, icon, kind: 'view', ...extra });

/** Buttons each kind of page carries; a button's code is `<page code>:<action>`. */
export const BUTTONS: Record<PageKind, { action: string; zh: string; en: string }[]> = {
  crud: [
    { action: 'add', zh: '新增', en: 'Add' },
    { action: 'edit', zh: '编辑', en: 'Edit' },
    { action: 'delete', zh: '删除', en: 'Delete' },
    { action: 'export', zh: '导出', en: 'Export' },
    { action: 'import', zh: '导入', en: 'Import' },
  ],
  editor: [
    { action: 'add', zh: '新增', en: 'Add' },
    { action: 'edit', zh: '编辑', en: 'Edit' },
    { action: 'delete', zh: '删除', en: 'Delete' },
  ],
  report: [{ action: 'export', zh: '导出', en: 'Export' }],
  view: [],
  // Warehouse orders: the list buttons plus scanning and the lifecycle (shared/api/orders.ts).
  order: [
    { action: 'add', zh: '新增', en: 'Add' },
    { action: 'edit', zh: '编辑', en: 'Edit' },
    { action: 'delete', zh: '删除', en: 'Delete' },
    { action: 'export', zh: '导出', en: 'Export' },
    { action: 'scan', zh: '扫描', en: 'Scan' },
    { action: 'complete', zh: '完成', en: 'Complete' },
    { action: 'cancel', zh: '取消', en: 'Cancel' },
    { action: 'print', zh: '打印', en: 'Print' },
    { action: 'upload', zh: '上传', en: 'Upload' },
  ],
};

const sharedConfigPages = (): PageDef[] => [
  crud('laborFactor', '劳务系数', 'Labour factors', 'user-group'),
  crud('warehouseCoefficient', '仓库系数', 'Warehouse coefficients', 'storage'),
  crud('logistics', '物流商', 'Logistics providers', 'send'),
];

export const MENU: SectionDef[] = [
  {
    path: '/system', zh: '系统管理', en: 'System', icon: 'settings',
    groups: [{
      path: 'permission', zh: '权限管理', en: 'Permissions', icon: 'lock',
      pages: [
        crud('users', '用户管理', 'Users', 'user'),
        crud('role', '角色管理', 'Roles', 'user-group'),
        crud('department', '部门管理', 'Departments', 'mind-mapping'),
        editor('resources', '资源管理', 'Resources', 'menu'),
        crud('dictionary', '字典管理', 'Dictionaries', 'book'),
        editor('announcement', '公告管理', 'Announcements', 'notification'),
      ],
    }],
  },
  {
    path: '/basedata', zh: '基础数据', en: 'Base data', icon: 'storage',
    groups: [
      {
        path: 'base', zh: '基础资料', en: 'Master data', icon: 'archive',
        pages: [
          crud('brokerInfo', '经销商管理', 'Dealers', 'user-group'),
          crud('warehouse', '仓库管理', 'Warehouses', 'home'),
          crud('storehouse', '库区管理', 'Areas', 'apps'),
          crud('storagelocation', '库位管理', 'Storage locations', 'location'),
          crud('storagelocationRule', '库位规则', 'Location rules', 'branch'),
          crud('scenceConfig', '场景配置', 'Scenes', 'drive-file'),
          crud('material', '物料管理', 'Materials', 'common'),
          crud('materialRelation', '物料关系', 'Material relations', 'link'),
          crud('scandiviceReg', 'PDA 设备', 'PDA devices', 'mobile'),
          crud('accinformation', '账套管理', 'Account sets', 'file'),
          crud('goods', '物料关系匹配', 'Relation matching', 'swap'),
          crud('goodsManagement', '经销商物料', 'Dealer materials', 'tags'),
          crud('baseBatch', '批次管理', 'Batches', 'calendar'),
          crud('mailManagement', '邮件管理', 'Mail', 'email'),
          crud('basePallet', '货架管理', 'Pallets', 'layout'),
        ],
      },
      {
        path: 'logisticsconfiguration', zh: '物流配置', en: 'Logistics setup', icon: 'send',
        pages: [
          crud('carInfo', '车辆信息', 'Vehicles', 'send'),
          crud('carBlacklist', '车辆黑名单', 'Vehicle blacklist', 'stop'),
          crud('carPointoftransit', '中转点', 'Transit points', 'location'),
          crud('Carpath', '线路', 'Routes', 'share-alt'),
          crud('DriverRout', '司机线路', 'Driver routes', 'user'),
        ],
      },
    ],
  },
  {
    path: '/ordermanage', zh: '仓储管理', en: 'Warehousing', icon: 'file',
    groups: [
      {
        path: 'Order', zh: '单据管理', en: 'Orders', icon: 'file',
        pages: [
          order('PRorder', '采购入库', 'Purchase receipts', 'download'),
          order('WIorder', '采购退货', 'Purchase returns', 'undo'),
          order('WLorder', '销售出库', 'Sales outbound', 'upload'),
          order('DecreaseOverflow', '报损报溢', 'Loss and overflow', 'exclamation-circle'),
          order('LRorder', '销售退货', 'Sales returns', 'redo'),
          order('TRorder', '调拨单', 'Transfers', 'swap'),
          order('InventoryList', '盘点单', 'Stocktakes', 'check-square'),
          view('InventoryChildList', '盘点明细', 'Stocktake lines', 'list', { hidden: true }),
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
        path: 'logistics', zh: '物流调度', en: 'Logistics', icon: 'send',
        pages: [
          crud('carrequest', '用车申请', 'Car requests', 'send'),
          crud('carmanagement', '派车管理', 'Car dispatch', 'send'),
          view('carroutefollowing', '线路跟踪', 'Route following', 'location'),
          report('DriverReportDay', '司机日报', 'Driver daily report', 'calendar'),
          report('DriverReportMonth', '司机月报', 'Driver monthly report', 'calendar-clock'),
          report('DriverRecord', '司机记录', 'Driver records', 'history'),
        ],
      },
    ],
  },
  {
    path: '/reportQuery', zh: '出入库明细', en: 'In/out detail', icon: 'dashboard',
    groups: [
      {
        path: 'report', zh: '出入库报表', en: 'Movements', icon: 'file',
        pages: [
          report('scanDetail', '扫描明细', 'Scan detail', 'scan'),
          report('outDetail', '出库明细', 'Outbound detail', 'upload'),
          report('enterDetail', '入库明细', 'Inbound detail', 'download'),
          report('quitDetail', '退货明细', 'Return detail', 'undo'),
          report('transferDetails', '调拨明细', 'Transfer detail', 'swap'),
          report('invertedStorehouse', '倒库明细', 'Relocation detail', 'sync'),
          crud('psfByDelivery', '配送费上传', 'Delivery fee upload', 'cloud'),
        ],
      },
      {
        path: 'storageInventory', zh: '库存报表', en: 'Inventory', icon: 'storage',
        pages: [
          view('codeRetrospection', '条码追溯', 'Barcode trace', 'search', {
            extraButtons: [{ action: 'export', zh: '导出', en: 'Export' }, { action: 'edit', zh: '撤销记录', en: 'Cancel record' }],
          }),
          report('tireReport', '轮胎报表', 'Tyre report', 'file'),
          report('customerTireReport', '客户轮胎报表', 'Customer tyre report', 'user'),
          report('inventoryContrast', '库存对比', 'Inventory comparison', 'arrow-rise'),
          report('inventoryContrastCopy', '库存对比(库位)', 'Comparison by location', 'arrow-rise'),
          report('dayBalance', '日结存', 'Daily balance', 'calendar'),
          report('weekBalance', '周结存', 'Weekly balance', 'calendar'),
          report('monthBalance', '月结存', 'Monthly balance', 'calendar'),
          report('dotInventory', 'DOT 库存', 'DOT inventory', 'clock-circle'),
          report('samuelCouling', '库龄分析', 'Stock age', 'clock-circle'),
          report('locationInventory', '库位库存', 'Location inventory', 'location'),
        ],
      },
    ],
  },
  {
    path: '/intelligentAnalysis', zh: '智能分析', en: 'Analysis', icon: 'dashboard',
    groups: [{
      path: 'analysisz', zh: '分析报表', en: 'Analysis reports', icon: 'common',
      pages: [
        // Chart-first dashboards (dashboards/*.ts) and their wall-screen mode; not in the spec's list.
        view('dashboard', '数据看板', 'Dashboards', 'dashboard'),
        report('numberOfDay', '库存天数', 'Days of stock', 'calendar-clock'),
        report('turnoverRate', '周转率', 'Turnover rate', 'sync'),
        report('inventoryReport', '库存报表', 'Inventory report', 'dashboard'),
        report('rankPR', '采购入库排名', 'Purchase receipt ranking', 'trophy'),
        report('rankWL', '销售出库排名', 'Sales outbound ranking', 'trophy'),
        report('inventoryListStatistics', '盘点统计', 'Stocktake statistics', 'check-square'),
        report('countTheInventory', '库存统计', 'Stock count', 'ordered-list'),
        report('inventoryAgeReport', '库龄报表', 'Stock age report', 'clock-circle'),
        report('dotReport', 'DOT 报表', 'DOT report', 'clock-circle'),
        report('inboundTimeAnalysis', '入库时间分析', 'Inbound time analysis', 'schedule'),
      ],
    }],
  },
  {
    path: '/monitoringManage', zh: '监控管理', en: 'Monitoring', icon: 'eye',
    groups: [{
      path: 'monitoring', zh: '系统监控', en: 'Monitoring', icon: 'eye',
      pages: [
        report('loginMonitor', '登录监控', 'Login monitor', 'user'),
        report('logMonitor', '日志监控', 'Log monitor', 'file'),
        report('uploadMonitor', '上传监控', 'Upload monitor', 'cloud'),
        report('inventoryMonitor', '库存监控', 'Inventory monitor', 'storage'),
        report('storageLocationMonitor', '库位监控', 'Location monitor', 'location'),
        crud('stroealert', '库存预警', 'Stock alerts', 'exclamation-circle'),
        view('orderMonitor', '消息列表', 'Order messages', 'message'),
        ...sharedConfigPages(),
      ],
    }],
  },
  {
    path: '/other', zh: '其他', en: 'Other', icon: 'more',
    groups: [{ path: 'otherConfig', zh: '其他配置', en: 'Other settings', icon: 'tool', pages: sharedConfigPages() }],
  },
];
