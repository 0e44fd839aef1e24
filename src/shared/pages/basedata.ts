import { f, list, statusField } from './build';
import { LOAD_INDEX_PATTERN, TYRE_SIZE_PATTERN } from '../api/basedata/catalogueFields';
import { PDA_STATUS, SERIAL_PATTERN } from '../api/basedata/deviceRules';
import { ORDER_TYPES, type OrderType } from '../orders/orderTypes';
import { text, type SectionSpec } from './types';

/** A location rule's empty brand, specification or pattern: it matches any. */
const ANY = text('不限', 'Any');
/** The order types a scene configures (docs/product.md#constants's dictionary order_type). */
const SCENE_ORDER_TYPES: OrderType[] = ['PR', 'WI', 'WL', 'LR', 'TR', 'WC', 'LC', 'PB', 'LB'];

export const basedata: SectionSpec = {
  path: '/basedata', title: text('基础数据', 'Base data'), icon: 'storage',
  demo: ['staff'],
  groups: [
    {
      path: 'base', title: text('基础资料', 'Master data'), icon: 'archive',
      pages: [
        list('brokerInfo', '经销商管理', 'Dealers', 'user-group', {
          api: '/basedata/dealer',
          // The dealer, its default warehouse and the behaviour flags of docs/product.md#entities (orders and scanning branch on them).
          fields: [
            f.code('code', '经销商编码', 'Dealer code', { required: true, unique: true, sortable: true, max: 32, lockedOnEdit: true, aliases: ['Code'] }),
            f.text('name', '经销商名称', 'Dealer name', { required: true, sortable: true, max: 128, width: 28, aliases: ['Name'] }),
            f.text('nickname', '简称', 'Nickname', { sortable: true }),
            f.ref('regionId', '大区', 'Region', 'region', { search: true, sortable: true }),
            f.ref('defaultWarehouseId', '默认仓库', 'Default warehouse', 'warehouse', {
              width: 28, hint: text('保存经销商并建好仓库后再选择默认仓库', 'Save the dealer and add its warehouses before choosing the default one'),
            }),
            f.text('contact', '联系人', 'Contact'),
            f.phone('phone', '联系电话', 'Phone'),
            f.text('address', '地址', 'Address', { max: 256, width: 36 }),
            f.bool('erpCall', 'ERP调用', 'ERP call'),
            f.bool('locationEnabled', '启用库位', 'Locations enabled'),
            f.bool('duplicateScanDelete', '重复扫描删除', 'Duplicate scan delete'),
            f.bool('internalStock', '内部库存', 'Internal stock'),
            f.bool('batchEnabled', '启用批次', 'Batches enabled'),
            f.bool('tmsEnabled', '启用TMS', 'TMS enabled'),
            f.bool('barcodeEnabled', '启用条码', 'Barcodes enabled', { defaultValue: true }),
            statusField(),
          ],
        }),
        list('warehouse', '仓库管理', 'Warehouses', 'home', {
          demo: ['dealer'],
          api: '/basedata/warehouse',
          // A dealer's warehouses, or the maker's central ones (no dealer); rows are those of the caller's warehouses.
          fields: [
            f.code('code', '仓库编码', 'Warehouse code', { required: true, unique: true, sortable: true, max: 32, lockedOnEdit: true, aliases: ['Code'] }),
            f.text('name', '仓库名称', 'Warehouse name', { required: true, sortable: true, max: 128, width: 24, aliases: ['Name'] }),
            f.ref('dealerId', '经销商', 'Dealer', 'dealer', {
              search: true, sortable: true, width: 28, hint: text('不选经销商即为厂家中心仓', 'No dealer: the maker\'s central warehouse'),
            }),
            f.text('address', '地址', 'Address', { max: 256, width: 36 }),
            f.text('contact', '联系人', 'Contact'),
            f.phone('phone', '联系电话', 'Phone'),
            statusField(),
          ],
        }),
        list('storehouse', '库区管理', 'Areas', 'apps', {
          demo: ['dealer'],
          api: '/basedata/storehouse',
          // The areas of the warehouses of the caller's scope; an area's code is unique within its warehouse.
          scope: 'warehouse',
          fields: [
            f.ref('warehouseId', '仓库', 'Warehouse', 'warehouse', { required: true, search: true, sortable: true, lockedOnEdit: true, width: 28 }),
            f.code('code', '库区编码', 'Area code', { required: true, unique: true, uniqueWith: ['warehouseId'], sortable: true, max: 32 }),
            f.text('name', '库区名称', 'Area name', { required: true, sortable: true }),
            statusField(),
          ],
        }),
        list('storagelocation', '库位管理', 'Storage locations', 'location', {
          demo: ['dealer'],
          api: '/basedata/storagelocation',
          // The locations of an area of a warehouse of the caller's scope; a location's code (A-01-01) is unique within its warehouse.
          scope: 'warehouse',
          fields: [
            // The page shows one warehouse at a time (its toolbar's picker): no column for it, but in the form and the sheet.
            f.ref('warehouseId', '仓库', 'Warehouse', 'warehouse', { required: true, search: true, sortable: true, lockedOnEdit: true, table: false, width: 28 }),
            f.ref('storehouseId', '库区', 'Area', 'area', { required: true, search: true, sortable: true, within: 'warehouseId', width: 24 }),
            f.text('code', '库位编码', 'Location code', { required: true, unique: true, uniqueWith: ['warehouseId'], sortable: true, max: 32 }),
            f.text('name', '库位名称', 'Location name', { sortable: true, hint: text('不填即为库位编码', 'Leave empty to use the code') }),
            f.int('capacity', '容量', 'Capacity', { min: 0, maxValue: 1_000_000, sortable: true }),
            statusField(),
          ],
        }),
        list('storagelocationRule', '库位规则', 'Location rules', 'branch', {
          api: '/basedata/storagelocationRule',
          // Where a brand, specification or pattern is put away in a warehouse (the receipt's suggestion), one warehouse at a time.
          scope: 'warehouse',
          pickedBy: 'warehouseId',
          fields: [
            f.ref('warehouseId', '仓库', 'Warehouse', 'warehouse', { required: true, search: true, lockedOnEdit: true, table: false, width: 28 }),
            f.text('name', '规则名称', 'Rule name', { required: true, sortable: true }),
            f.ref('brandId', '品牌', 'Brand', 'brand', { search: true, emptyText: ANY }),
            f.text('specification', '规格', 'Specification', { emptyText: ANY }),
            f.text('pattern', '花纹', 'Pattern', { emptyText: ANY }),
            f.int('priority', '优先级', 'Priority', { min: 0, maxValue: 9999, sortable: true }),
            f.ref('locationIds', '目标库位', 'Target locations', 'storageLocation', {
              many: true, within: 'warehouseId', maxValue: 500, width: 36,
              hint: text('品牌、规格、花纹留空表示不限；匹配项越多越优先，其次优先级数值大者优先',
                'An empty brand, specification or pattern matches any; the most specific rule wins, then the higher priority'),
            }),
            statusField(),
          ],
        }),
        list('scenceConfig', '场景配置', 'Scenes', 'drive-file', {
          api: '/basedata/scene',
          // How each order type of docs/product.md#constants is scanned, and whether it posts to the ERP.
          fields: [
            f.code('code', '场景编码', 'Code', { required: true, unique: true, sortable: true, max: 32, lockedOnEdit: true }),
            f.text('name', '场景名称', 'Name', { required: true, sortable: true }),
            f.select('orderType', '单据类型', 'Order type', SCENE_ORDER_TYPES.map((c) => ({ value: c, label: text(`${c} ${ORDER_TYPES[c].zh}`, `${c} ${ORDER_TYPES[c].en}`), color: 'arcoblue' })), {
              required: true, search: true, sortable: true, width: 24,
            }),
            f.bool('scanRequired', '需要扫码', 'Scan required', { defaultValue: true }),
            f.bool('postToErp', '过账 ERP', 'Post to ERP'),
            f.textarea('remark', '备注', 'Remark', { width: 30 }),
            statusField(),
          ],
        }),
        list('material', '物料管理', 'Materials', 'common', {
          api: '/basedata/material',
          // The factory and ERP material master. A blank material code 'cannot be empty' (docs/product.md#validation), other blanks are
          // 'mandatory'; sheets keep their older form (the brand by name, source and status by value);
          // `/basedata/material/options` keeps its older answer (brands).
          blankSaid: 'mandatory',
          optionsApi: '/basedata/material/choices',
          fields: [
            f.code('code', '物料编码', 'Material code', { required: true, blankSaid: 'cannotBeEmpty', unique: true, sortable: true, max: 32, lockedOnEdit: true, width: 22 }),
            f.text('name', '物料名称', 'Material name', { required: true, max: 128, sortable: true, width: 40 }),
            f.ref('brandId', '品牌', 'Brand', 'brand', { required: true, search: true, sortable: true, sheetAs: 'name' }),
            f.text('specification', '规格', 'Specification', {
              required: true, search: 'contains', sortable: true, pattern: TYRE_SIZE_PATTERN, patternMessage: 'tyreSize', width: 22, hint: text('如 205/55R16 91V', 'e.g. 205/55R16 91V'),
            }),
            f.text('pattern', '花纹', 'Pattern', { required: true, search: 'contains', sortable: true }),
            f.text('loadIndex', '载重指数', 'Load index', { required: true, max: 16, pattern: LOAD_INDEX_PATTERN, width: 12 }),
            f.text('speedIndex', '速度级别', 'Speed index', { required: true, max: 4, pattern: /^[A-Za-z]\d?$/, width: 12 }),
            f.text('unit', '单位', 'Unit', { max: 8, width: 8, emptyText: text('条', '条') }),
            f.money('price', '价格', 'Price', { required: true, sortable: true, width: 12 }),
            f.select('source', '来源', 'Source', [
              { value: 'factory', label: text('工厂', 'Factory'), color: 'arcoblue' }, { value: 'erp', label: text('ERP', 'ERP'), color: 'purple' },
            ], { search: true, sortable: true, sheetAs: 'value', width: 10 }),
            f.text('erpCode', 'ERP 编码', 'ERP code', { max: 32 }),
            statusField({ sheetAs: 'value', width: 10 }),
          ],
        }),
        list('materialRelation', '物料关系', 'Material relations', 'link', {
          demo: ['dealer'],
          api: '/basedata/materialRelation',
          // A dealer's own material codes and names mapped to factory materials (matched on Relation matching);
          // `/basedata/materialRelation/options` keeps its older answer (brands, dealers).
          scope: 'dealer',
          optionsApi: '/basedata/materialRelation/choices',
          fields: [
            f.ref('dealerId', '经销商', 'Dealer', 'dealer', { search: true, sortable: true, lockedOnEdit: true, staffOnly: true, width: 30 }),
            f.text('dealerMaterialCode', '经销商物料编码', 'Dealer material code', { required: true, unique: true, uniqueWith: ['dealerId'], sortable: true, width: 22 }),
            f.text('dealerMaterialName', '经销商物料名称', 'Dealer material name', { required: true, max: 128, sortable: true, width: 36 }),
            f.ref('materialId', '工厂物料', 'Factory material', 'material', {
              searched: true, sortable: true, width: 36, emptyText: text('未匹配', 'Unmatched'), aliases: ['Material code', '物料编码'],
            }),
            f.text('specification', '规格', 'Specification', { from: 'materialId.specification', export: false }),
            f.text('pattern', '花纹', 'Pattern', { from: 'materialId.pattern', export: false }),
            // Found by the keyword box; the brand kept in the rows as before.
            f.text('materialCode', '物料编码', 'Material code', { from: 'materialId.code', table: false, export: false }),
            f.ref('brandId', '品牌', 'Brand', 'brand', { from: 'materialId.brandId', table: false, export: false }),
          ],
          searches: [{
            key: 'matched', label: text('匹配状态', 'Matching'), filled: 'materialId',
            options: [{ value: 'matched', label: text('已匹配', 'Matched') }, { value: 'unmatched', label: text('未匹配', 'Unmatched') }],
          }],
        }),
        list('scandiviceReg', 'PDA 设备', 'PDA devices', 'mobile', {
          demo: ['dealer'],
          api: '/basedata/pda',
          // Handhelds registered to a dealer and one of its warehouses, activated and frozen (dictionary pda_status);
          // `/basedata/pda/options` keeps its older answer (dealers, warehouses, materials).
          scope: 'dealer',
          optionsApi: '/basedata/pda/choices',
          fields: [
            f.text('serialNo', '序列号', 'Serial number', { required: true, unique: true, sortable: true, lockedOnEdit: true, pattern: SERIAL_PATTERN, width: 22 }),
            f.text('name', '名称', 'Name', { required: true, sortable: true }),
            f.text('model', '型号', 'Model'),
            f.select('status', '状态', 'Status', [
              { value: PDA_STATUS.inactive, label: text('未激活', 'Not activated'), color: 'gray' },
              { value: PDA_STATUS.active, label: text('已激活', 'Activated'), color: 'green' },
              { value: PDA_STATUS.frozen, label: text('已冻结', 'Frozen'), color: 'red' },
            ], { form: false, search: true, sortable: true }),
            f.ref('dealerId', '经销商', 'Dealer', 'dealer', { search: true, sortable: true, staffOnly: true, width: 28 }),
            f.ref('warehouseId', '仓库', 'Warehouse', 'warehouse', {
              width: 28, hint: text('只能选择所选经销商的仓库；不选经销商时取仓库所属经销商', 'A warehouse of the chosen dealer; without a dealer, the warehouse\'s own dealer'),
            }),
            f.datetime('activatedAt', '激活时间', 'Activated', { sortable: true, width: 20 }),
            f.datetime('createdAt', '创建时间', 'Created', { sortable: true, export: false }),
          ],
          transitions: [
            {
              action: 'activate', title: text('激活', 'Activate'), from: [PDA_STATUS.inactive, PDA_STATUS.frozen], to: PDA_STATUS.active, stamp: 'activatedAt',
              refusal: 'pdaTransition', icon: 'check-circle',
              confirm: text('激活 {{count}} 台设备？', 'Activate {{count}} devices?'),
              done: text('已激活 {{count}} 台设备', '{{count}} devices activated'),
              selectFirst: text('请选择未激活或已冻结的设备', 'Please select devices not activated or frozen'),
            },
            {
              action: 'freeze', title: text('冻结', 'Freeze'), from: [PDA_STATUS.active], to: PDA_STATUS.frozen, refusal: 'pdaTransition', icon: 'lock', danger: true,
              confirm: text('冻结 {{count}} 台设备？冻结后设备不能再扫码。', 'Freeze {{count}} devices? A frozen device can no longer scan.'),
              done: text('已冻结 {{count}} 台设备', '{{count}} devices frozen'),
              selectFirst: text('请选择已激活的设备', 'Please select activated devices'),
            },
          ],
        }),
        list('accinformation', '账套管理', 'Account sets', 'file', {
          api: '/basedata/accountSet',
          // A set without a dealer is shared by all; a dealer user sees only its own dealer's sets.
          scope: 'dealer',
          fields: [
            f.code('code', '账套编码', 'Code', { required: true, unique: true, sortable: true, max: 32, lockedOnEdit: true }),
            f.text('name', '账套名称', 'Name', { required: true, sortable: true }),
            f.ref('dealerId', '经销商', 'Dealer', 'dealer', { search: true, sortable: true, width: 28 }),
            f.text('erpCompanyCode', 'ERP 公司代码', 'ERP company code', { max: 32, width: 18 }),
            statusField(),
          ],
        }),
        list('goods', '物料关系匹配', 'Relation matching', 'swap', { demo: ['dealer'] }),
        list('goodsManagement', '经销商物料', 'Dealer materials', 'tags', {
          demo: ['dealer'],
          api: '/basedata/dealerMaterial',
          // What a dealer carries, at its own price and safety stock; `/basedata/dealerMaterial/options` keeps its older answer (brands, dealers).
          scope: 'dealer',
          optionsApi: '/basedata/dealerMaterial/choices',
          fields: [
            f.ref('dealerId', '经销商', 'Dealer', 'dealer', { search: true, sortable: true, lockedOnEdit: true, staffOnly: true, width: 30 }),
            f.ref('materialId', '物料', 'Material', 'material', { required: true, searched: true, unique: true, uniqueWith: ['dealerId'], sortable: true, width: 36 }),
            f.ref('brandId', '品牌', 'Brand', 'brand', { from: 'materialId.brandId', search: true }),
            f.text('specification', '规格', 'Specification', { from: 'materialId.specification', sortable: true }),
            f.text('pattern', '花纹', 'Pattern', { from: 'materialId.pattern' }),
            f.text('unit', '单位', 'Unit', { from: 'materialId.unit', export: false }),
            f.money('listPrice', '工厂价格', 'List price', { from: 'materialId.price', export: false }),
            f.money('price', '经销商价格', 'Dealer price', { sortable: true, hint: text('留空则按工厂价格', 'Empty: the list price') }),
            f.int('safetyStock', '安全库存', 'Safety stock', { min: 0, maxValue: 1_000_000, sortable: true }),
            statusField(),
            // Found by the keyword box with the specification and pattern, shown in the material's label.
            f.text('materialCode', '物料编码', 'Material code', { from: 'materialId.code', table: false, export: false }),
            f.text('materialName', '物料名称', 'Material name', { from: 'materialId.name', table: false, export: false }),
          ],
        }),
        list('baseBatch', '批次管理', 'Batches', 'calendar', {
          api: '/basedata/batch',
          scope: 'dealer',
          fields: [
            f.code('code', '批次号', 'Batch code', { required: true, unique: true, sortable: true, max: 32, lockedOnEdit: true, width: 20 }),
            f.ref('materialId', '物料', 'Material', 'material', { required: true, search: true, sortable: true, width: 36 }),
            f.ref('dealerId', '经销商', 'Dealer', 'dealer', { search: true, sortable: true, width: 28 }),
            f.date('productionDate', '生产日期', 'Production date', { required: true, search: true, sortable: true }),
            f.textarea('remark', '备注', 'Remark', { width: 30 }),
          ],
        }),
        list('mailManagement', '邮件管理', 'Mail', 'email'),
        list('basePallet', '货架管理', 'Pallets', 'layout', {
          api: '/basedata/pallet',
          // Shelves numbered per warehouse, each optionally standing on a storage location of that warehouse.
          scope: 'warehouse',
          fields: [
            f.ref('warehouseId', '仓库', 'Warehouse', 'warehouse', { required: true, search: true, sortable: true, lockedOnEdit: true, width: 28 }),
            f.code('code', '货架编码', 'Pallet code', { required: true, unique: true, uniqueWith: ['warehouseId'], sortable: true, max: 32, aliases: ['Code'] }),
            f.text('name', '货架名称', 'Pallet name', { required: true, sortable: true, aliases: ['Name'] }),
            f.ref('storageLocationId', '库位', 'Storage location', 'storageLocation', {
              within: 'warehouseId', sortable: true, width: 20, hint: text('货架所在的库位（同一仓库）', 'Where the pallet stands, in the same warehouse'),
            }),
            f.int('capacity', '容量', 'Capacity', { min: 0, maxValue: 1_000_000, sortable: true }),
            statusField(),
          ],
        }),
      ],
    },
    {
      path: 'logisticsconfiguration', title: text('物流配置', 'Logistics setup'), icon: 'send',
      pages: [
        list('carInfo', '车辆信息', 'Vehicles', 'send', {
            api: '/logistics/vehicle',
            fields: [
              f.plate('plateNo', '车牌号', 'Plate number', {
                required: true, unique: true, sortable: true,
                hint: { 'zh-CN': '黑名单中的车牌只能保存为停用状态', 'en-US': 'A blacklisted plate can only be saved as disabled' },
              }),
              f.text('vehicleType', '车型', 'Type', { required: true, max: 32, sortable: true }),
              f.number('capacityTons', '载重(吨)', 'Capacity (t)', { min: 0, maxValue: 999_999, sortable: true }),
              f.text('driverName', '司机', 'Driver'),
              f.phone('driverPhone', '司机电话', 'Driver phone'),
              f.text('provider', '承运商', 'Provider', { width: 24 }),
              statusField(),
            ],
          }),
        list('carBlacklist', '车辆黑名单', 'Vehicle blacklist', 'stop', {
            api: '/logistics/blacklist',
            fields: [
              f.plate('plateNo', '车牌号', 'Plate number', { required: true, unique: true, sortable: true }),
              f.textarea('reason', '原因', 'Reason', { required: true, width: 36 }),
              f.date('blockedUntil', '截止日期', 'Until', { sortable: true, hint: { 'zh-CN': '不填表示一直有效', 'en-US': 'Leave empty to block until removed' } }),
              f.phone('driverPhone', '司机电话', 'Driver phone', {
                hint: { 'zh-CN': '填写后该司机驾驶任何车辆都不能派车', 'en-US': 'Also bars this driver from being dispatched with any vehicle' },
              }),
            ],
          }),
        list('carPointoftransit', '中转点', 'Transit points', 'location', {
            api: '/logistics/transitPoint',
            fields: [
              f.code('code', '编码', 'Code', { required: true, unique: true, sortable: true, max: 32, lockedOnEdit: true }),
              f.text('name', '名称', 'Name', { required: true, sortable: true }),
              f.text('address', '地址', 'Address', { max: 256, width: 36 }),
              f.text('contact', '联系人', 'Contact'),
              f.phone('phone', '电话', 'Phone'),
            ],
          }),
        list('Carpath', '线路', 'Routes', 'share-alt', {
          api: '/logistics/route',
          // From one transit point to another (never the same one); a dispatched trip follows it, and its distance prices the delivery fee.
          fields: [
            f.code('code', '线路编码', 'Route code', { required: true, unique: true, sortable: true, max: 32, lockedOnEdit: true, aliases: ['Code'] }),
            f.text('name', '线路名称', 'Route name', { required: true, sortable: true, aliases: ['Name'] }),
            f.ref('fromPointId', '起点', 'From', 'transitPoint', { required: true, sortable: true, width: 24 }),
            f.ref('toPointId', '终点', 'To', 'transitPoint', { required: true, sortable: true, width: 24 }),
            f.int('distanceKm', '里程(公里)', 'Distance (km)', { min: 0, maxValue: 100_000, sortable: true }),
            f.number('hours', '时长(小时)', 'Hours', { min: 0, maxValue: 9999, sortable: true }),
          ],
          searches: [{ key: 'pointId', label: text('中转点', 'Point'), anyOf: ['fromPointId', 'toPointId'] }],
        }),
        list('DriverRout', '司机线路', 'Driver routes', 'user', {
          api: '/logistics/driverRoute',
          // The route a driver runs, and the vehicle it usually takes.
          fields: [
            f.text('driverName', '司机', 'Driver', { required: true, sortable: true }),
            f.phone('driverPhone', '司机电话', 'Driver phone'),
            f.ref('vehicleId', '车辆', 'Vehicle', 'vehicle', { sortable: true, aliases: ['Plate number', '车牌号', 'plateNo'] }),
            f.ref('routeId', '线路', 'Route', 'route', { required: true, search: true, sortable: true, width: 28 }),
            statusField(),
          ],
        }),
      ],
    },
  ],
};
