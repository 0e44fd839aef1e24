import type { FilterKey } from '../filters';
import { defineReport, reportColumn, type ReportDef } from '../reportDef';
import { text, type Text } from '../../pages/types';

const col = reportColumn;

/**
 * Why a sign-in attempt ended as it did (login_logs.reason, written by the login call and by
 * sign-out). The report shows the name; the console colours the code: a lock stands out most.
 */
export const LOGIN_REASONS = {
  ok: text('登录成功', 'Signed in'),
  badCredentials: text('用户名或密码错误', 'Wrong user name or password'),
  captchaWrong: text('验证码错误', 'Wrong captcha'),
  captchaRequired: text('未填验证码', 'No captcha'),
  accountLocked: text('账号已锁定', 'Account locked'),
  accountFrozen: text('账号已冻结', 'Account frozen'),
  logout: text('退出登录', 'Signed out'),
} as const satisfies Record<string, Text>;
export type LoginReason = keyof typeof LOGIN_REASONS;

/** What an exchange with an outside system was (exchange_logs.kind), as the upload monitor names it. */
export const EXCHANGE_KINDS = {
  stopReport: text('TMS 到站上报', 'TMS stop report'),
  orderUpload: text('单据上传 ERP', 'Order upload to the ERP'),
} as const satisfies Record<string, Text>;

/**
 * What caused an outbox delivery (outbox.topic), as the upload monitor names it; a topic not listed
 * shows its code. The mail and webhook modules add theirs here.
 */
export const OUTBOX_TOPICS = {
  test: text('测试消息', 'Test message'),
  'order.completed': text('单据完成', 'Order completed'),
  'order.cancelled': text('单据取消', 'Order cancelled'),
  'stockAlert.raised': text('库存预警', 'Stock alert raised'),
  'stockAlert.cleared': text('预警解除', 'Stock alert cleared'),
  'trip.delivered': text('运输送达', 'Trip delivered'),
  subscription: text('视图订阅', 'View subscription'),
  stockAlert: text('库存预警', 'Stock alert'),
  stockAlertDigest: text('库存预警日报', 'Stock alert digest'),
} as const satisfies Record<string, Text>;

/** Where an outbox delivery stands (outbox.status), as the upload monitor's result column names it; sent and failed read as yes and no. */
export const OUTBOX_PENDING = text('待发送', 'Waiting');

/** What an audited write did (audit_logs.action, the recordAudit calls); an action not listed shows its code. */
export const AUDIT_ACTIONS = {
  create: text('新增', 'Create'),
  update: text('修改', 'Update'),
  delete: text('删除', 'Delete'),
  import: text('导入', 'Import'),
  complete: text('完成', 'Complete'),
  cancel: text('作废', 'Cancel'),
  cancelTrace: text('撤销流水', 'Cancel trace move'),
  generate: text('生成', 'Generate'),
  grant: text('授权', 'Grant'),
  publish: text('发布', 'Publish'),
  read: text('标为已读', 'Mark read'),
  send: text('发送', 'Send'),
  resetPassword: text('重置密码', 'Reset password'),
  freeze: text('冻结', 'Freeze'),
  unfreeze: text('解冻', 'Unfreeze'),
  match: text('匹配', 'Match'),
  autoMatch: text('自动匹配', 'Auto match'),
  print: text('打印', 'Print'),
  upload: text('上传', 'Upload'),
  retry: text('重新发送', 'Send again'),
  issueKey: text('签发密钥', 'Issue key'),
  revokeKey: text('吊销密钥', 'Revoke key'),
  apiCall: text('API 调用', 'API call'),
  subscribe: text('订阅', 'Subscribe'),
  unsubscribe: text('退订', 'Unsubscribe'),
} as const satisfies Record<string, Text>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

const WINDOW = text('不选日期时为最近 30 天。', 'Without dates: the last 30 days.');
const FILTERS: FilterKey[] = ['dateRange', 'dimension', 'dealer', 'keyword'];

/**
 * monitoringManage › monitoring: who signed in (login_logs) and who changed what (audit_logs).
 * A dealer user sees its own dealer's users only; data rules narrow staff the same way, and
 * rows of no known user (a mistyped name, a system write) are for unrestricted callers alone.
 */
export const MONITOR_REPORTS: ReportDef[] = [
  defineReport({
    page: 'loginMonitor',
    description: text(
      `每次登录尝试和退出一行：用户、所属经销商、IP、客户端、是否成功及原因；失败和锁定的记录突出显示。图表为各周期登录成功与失败的次数（不含退出），右侧为登录最多的经销商。${WINDOW['zh-CN']}`,
      `One row per sign-in attempt and sign-out: user, the user's dealer, IP, client, whether it succeeded and why; failures and locked accounts stand out. The chart counts successful and failed sign-ins per period (sign-outs left out); beside it, the dealers signing in most. ${WINDOW['en-US']}`,
    ),
    filters: FILTERS,
    columns: [
      col('loggedAt', '时间', 'Time', 'datetime', 20),
      col('userName', '用户名', 'User name', 'text', 16),
      col('nickName', '姓名', 'Name', 'text', 18),
      col('dealerName', '经销商', 'Dealer', 'text', 24),
      col('succeeded', '成功', 'Succeeded', 'tag', 10),
      col('reason', '原因', 'Reason', 'tag', 22),
      col('ip', 'IP', 'IP', 'text', 16),
      col('userAgent', '客户端', 'Client', 'text', 40, false),
    ],
    chart: {
      type: 'bar', title: text('登录成功与失败', 'Sign-ins: succeeded and failed'), x: 'period', y: ['succeeded', 'failed'],
      // The chart's fields by name (the table's columns name the rest).
      columns: [{ key: 'succeeded', title: text('成功', 'Succeeded') }, { key: 'failed', title: text('失败', 'Failed') }],
    },
    moreCharts: [{
      id: 'byDealer', type: 'bar', horizontal: true, stack: true, title: text('各经销商登录（前 12）', 'Sign-ins by dealer (top 12)'), x: 'dealer', y: ['succeeded', 'failed'],
      columns: [{ key: 'succeeded', title: text('成功', 'Succeeded') }, { key: 'failed', title: text('失败', 'Failed') }],
    }],
    defaultOrder: { field: 'loggedAt', order: 'desc' },
  }),
  defineReport({
    page: 'logMonitor',
    description: text(
      `每次有记录的修改一行：操作人、动作、对象及其编号、IP 和时间；点击一行查看修改前后的内容（变化的字段突出显示）。导出包含修改前后的完整 JSON。${WINDOW['zh-CN']}`,
      `One row per audited change: who, what action, on which record, from which IP and when; open a row to see the record before and after (changed fields stand out). The export holds the full before and after JSON. ${WINDOW['en-US']}`,
    ),
    filters: ['dateRange', 'dealer', 'keyword'],
    columns: [
      col('loggedAt', '时间', 'Time', 'datetime', 20),
      col('userName', '操作人', 'User', 'text', 16),
      col('nickName', '姓名', 'Name', 'text', 18),
      col('dealerName', '经销商', 'Dealer', 'text', 24),
      col('action', '动作', 'Action', 'tag', 14),
      col('entity', '对象', 'Entity', 'text', 20),
      col('entityId', '对象编号', 'Entity id', 'text', 12),
      col('ip', 'IP', 'IP', 'text', 16),
      col('before', '修改前', 'Before', 'text', 40, false),
      col('after', '修改后', 'After', 'text', 40, false),
    ],
    defaultOrder: { field: 'loggedAt', order: 'desc' },
  }),
  defineReport({
    page: 'uploadMonitor',
    description: text(
      `每个 PDA 批次上传一行（全部接收或全部拒绝）：时间、经销商、操作人、批次号、单据及其 ERP 上传状态、接收和拒绝的条数、错误信息；以及与外部系统的每次交换：TMS 的到站上报（被拒绝的可按权限重试）和上传到 ERP 的单据；以及发出的每封邮件和每个 Webhook（接收方、对方的应答、最终失败的可按权限重新发送）。图表为各周期成功与失败的次数。${WINDOW['zh-CN']}`,
      `One row per PDA batch upload (taken whole or refused whole): time, dealer, user, batch id, the order and whether it was uploaded to the ERP, scans taken and refused, the error; and one per exchange with an outside system: the TMS's stop reports (a refused one can be retried, by permission) and orders uploaded to the ERP; and every mail and webhook sent (the recipient, what it answered; one that failed for good can be sent again, by permission). The chart counts what was taken and refused per period. ${WINDOW['en-US']}`,
    ),
    filters: FILTERS,
    columns: [
      col('uploadedAt', '时间', 'Time', 'datetime', 20),
      col('channel', '来源', 'Channel', 'text', 8),
      col('dealerName', '经销商', 'Dealer', 'text', 24),
      col('userName', '操作人', 'User', 'text', 14),
      col('uploadId', '批次号/交换', 'Batch, exchange or message', 'text', 24),
      col('orderNo', '单据号/接收方', 'Order, request or recipient', 'text', 24),
      col('result', '结果', 'Result', 'tag', 10),
      col('accepted', '接收', 'Taken', 'number'),
      col('refused', '拒绝', 'Refused', 'number'),
      col('message', '错误信息', 'Error', 'text', 40, false),
      col('erpUploaded', '已上传 ERP', 'In the ERP', 'tag', 10),
    ],
    chart: {
      type: 'bar', title: text('上传与交换：成功与失败', 'Uploads and exchanges: taken and refused'), x: 'period', y: ['taken', 'refused'], stack: true,
      columns: [{ key: 'taken', title: text('成功', 'Taken') }, { key: 'refused', title: text('失败', 'Refused') }],
    },
    defaultOrder: { field: 'uploadedAt', order: 'desc' },
  }),
];
