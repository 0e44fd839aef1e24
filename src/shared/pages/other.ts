import { f, list, statusField } from './build';
import { text, type PageSpec, type SectionSpec } from './types';

const WORK_TYPES = [
  { value: 'loading', label: text('装车', 'Loading') },
  { value: 'unloading', label: text('卸车', 'Unloading') },
  { value: 'handling', label: text('搬运', 'Handling') },
  { value: 'sorting', label: text('分拣', 'Sorting') },
];

/** Labour companies and their work types: the factor a delivery fee's handling part is multiplied by. */
export const laborFactorPage = list('laborFactor', '劳务系数', 'Labour factors', 'user-group', {
  api: '/other/laborFactor',
  fields: [
    f.text('companyName', '劳务公司', 'Labour company', { required: true, sortable: true, width: 28 }),
    f.select('workType', '作业类型', 'Work type', WORK_TYPES, { required: true, search: true, sortable: true, unique: true, uniqueWith: ['companyName'] }),
    f.number('unitFee', '单价(元/条)', 'Fee per tyre (CNY)', { required: true, min: 0, maxValue: 1000, sortable: true }),
    f.number('factor', '系数', 'Factor', { required: true, min: 0, maxValue: 100, sortable: true }),
    statusField(),
    f.textarea('remark', '备注', 'Remark', { table: false, max: 256 }),
  ],
});

/** A warehouse's coefficient: its delivery fees are multiplied by it (remote or costly warehouses). */
export const warehouseCoefficientPage = list('warehouseCoefficient', '仓库系数', 'Warehouse coefficients', 'storage', {
  api: '/other/warehouseCoefficient',
  scope: 'warehouse',
  fields: [
    f.ref('warehouseId', '仓库', 'Warehouse', 'warehouse', { required: true, search: true, sortable: true, unique: true, lockedOnEdit: true, width: 30 }),
    f.number('coefficient', '系数', 'Coefficient', { required: true, min: 0, maxValue: 100, sortable: true }),
    f.textarea('remark', '备注', 'Remark', { max: 256 }),
  ],
});

/** Logistics providers: the carriers vehicles and trips belong to. */
export const logisticsProviderPage = list('logistics', '物流商', 'Logistics providers', 'send', {
  api: '/other/logistics',
  fields: [
    f.code('code', '物流商编码', 'Provider code', { required: true, unique: true, sortable: true, max: 32, lockedOnEdit: true }),
    f.text('name', '物流商名称', 'Provider name', { required: true, sortable: true, width: 30 }),
    f.text('contact', '联系人', 'Contact'),
    f.phone('phone', '联系电话', 'Phone'),
    f.text('address', '地址', 'Address', { max: 256, width: 36 }),
    statusField(),
  ],
});

/** The three lists the product's routes place under /other and again under /monitoringManage. */
export const sharedConfigPages = (sharedWith?: string): PageSpec[] =>
  [laborFactorPage, warehouseCoefficientPage, logisticsProviderPage].map((p) => (sharedWith ? { ...p, sharedWith: `${sharedWith}/${p.path}` } : p));

export const other: SectionSpec = {
  path: '/other', title: text('其他', 'Other'), icon: 'more',
  groups: [{ path: 'otherConfig', title: text('其他配置', 'Other settings'), icon: 'tool', pages: sharedConfigPages() }],
};
