import { defineLocale } from '../../../i18n';

export const ns = defineLocale('stockAlerts', {
  'zh-CN': {
    alerts: '预警', thresholds: '阈值', state: '状态', open: '未解除', cleared: '已解除', all: '全部', kind: '类型', low: '低于最小库存', high: '高于最大库存',
    warehouse: '仓库', dealer: '经销商', material: '物料', threshold: '阈值', qtyAtRaise: '预警时库存', currentQty: '当前库存', raisedAt: '预警时间',
    clearedAt: '解除时间', acknowledged: '确认', acknowledgedBy: '{{user}} 于 {{at}} 确认', notAcknowledged: '未确认', keyword: '关键字',
    acknowledge: '确认所选', selectToAck: '请选择要确认的预警', acked: '已确认 {{count}} 条预警', sweep: '立即检查', swept: '检查完成：新增 {{count}} 条预警',
    raisedTitle: '库存预警', raisedLow: '{{warehouse}} · {{material}} 库存 {{qty}}，低于最小库存 {{threshold}}',
    raisedHigh: '{{warehouse}} · {{material}} 库存 {{qty}}，高于最大库存 {{threshold}}', unacknowledgedOnly: '只看未确认',
    mailMe: '邮件提醒', mailOff: '不发邮件', mailInstant: '预警时立即发送', mailDigest: '每日汇总', mailAt: '汇总时间',
    mailUnavailable: '邮件未配置（SMTP_URL、MAIL_FROM）', mailNoAddress: '请先在个人中心填写邮箱', mailSaved: '邮件提醒已保存',
  },
  'en-US': {
    alerts: 'Alerts', thresholds: 'Thresholds', state: 'State', open: 'Open', cleared: 'Cleared', all: 'All', kind: 'Kind', low: 'Below minimum', high: 'Above maximum',
    warehouse: 'Warehouse', dealer: 'Dealer', material: 'Material', threshold: 'Threshold', qtyAtRaise: 'Stock when raised', currentQty: 'Stock now', raisedAt: 'Raised',
    clearedAt: 'Cleared', acknowledged: 'Acknowledged', acknowledgedBy: 'by {{user}} at {{at}}', notAcknowledged: 'Not acknowledged', keyword: 'Keyword',
    acknowledge: 'Acknowledge selected', selectToAck: 'Please select the alerts to acknowledge', acked: '{{count}} alerts acknowledged', sweep: 'Check now',
    swept: 'Checked: {{count}} new alerts', raisedTitle: 'Stock alert', raisedLow: '{{warehouse}} · {{material}}: {{qty}} on hand, below the minimum of {{threshold}}',
    raisedHigh: '{{warehouse}} · {{material}}: {{qty}} on hand, above the maximum of {{threshold}}', unacknowledgedOnly: 'Unacknowledged only',
    mailMe: 'Mail me', mailOff: 'No mail', mailInstant: 'At once, as raised', mailDigest: 'Daily digest', mailAt: 'Digest time',
    mailUnavailable: 'Mail is not configured (SMTP_URL, MAIL_FROM)', mailNoAddress: 'Add your mail address in your profile first', mailSaved: 'Mail of alerts saved',
  },
});
