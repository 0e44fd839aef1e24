import type { Language } from './languages';

/**
 * Messages both sides show: validation texts of docs/product.md#validation, the error catalogue of
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
  noteChangedWhileScanning: {
    'zh-CN': '送货单 {documentNo} 已生成入库单 {orderNo} 且已开始扫描，不能再修改',
    'en-US': 'Delivery note {documentNo} became receipt {orderNo}, which is being scanned: the note cannot change any more',
  },
  noteReceiptClosed: {
    'zh-CN': '送货单 {documentNo} 的入库单 {orderNo} 已完成或已取消，不能再修改',
    'en-US': 'Delivery note {documentNo} became receipt {orderNo}, which is completed or cancelled: the note cannot change any more',
  },
  noteKeyReused: { 'zh-CN': '该 Idempotency-Key 已用于送货单 {documentNo}', 'en-US': 'This Idempotency-Key was used for delivery note {documentNo}' },
  noteUnknownMaterial: { 'zh-CN': '第 {line} 行：没有编码为 {code} 的物料', 'en-US': 'Line {line}: no material has the code {code}' },
  noteDuplicateLine: { 'zh-CN': '第 {line} 行：物料 {code} 已在第 {first} 行', 'en-US': 'Line {line}: material {code} is on line {first} already' },
  noteTooManyBarcodes: {
    'zh-CN': '第 {line} 行：物料 {code} 有 {count} 个条码，多于数量 {quantity}',
    'en-US': 'Line {line}: {count} barcodes of material {code}, more than its quantity {quantity}',
  },
  noteBadBarcode: {
    'zh-CN': '条码 {index}（{barcode}）：不是轮胎条码（6 到 40 位大写字母、数字或连字符）',
    'en-US': 'Barcode {index} ({barcode}): not a tyre serial (6 to 40 upper-case letters, digits or hyphens)',
  },
  noteBarcodeTwice: { 'zh-CN': '条码 {index}（{barcode}）：重复出现', 'en-US': 'Barcode {index} ({barcode}): listed twice' },
  noteBarcodeNoLine: { 'zh-CN': '条码 {index}（{barcode}）：物料 {code} 不在任何一行', 'en-US': 'Barcode {index} ({barcode}): material {code} is on no line' },
  noteBarcodeTaken: { 'zh-CN': '条码 {index}（{barcode}）：已登记', 'en-US': 'Barcode {index} ({barcode}): already registered' },
  noteBadDot: { 'zh-CN': '条码 {index}（{barcode}）：DOT {dot} 不是周和年（WWYY）', 'en-US': 'Barcode {index} ({barcode}): DOT {dot} is not a week and year (WWYY)' },
  keyRevoked: { 'zh-CN': '该密钥已吊销', 'en-US': 'The key is already revoked' },
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
  // passwords (docs/product.md#validation)
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
  // other field rules (docs/product.md#validation)
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
  importUnknownColumn: {
    'zh-CN': '无法识别的列「{header}」，文件缺少「{expected}」列',
    'en-US': 'Unknown column \'{header}\': the file has no \'{expected}\' column',
  },
  importTooMany: { 'zh-CN': '一次最多导入 {max} 行', 'en-US': 'At most {max} rows can be imported at once' },
  importTooLarge: {
    'zh-CN': '文件解压后超过 {max} MB，请拆分为多个文件后再导入',
    'en-US': 'The file unpacks to more than {max} MB: split it into smaller files, then import them',
  },
  xlsxCorrupt: { 'zh-CN': '文件已损坏，无法读取，请用 Excel 重新保存后再导入', 'en-US': 'The file is damaged and cannot be read: save it again in Excel, then import it' },
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
  /** A required field of a manifest page left blank (docs/product.md#validation: 'cannot be empty' names the field). */
  cannotBeEmpty: { 'zh-CN': '{label}不能为空', 'en-US': '{label} cannot be empty' },
  plate: { 'zh-CN': '请输入正确的车牌号，如 沪A12345', 'en-US': 'Please enter a valid plate number, e.g. 沪A12345' },
  thresholdTarget: { 'zh-CN': '请选择仓库或经销商及物料，或只选择品牌', 'en-US': 'Choose a warehouse or a dealer with a material, or a brand alone' },
  thresholdEmpty: { 'zh-CN': '请填写最小库存或最大库存', 'en-US': 'Give a minimum, a maximum or both' },
  thresholdRange: { 'zh-CN': '最小库存不能大于最大库存', 'en-US': 'The minimum cannot be above the maximum' },
  thresholdExists: { 'zh-CN': '该对象已有阈值', 'en-US': 'This already has a threshold' },
  inUse: { 'zh-CN': '数据正在使用中，不能删除', 'en-US': 'The record is in use and cannot be deleted' },
  notInScope: { 'zh-CN': '数据不在您的权限范围内', 'en-US': 'The record is outside your data scope' },
  webhookAddressLocal: {
    'zh-CN': '推送地址不能是本机、链路本地或保留地址',
    'en-US': 'The URL may not point at this host, a link-local or a reserved address',
  },
  webhookAddressPrivate: { 'zh-CN': '推送地址只能是公网地址', 'en-US': 'The URL may only point at a public address' },
  // catalogue (materials, relations, dealer materials)
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
  // orders and scanning (shared/orders/orderTypes.ts)
  barcodeFormat: { 'zh-CN': '条码格式不正确', 'en-US': 'This is not a tyre barcode' },
  barcodeUnknown: { 'zh-CN': '条码 {barcode} 不存在', 'en-US': 'Unknown barcode {barcode}' },
  barcodeInStock: { 'zh-CN': '条码 {barcode} 已在库', 'en-US': 'Barcode {barcode} is already in stock' },
  barcodeAlreadyOut: { 'zh-CN': '条码 {barcode} 已出库', 'en-US': 'Barcode {barcode} is already out' },
  barcodeNotReceived: { 'zh-CN': '条码 {barcode} 尚未收货入库', 'en-US': 'Barcode {barcode} has not been received yet' },
  barcodeOtherDealer: { 'zh-CN': '条码 {barcode} 不属于本单经销商', 'en-US': 'Barcode {barcode} belongs to another dealer' },
  barcodeOtherWarehouse: { 'zh-CN': '条码 {barcode} 不在本单仓库（在 {warehouse}）', 'en-US': 'Barcode {barcode} is not in this warehouse (it is in {warehouse})' },
  barcodeWrongMaterial: { 'zh-CN': '条码 {barcode} 的物料 {material} 不在本单中', 'en-US': 'Barcode {barcode} is {material}, which this order does not hold' },
  barcodeOverPlanned: { 'zh-CN': '物料 {material} 已扫满计划数量 {planned}', 'en-US': 'Material {material} has reached its planned quantity of {planned}' },
  barcodeScannedTwice: { 'zh-CN': '条码 {barcode} 已扫描过', 'en-US': 'Barcode {barcode} was already scanned' },
  barcodeExists: { 'zh-CN': '条码 {barcode} 已存在', 'en-US': 'Barcode {barcode} already exists' },
  shippedNotAllowed: { 'zh-CN': '只有厂家发货的入库单可以登记发货条码', 'en-US': 'Only the maker\'s delivery receipts can register shipped barcodes' },
  barcodeChanged: {
    'zh-CN': '条码 {barcode} 的库存状态已被其他单据改变，请移除后重新扫描',
    'en-US': 'Barcode {barcode} was moved by another order meanwhile; remove it and scan again',
  },
  barcodeNotScanned: { 'zh-CN': '条码 {barcode} 不在本单中', 'en-US': 'Barcode {barcode} is not scanned on this order' },
  adjustKindRequired: { 'zh-CN': '请选择报损或报溢', 'en-US': 'Choose loss or overflow' },
  orderNotOpen: { 'zh-CN': '单据已完成或已取消，不能再修改', 'en-US': 'The order is completed or cancelled and cannot be changed' },
  orderNotCompleted: { 'zh-CN': '只有已完成的单据可以上传', 'en-US': 'Only completed orders can be uploaded' },
  orderNothingScanned: { 'zh-CN': '单据还没有扫描任何条码', 'en-US': 'Nothing has been scanned on this order yet' },
  orderHasScans: { 'zh-CN': '单据已有扫描记录，不能删除，请取消单据', 'en-US': 'The order has scans and cannot be deleted; cancel it instead' },
  orderLinesRequired: { 'zh-CN': '请至少添加一行物料', 'en-US': 'Add at least one material line' },
  orderLineDuplicate: { 'zh-CN': '同一物料只能有一行', 'en-US': 'Each material can have only one line' },
  orderLineBelowScanned: { 'zh-CN': '计划数量不能少于已扫描数量 {scanned}', 'en-US': 'The planned quantity cannot be below the {scanned} already scanned' },
  orderTypeNotOnPage: { 'zh-CN': '此页面不能创建该类型的单据', 'en-US': 'This page cannot create orders of that type' },
  targetWarehouseRequired: { 'zh-CN': '请选择调入仓库（与调出仓库不同）', 'en-US': 'Choose a target warehouse other than the source' },
  locationRequired: { 'zh-CN': '该经销商启用了库位，请选择库位', 'en-US': 'The dealer uses storage locations: choose one' },
  busyRetry: { 'zh-CN': '其他用户正在同时修改相同的数据，本次未保存，请重试', 'en-US': 'Someone changed the same data at the same moment; nothing was saved, please try again' },
  uploadIdReused: { 'zh-CN': '上传编号已用于其他单据', 'en-US': 'This upload id was already used for another order' },
  syncOtherUser: { 'zh-CN': '离线扫描属于其他用户，请由该用户登录后同步', 'en-US': 'These offline scans belong to another user; they are sent when that user signs in' },
  syncIdReused: { 'zh-CN': '离线扫描编号已用于其他扫描', 'en-US': 'This offline scan id was already used for another scan' },
  barcodeNotExpected: { 'zh-CN': '条码 {barcode} 不在本单可扫描的条码中', 'en-US': 'Barcode {barcode} is not one this order can take' },
  offlineWriteRefused: { 'zh-CN': '网络已断开：离线时只能扫描和移除条码，此操作未保存', 'en-US': 'You are offline: only scanning and removing barcodes work offline; this was not saved' },
  clientTooOld: { 'zh-CN': '控制台版本已过旧，服务器不再支持：请刷新页面加载新版本', 'en-US': 'This console is older than the server still speaks: reload the page to load the new version' },
  uploadRejected: { 'zh-CN': '{count} 个条码被拒绝，本次上传未保存任何条码', 'en-US': 'Barcodes refused: {count}; nothing of this upload was saved' },
  // logistics dispatch (shared/logistics/dispatch.ts)
  carRequestTransition: { 'zh-CN': '申请当前为“{status}”，不能{action}', 'en-US': 'The request is {status} and cannot be moved to {action}' },
  carRequestLocked: { 'zh-CN': '已派车的申请不能修改或删除，请先取消', 'en-US': 'A request with a vehicle assigned cannot be changed or deleted; cancel it first' },
  orderNotFromWarehouse: { 'zh-CN': '出库单 {orderNo} 不是所选仓库的单据', 'en-US': 'Order {orderNo} is not an order of the chosen warehouse' },
  orderOnOtherRequest: { 'zh-CN': '出库单 {orderNo} 已在用车申请 {requestNo} 中', 'en-US': 'Order {orderNo} is already on car request {requestNo}' },
  vehicleBlacklisted: { 'zh-CN': '车辆 {plate} 在黑名单中：{reason}', 'en-US': 'Vehicle {plate} is blacklisted: {reason}' },
  driverBlacklisted: { 'zh-CN': '司机 {driver} 在黑名单中：{reason}', 'en-US': 'Driver {driver} is blacklisted: {reason}' },
  vehicleDisabled: { 'zh-CN': '车辆 {plate} 已停用', 'en-US': 'Vehicle {plate} is disabled' },
  vehicleBusy: { 'zh-CN': '车辆 {plate} 正在执行用车申请 {requestNo}', 'en-US': 'Vehicle {plate} is already on the trip of request {requestNo}' },
  overCapacity: { 'zh-CN': '货物重量 {weight} 吨超过车辆载重 {capacity} 吨', 'en-US': 'The load of {weight} t is over the vehicle\'s capacity of {capacity} t' },
  stopReported: { 'zh-CN': '第 {seq} 站已上报到达', 'en-US': 'Stop {seq} was already reported' },
  stopTime: { 'zh-CN': '到站时间不能早于发车时间，也不能晚于现在', 'en-US': 'A stop is reached after the vehicle left and not later than now' },
  stopUnknown: { 'zh-CN': '该行程没有此站点', 'en-US': 'The trip has no such stop' },
  exchangeNotRetryable: { 'zh-CN': '该记录不能重试（已成功、已重试或不是 TMS 到站上报）', 'en-US': 'This exchange cannot be retried (it succeeded, was retried already, or is not a TMS stop report)' },
  viewNameTaken: { 'zh-CN': '已有同名视图', 'en-US': 'A view of this name already exists' },
  viewNotOwned: { 'zh-CN': '只有视图的创建者可以修改它', 'en-US': 'Only the view\'s owner can change it' },
  viewNotSubscribable: { 'zh-CN': '只能订阅报表或看板的视图', 'en-US': 'Only a report\'s or dashboard\'s view can be subscribed to' },
  mailOff: { 'zh-CN': '邮件未配置（SMTP_URL、MAIL_FROM），无法订阅', 'en-US': 'Mail is not configured (SMTP_URL, MAIL_FROM): subscriptions are off' },
  noMailAddress: { 'zh-CN': '请先在个人中心填写邮箱', 'en-US': 'Add your mail address in your profile first' },
  outboxNotRetryable: { 'zh-CN': '只有最终发送失败的邮件或 Webhook 才能重新发送', 'en-US': 'Only a mail or webhook that failed for good can be sent again' },
  tmsTokenInvalid: { 'zh-CN': 'TMS 令牌无效或已过期', 'en-US': 'The TMS token is invalid or has expired' },
  // analysis reports
  analysisDateRange: { 'zh-CN': '开始日期不能晚于结束日期', 'en-US': 'The start date cannot be after the end date' },
  // reports
  orderNoUnknown: { 'zh-CN': '单号 {orderNo} 不存在或不在您的数据范围内', 'en-US': 'Order {orderNo} does not exist or is outside your data scope' },
  traceNothingToCancel: { 'zh-CN': '该条码没有可以撤销的追溯记录', 'en-US': 'This barcode has no trace record to cancel' },
  traceNotLatest: { 'zh-CN': '只能撤销条码最新的一条追溯记录，请刷新后重试', 'en-US': 'Only the barcode\'s latest trace record can be cancelled; refresh and try again' },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof table;

export function message(lang: Language, key: MessageKey, params?: Record<string, string | number>): string {
  let text: string = table[key][lang];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

export const messageTable = table;
