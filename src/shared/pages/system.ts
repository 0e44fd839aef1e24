import { ADMIN_ROLE_CODE, ROLE_CODE_PATTERN } from '../api/roleFields';
import { MAX_USER_ROLES, USER_NAME_PATTERN } from '../api/userFields';
import { button, editor, f, list, statusField } from './build';
import { text, type SectionSpec } from './types';

/**
 * System › Users: accounts with their first password, roles (kept in user_roles), department (a
 * tree) and dealer. Freezing, password resets, the last administrator and the older answers
 * (`roles`, `/sys/user/options`) are the server module's own (modules/system/users.ts).
 */
const usersPage = list('users', '用户管理', 'Users', 'user', {
  api: '/sys/user',
  // `/sys/user/options` answers the roles, departments and dealers in a shape of its own.
  optionsApi: '/sys/user/choices',
  blankSaid: 'mandatory',
  scope: 'dealer',
  keyword: ['userName', 'nickName'],
  fields: [
    f.text('userName', '用户名', 'User name', {
      required: true, unique: true, sortable: true, pattern: USER_NAME_PATTERN,
      hint: text('只能包含字母、数字、点、下划线和连字符', 'Letters, digits, dots, underscores and hyphens only'),
    }),
    f.text('nickName', '昵称', 'Nickname', { required: true, sortable: true }),
    f.password('password', '初始密码', 'Password', {
      required: true, hint: text('6 到 20 个字符，不能全是数字或全是字母，不能过于简单', '6 to 20 characters, not all digits or all letters, not too simple'),
    }),
    f.email('email', '邮箱', 'E-mail', { max: 128, width: 28 }),
    f.phone('phone', '手机号码', 'Mobile number'),
    // Frozen and unfrozen by its own call (freeze), never by the form.
    f.select('status', '状态', 'Status', [
      { value: 'normal', label: text('正常', 'Normal'), color: 'green' },
      { value: 'frozen', label: text('冻结', 'Frozen'), color: 'red' },
    ], { form: false, search: true, sortable: true, sheetAs: 'value' }),
    f.ref('departmentId', '部门', 'Department', 'department', { search: true, sortable: true, sheetAs: 'name' }),
    f.ref('dealerId', '经销商', 'Dealer', 'dealer', { search: true, sortable: true, sheetAs: 'code' }),
    f.text('dealerName', '经销商', 'Dealer', { from: 'dealerId.name', table: false, width: 28 }),
    f.ref('roleIds', '角色', 'Roles', 'role', { many: true, maxValue: MAX_USER_ROLES, sheetAs: 'name', width: 28 }),
    f.datetime('createdAt', '创建时间', 'Created', { sortable: true, width: 20 }),
  ],
  searches: [{ key: 'roleId', label: text('角色', 'Role'), anyOf: ['roleIds'] }],
});

/**
 * System › Service accounts: an outside system's account (the maker's ERP, a TMS), given roles and
 * a dealer like a user, calling the API with its keys and never signing in to the console (kept in
 * `users` with kind `service`; docs/integrations.md). Keys are issued, listed and revoked in the
 * page's Keys drawer (`keys` button; modules/system/serviceAccounts.ts).
 */
export const serviceAccountPage = list('serviceAccounts', '服务账号', 'Service accounts', 'safe', {
  api: '/sys/serviceAccount',
  blankSaid: 'mandatory',
  scope: 'dealer',
  keyword: ['userName', 'nickName'],
  buttons: [button('keys', '密钥', 'Keys')],
  fields: [
    f.text('userName', '账号', 'Account', {
      required: true, unique: true, sortable: true, pattern: USER_NAME_PATTERN, lockedOnEdit: true,
      hint: text('只能包含字母、数字、点、下划线和连字符', 'Letters, digits, dots, underscores and hyphens only'),
    }),
    f.text('nickName', '名称', 'Name', { required: true, sortable: true }),
    f.select('status', '状态', 'Status', [
      { value: 'normal', label: text('正常', 'Normal'), color: 'green' },
      { value: 'frozen', label: text('冻结', 'Frozen'), color: 'red' },
    ], { search: true, sortable: true, sheetAs: 'value' }),
    f.ref('dealerId', '经销商', 'Dealer', 'dealer', { search: true, sortable: true, sheetAs: 'code' }),
    f.ref('roleIds', '角色', 'Roles', 'role', { many: true, maxValue: MAX_USER_ROLES, sheetAs: 'name', width: 28 }),
    f.datetime('createdAt', '创建时间', 'Created', { sortable: true, width: 20 }),
  ],
});

const eventField = <K extends string>(key: K, zh: string, en: string) => f.bool(key, zh, en);

/**
 * System › Webhooks: where the product tells outside systems what happened (docs/integrations.md):
 * an endpoint's URL, the secret its deliveries are signed with, the events it takes, and whose (a
 * dealer's endpoint hears that dealer's events only; one of no dealer, every dealer's). `erp` marks
 * the ERP's endpoint: its acknowledging an order's completion marks the order uploaded.
 */
export const webhookPage = list('webhooks', 'Webhook 推送', 'Webhooks', 'send', {
  api: '/sys/webhook',
  blankSaid: 'mandatory',
  scope: 'dealer',
  keyword: ['name', 'url'],
  fields: [
    f.text('name', '名称', 'Name', { required: true, sortable: true }),
    f.text('url', '推送地址', 'URL', {
      required: true, max: 512, width: 40, pattern: /^https?:\/\/[^\s]+$/,
      hint: text('接收方的 http(s) 地址', 'The receiver\'s http(s) address'),
    }),
    f.text('secret', '签名密钥', 'Signing secret', {
      required: true, secret: true, max: 128, table: false, export: false, pattern: /^[\x21-\x7e]{16,128}$/,
      hint: text('16 到 128 个可见字符，接收方用它校验 X-Signature', '16 to 128 visible characters; the receiver checks X-Signature with it'),
    }),
    f.ref('dealerId', '经销商', 'Dealer', 'dealer', {
      search: true, sortable: true, sheetAs: 'code', emptyText: text('全部经销商', 'All dealers'),
    }),
    eventField('orderCompleted', '单据完成', 'Order completed'),
    eventField('orderCancelled', '单据取消', 'Order cancelled'),
    eventField('stockAlertRaised', '库存预警', 'Stock alert raised'),
    eventField('stockAlertCleared', '预警解除', 'Stock alert cleared'),
    eventField('tripDelivered', '运输送达', 'Trip delivered'),
    f.bool('erp', 'ERP 回执', 'ERP endpoint', { hint: text('确认单据完成即标记为已上传', 'Acknowledging an order\'s completion marks it uploaded') }),
    statusField(),
    f.datetime('createdAt', '创建时间', 'Created', { sortable: true, width: 20 }),
  ],
});

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
      usersPage,
      rolePage,
      list('department', '部门管理', 'Departments', 'mind-mapping'),
      editor('resources', '资源管理', 'Resources', 'menu'),
      dictionaryPage,
      editor('announcement', '公告管理', 'Announcements', 'notification'),
    ],
  }, {
    path: 'integration', title: text('系统集成', 'Integration'), icon: 'link',
    pages: [serviceAccountPage, webhookPage],
  }],
};
