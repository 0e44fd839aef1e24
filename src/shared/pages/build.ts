import type { ButtonSpec, FieldSpec, FieldType, PageKind, PageSpec, Text } from './types';
import { text } from './types';

type Extra = Partial<Omit<PageSpec, 'path' | 'title' | 'kind'>>;
const page = (kind: PageKind) => (path: string, zh: string, en: string, icon?: string, extra?: Extra): PageSpec =>
  ({ path, title: text(zh, en), icon, kind, ...extra });

/** Page builders of the section files: path, Chinese and English titles, icon, the rest. */
export const list = page('list');
export const editor = page('editor');
export const report = page('report');
export const order = page('order');
export const custom = page('custom');
export const dashboard = page('dashboard');

const button = (action: string, zh: string, en: string): ButtonSpec => ({ action, title: text(zh, en) });

/** Buttons each kind of page carries; a button's code is `<page code>:<action>`. */
export const BUTTONS: Record<PageKind, ButtonSpec[]> = {
  list: [button('add', '新增', 'Add'), button('edit', '编辑', 'Edit'), button('delete', '删除', 'Delete'), button('export', '导出', 'Export'), button('import', '导入', 'Import')],
  editor: [button('add', '新增', 'Add'), button('edit', '编辑', 'Edit'), button('delete', '删除', 'Delete')],
  report: [button('export', '导出', 'Export')],
  dashboard: [],
  custom: [],
  // Warehouse orders: the list buttons plus scanning and the lifecycle (shared/api/orders.ts).
  order: [
    button('add', '新增', 'Add'), button('edit', '编辑', 'Edit'), button('delete', '删除', 'Delete'), button('export', '导出', 'Export'),
    button('scan', '扫描', 'Scan'), button('complete', '完成', 'Complete'), button('cancel', '取消', 'Cancel'),
    button('print', '打印', 'Print'), button('upload', '上传', 'Upload'),
  ],
};
export { button };

type FieldExtra = Partial<Omit<FieldSpec, 'key' | 'label' | 'type'>>;
const field = (type: FieldType) => (key: string, zh: string, en: string, extra?: FieldExtra): FieldSpec =>
  ({ key, label: text(zh, en), type, ...extra });

/** Field builders: key, Chinese and English labels, the rest (required, max, search, ...). */
export const f = {
  text: field('text'),
  textarea: field('textarea'),
  code: field('code'),
  phone: field('phone'),
  email: field('email'),
  plate: field('plate'),
  number: field('number'),
  int: field('int'),
  date: field('date'),
  bool: field('boolean'),
  ref: (key: string, zh: string, en: string, ref: FieldSpec['ref'], extra?: FieldExtra): FieldSpec =>
    ({ key, label: text(zh, en), type: 'ref', ref, ...extra }),
  select: (key: string, zh: string, en: string, options: FieldSpec['options'], extra?: FieldExtra): FieldSpec =>
    ({ key, label: text(zh, en), type: 'select', options, ...extra }),
};

/** Normal or disabled, the status most lists carry. */
export const STATUS_OPTIONS: FieldSpec['options'] = [
  { value: 'normal', label: text('正常', 'Normal'), color: 'green' },
  { value: 'disabled', label: text('停用', 'Disabled'), color: 'gray' },
];
export const statusField = (extra?: FieldExtra) => f.select('status', '状态', 'Status', STATUS_OPTIONS, { search: true, sortable: true, ...extra });
export type { Text };
