import type { ButtonSpec, FieldSpec, FieldType, PageKind, PageSpec, Text } from './types';
import { text } from './types';

type Extra = Partial<Omit<PageSpec, 'path' | 'title' | 'kind'>>;
/**
 * A page as declared, its extra (fields above all) kept as typed, so its calls' bodies and rows
 * follow from its fields (typed.ts: PageInput, PageRow). Annotating a page `: PageSpec` forgets them.
 */
const page = (kind: PageKind) => <E extends Extra = object>(path: string, zh: string, en: string, icon?: string, extra?: E): PageSpec & E =>
  Object.assign({ path, title: text(zh, en), icon, kind }, extra);

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
/** A field as declared: its key, type and extra (required, form: false, many ...) kept literal for typed.ts. */
export type Declared<K extends string, T extends FieldType, E> = FieldSpec & { key: K; type: T } & E;
const field = <T extends FieldType>(type: T) => <K extends string, E extends FieldExtra = object>(key: K, zh: string, en: string, extra?: E): Declared<K, T, E> =>
  Object.assign({ key, label: text(zh, en), type }, extra);

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
  money: field('money'),
  date: field('date'),
  bool: field('boolean'),
  datetime: field('datetime'),
  password: field('password'),
  ref: <K extends string, E extends FieldExtra = object>(key: K, zh: string, en: string, ref: FieldSpec['ref'], extra?: E): Declared<K, 'ref', E> =>
    Object.assign({ key, label: text(zh, en), type: 'ref' as const, ref }, extra),
  select: <K extends string, E extends FieldExtra = object>(key: K, zh: string, en: string, options: FieldSpec['options'], extra?: E): Declared<K, 'select', E> =>
    Object.assign({ key, label: text(zh, en), type: 'select' as const, options }, extra),
};

/** Normal or disabled, the status most lists carry. */
export const STATUS_OPTIONS: FieldSpec['options'] = [
  { value: 'normal', label: text('正常', 'Normal'), color: 'green' },
  { value: 'disabled', label: text('停用', 'Disabled'), color: 'gray' },
];
export const statusField = <E extends FieldExtra = object>(extra?: E) => f.select('status', '状态', 'Status', STATUS_OPTIONS, Object.assign({ search: true as const, sortable: true as const }, extra));
export type { Text };
