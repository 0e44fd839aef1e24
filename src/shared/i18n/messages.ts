import type { Language } from './languages';

/**
 * Messages both sides show: validation texts of spec section 5, the error catalogue of
 * section 8 and the server's own answers. One table, so a key typed on the server and in a
 * form rule reads the same to the user.
 */
const table = {
  success: { 'zh-CN': '操作成功', 'en-US': 'SUCCESS' },
  error: { 'zh-CN': '错误', 'en-US': 'Error' },
  required: { 'zh-CN': '此项为必填项', 'en-US': 'This input item is mandatory' },
  tooLong: { 'zh-CN': '不能超过 {max} 个字符', 'en-US': 'At most {max} characters' },
  invalidValue: { 'zh-CN': '取值无效', 'en-US': 'Invalid value' },
  malformedJson: { 'zh-CN': '请求体不是合法的 JSON', 'en-US': 'The request body is not valid JSON' },
  bodyTooLarge: { 'zh-CN': '请求体过大', 'en-US': 'The request body is too large' },
  tooManyRequests: { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests, please try again later' },
  notFound: { 'zh-CN': '资源不存在', 'en-US': 'Not found' },
  internal: { 'zh-CN': '服务器内部错误，请联系管理员', 'en-US': 'Internal server error, please contact the administrator' },
  unauthorized: { 'zh-CN': '登录状态已过期，请重新登录', 'en-US': 'Your login status has expired, please log in again' },
  forbidden: { 'zh-CN': '没有权限执行此操作', 'en-US': 'You do not have permission for this action' },
  networkError: { 'zh-CN': '网络错误，请联系管理员！', 'en-US': 'Network error, please contact the administrator!' },
  verifyFailed: { 'zh-CN': '验证失败，请重新登录。', 'en-US': 'verification failed, please log in again.' },
  // login
  captchaRequired: { 'zh-CN': '请输入验证码', 'en-US': 'Please enter the verification code' },
  captchaWrong: { 'zh-CN': '验证码错误或已过期', 'en-US': 'The verification code is wrong or has expired' },
  badCredentials: { 'zh-CN': '用户名或密码错误', 'en-US': 'Wrong user name or password' },
  accountLocked: {
    'zh-CN': '登录失败次数过多，账号已锁定，请 {minutes} 分钟后再试',
    'en-US': 'Too many failed logins: the account is locked, try again in {minutes} minutes',
  },
  accountFrozen: { 'zh-CN': '账号已冻结，请联系管理员', 'en-US': 'The account is frozen, please contact the administrator' },
  loggedOut: { 'zh-CN': '已退出登录', 'en-US': 'Logged out' },
  // passwords (spec section 5)
  passwordLength: { 'zh-CN': '密码长度为 6 到 20 个字符', 'en-US': 'The password must be 6 to 20 characters' },
  passwordMismatch: { 'zh-CN': '两次输入的密码不一致', 'en-US': 'The two passwords do not match' },
  passwordOneKind: {
    'zh-CN': '密码不能全是数字或全是字母',
    'en-US': 'The password cannot be all digits or all letters',
  },
  passwordTooSimple: { 'zh-CN': '密码过于简单', 'en-US': 'The password is too simple' },
  passwordOldEmpty: { 'zh-CN': '旧密码不能为空', 'en-US': 'The old password cannot be empty' },
  passwordNewEmpty: { 'zh-CN': '新密码不能为空', 'en-US': 'The new password cannot be empty' },
  passwordWeak: {
    'zh-CN': '密码强度较弱，建议使用大小写字母、数字和符号的组合',
    'en-US': 'Weak password: a mix of upper and lower case letters, digits and symbols is safer',
  },
  passwordOldWrong: { 'zh-CN': '旧密码不正确', 'en-US': 'The old password is wrong' },
  passwordSameAsOld: { 'zh-CN': '新密码不能与旧密码相同', 'en-US': 'The new password must differ from the old one' },
  // other field rules (spec section 5)
  phone: { 'zh-CN': '请输入正确的手机号码', 'en-US': 'Please enter the right phone number' },
  email: { 'zh-CN': '请输入正确的邮箱地址', 'en-US': 'Please enter the right email address' },
  uppercase: { 'zh-CN': '请输入大写字母', 'en-US': 'Please enter uppercase letters' },
  selectToDelete: { 'zh-CN': '请选择要删除的数据', 'en-US': 'Please select the data to delete' },
  selectOne: { 'zh-CN': '请选择一条记录', 'en-US': 'Please select one record' },
  selectSingleLeft: { 'zh-CN': '请在左侧选择单行', 'en-US': 'Please select a single row on the left' },
  xlsxOnly: { 'zh-CN': '只能上传 xls 或 xlsx 文件', 'en-US': 'Only xls or xlsx files can be uploaded' },
  importEmpty: { 'zh-CN': '文件中没有数据', 'en-US': 'The file holds no rows' },
  importLegacyXls: {
    'zh-CN': '请将 Excel 97-2003 (xls) 文件另存为 xlsx 后再导入',
    'en-US': 'Please save the Excel 97-2003 (xls) file as xlsx, then import it',
  },
  importTooMany: { 'zh-CN': '一次最多导入 {max} 行', 'en-US': 'At most {max} rows can be imported at once' },
  importRowErrors: {
    'zh-CN': '{count} 行有错误，未导入任何数据',
    'en-US': 'Rows with errors: {count}; nothing was imported',
  },
  duplicate: { 'zh-CN': '已存在相同的值', 'en-US': 'This value already exists' },
  dictTypeHasEntries: { 'zh-CN': '该字典类型下还有字典数据，不能删除', 'en-US': 'The type still has entries and cannot be deleted' },
  lastAdmin: { 'zh-CN': '不能移除最后一个管理员', 'en-US': 'The last administrator cannot be removed' },
  notYourself: { 'zh-CN': '不能对自己的账号执行此操作', 'en-US': 'You cannot do this to your own account' },
  roleInUse: { 'zh-CN': '角色已分配给用户，不能删除', 'en-US': 'The role is assigned to users and cannot be deleted' },
  departmentHasChildren: { 'zh-CN': '部门下还有子部门，不能删除', 'en-US': 'The department has sub-departments and cannot be deleted' },
  departmentHasUsers: { 'zh-CN': '部门下还有用户，不能删除', 'en-US': 'The department has users and cannot be deleted' },
  resourceHasChildren: { 'zh-CN': '资源下还有子节点，不能删除', 'en-US': 'The resource has children and cannot be deleted' },
  resourceBuiltIn: { 'zh-CN': '内置资源不能删除', 'en-US': 'A built-in resource cannot be deleted' },
  parentInvalid: { 'zh-CN': '不能移动到自身或其下级之下', 'en-US': 'A node cannot be placed under itself or its descendants' },
  adminRoleFixed: {
    'zh-CN': '内置管理员角色不能删除，其编码、权限和数据规则不能修改',
    'en-US': 'The built-in administrator role cannot be deleted, and its code, permissions and data rules cannot be changed',
  },
  parentTypeInvalid: {
    'zh-CN': '上级节点类型不符：栏目没有上级，分组在栏目下，页面在分组下，按钮在页面下',
    'en-US': 'Wrong parent: a section has none, a group belongs under a section, a page under a group, a button under a page',
  },
  resourceBuiltInLocked: {
    'zh-CN': '内置资源的类型、上级、路径和权限编码不能修改',
    'en-US': 'The type, parent, path and code of a built-in resource cannot be changed',
  },
  inUse: { 'zh-CN': '数据正在使用中，不能删除', 'en-US': 'The record is in use and cannot be deleted' },
  notInScope: { 'zh-CN': '数据不在您的权限范围内', 'en-US': 'The record is outside your data scope' },
  // catalogue (materials, relations, dealer materials)
  materialCodeEmpty: { 'zh-CN': '物料编码不能为空', 'en-US': 'Material code cannot be empty' },
  tyreSize: { 'zh-CN': '请输入正确的轮胎规格，如 205/55R16 91V', 'en-US': 'Please enter a tyre size such as 205/55R16 91V' },
  price: { 'zh-CN': '价格须为不小于 0 的数字，最多两位小数', 'en-US': 'The price must be a number of at least 0 with at most 2 decimals' },
  // devices, records, mail and logistics configuration
  pdaTransition: { 'zh-CN': 'PDA 当前状态不允许此操作', 'en-US': 'The PDA\'s current status does not allow this' },
  notOfDealer: { 'zh-CN': '仓库不属于所选经销商', 'en-US': 'The warehouse does not belong to the chosen dealer' },
  notOfWarehouse: { 'zh-CN': '库位不属于所选仓库', 'en-US': 'The storage location does not belong to the chosen warehouse' },
  batchSequenceFull: { 'zh-CN': '该前缀的批次流水号已用尽', 'en-US': 'No batch sequence numbers are left for this prefix' },
  plateBlacklisted: {
    'zh-CN': '车牌 {plate} 在黑名单中，不能设为正常状态',
    'en-US': 'The plate {plate} is blacklisted and cannot be saved in normal status',
  },
  samePoints: { 'zh-CN': '起点和终点不能相同', 'en-US': 'The start and end points must differ' },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof table;

export function message(lang: Language, key: MessageKey, params?: Record<string, string | number>): string {
  let text: string = table[key][lang];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

export const messageTable = table;
