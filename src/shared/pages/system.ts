import { ADMIN_ROLE_CODE, ROLE_CODE_PATTERN } from '../api/role';
import { editor, f, list, statusField } from './build';
import { text, type SectionSpec } from './types';

/** System › Roles; what each role grants (its permission tree) and which data its holders see (its data rules) are the page's own views. */
const rolePage = list('role', '角色管理', 'Roles', 'user-group', {
  api: '/sys/role',
  blankSaid: 'mandatory',
  fields: [
    f.text('code', '角色编码', 'Code', {
      required: true, unique: true, sortable: true, max: 32, pattern: ROLE_CODE_PATTERN, lockedWhen: { code: ADMIN_ROLE_CODE },
      hint: text('字母开头，2 到 32 位字母、数字或下划线', 'A letter, then 1 to 31 letters, digits or underscores'),
    }),
    f.text('name', '角色名称', 'Name (Chinese)', { required: true, sortable: true }),
    f.text('nameEn', '英文名称', 'Name (English)', { required: true }),
    f.select('type', '角色类型', 'Type', [
      { value: 'function', label: text('功能角色', 'Function role'), color: 'arcoblue' },
      { value: 'data', label: text('数据角色', 'Data role'), color: 'green' },
      { value: 'special', label: text('特殊角色', 'Special role'), color: 'orangered' },
    ], { search: true, sortable: true, sheetAs: 'value' }),
    // Counted by the list, not a column.
    f.int('userCount', '用户数', 'Users', { form: false, export: false }),
    f.textarea('remark', '备注', 'Remark', { max: 256 }),
    f.datetime('createdAt', '创建时间', 'Created', { sortable: true, export: false }),
  ],
});

/** Dictionary type keys are code-like: lower-case letters, digits and underscores. */
const DICT_TYPE_PATTERN = /^[a-z][a-z0-9_]*$/;

/** System › Dictionaries: types on the left, the chosen type's entries on the right (the lists the console's selects show). */
const dictionaryPage = list('dictionary', '字典管理', 'Dictionaries', 'book', {
  api: '/system/dict/type',
  blankSaid: 'mandatory',
  fields: [
    f.text('type', '字典类型', 'Type', {
      required: true, unique: true, sortable: true, lockedOnEdit: true, pattern: DICT_TYPE_PATTERN,
      hint: text('小写字母开头，只含小写字母、数字和下划线', 'Lower-case letters, digits and underscores, starting with a letter'),
    }),
    f.text('name', '名称', 'Name (Chinese)', { required: true, sortable: true }),
    f.text('nameEn', '英文名称', 'Name (English)', { required: true }),
    // Counted by the list, not a column.
    f.int('entries', '条目数', 'Entries', { form: false, export: false }),
    // The types are found by keyword alone.
    statusField({ search: false }),
  ],
  detail: {
    title: text('字典数据', 'Dictionary entries'),
    masterTitle: text('字典类型', 'Dictionary types'),
    api: '/system/dict/data',
    by: { field: 'dictType', from: 'type' },
    caption: text('name', 'nameEn'),
    fields: [
      f.text('dictType', '字典类型', 'Type', { required: true, search: true, table: false }),
      f.text('value', '字典键值', 'Value', { required: true, unique: true, uniqueWith: ['dictType'], sortable: true }),
      f.text('label', '字典标签', 'Label (Chinese)', { required: true, sortable: true }),
      f.text('labelEn', '英文标签', 'Label (English)', { required: true }),
      f.int('sort', '排序', 'Sort', { min: 0, maxValue: 9999, sortable: true }),
      statusField(),
    ],
  },
});

export const system: SectionSpec = {
  path: '/system', title: text('系统管理', 'System'), icon: 'settings',
  groups: [{
    path: 'permission', title: text('权限管理', 'Permissions'), icon: 'lock',
    pages: [
      list('users', '用户管理', 'Users', 'user'),
      rolePage,
      list('department', '部门管理', 'Departments', 'mind-mapping'),
      editor('resources', '资源管理', 'Resources', 'menu'),
      dictionaryPage,
      editor('announcement', '公告管理', 'Announcements', 'notification'),
    ],
  }],
};
