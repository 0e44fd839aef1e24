import { defineLocale } from '../../i18n';

/** Strings of the Views menu and the subscription dialog, on every list, report and dashboard. */
export const ns = defineLocale('views', {
  'zh-CN': {
    views: '视图', saveCurrent: '保存当前视图…', manage: '管理视图…', none: '还没有保存的视图', mine: '我的视图', shared: '共享给我的',
    saveTitle: '保存当前视图', name: '名称', nameHint: '如：华东 本月', shareWith: '共享给角色', notShared: '不共享',
    saved: '视图已保存', renamed: '已重命名', deleted: '视图已删除', rename: '重命名', delete: '删除', share: '共享',
    deleteTitle: '删除视图', deleteConfirm: '确定删除视图「{{name}}」吗？它的订阅也会一并删除。', readOnly: '只读', by: '来自 {{name}}',
    subscribe: '订阅', subscribed: '已订阅', subscribeTitle: '邮件订阅「{{name}}」', frequency: '频率', daily: '每天', weekly: '每周', monthly: '每月',
    weekday: '星期', monthDay: '日期', dayN: '{{day}} 日', time: '时间', timeZone: '按 {{zone}} 时间',
    w1: '周一', w2: '周二', w3: '周三', w4: '周四', w5: '周五', w6: '周六', w7: '周日',
    mailOff: '邮件未配置（SMTP_URL、MAIL_FROM），订阅暂不可用。请联系管理员。', mailTo: '邮件发送到 {{mail}}，附报表的 xlsx（过大时只附链接）。',
    noMail: '你的账号还没有邮箱，请先在个人中心填写。', nextRun: '下次发送：{{time}}', lastRun: '上次发送：{{time}}',
    stopped: '订阅已停止', stoppedRevoked: '订阅已停止：你已没有此页面的权限。', stoppedUnsubscribed: '订阅已通过邮件中的链接退订。',
    unsubscribe: '退订', unsubscribed: '已退订', subscribeSaved: '订阅已保存', notSubscribable: '只有报表和看板的视图可以订阅',
    current: '当前', apply: '打开', sendNow: '立即发送一次', sentNow: '邮件已排队发送',
  },
  'en-US': {
    views: 'Views', saveCurrent: 'Save current view…', manage: 'Manage views…', none: 'No saved views yet', mine: 'My views', shared: 'Shared with me',
    saveTitle: 'Save the current view', name: 'Name', nameHint: 'e.g. East, this month', shareWith: 'Share with role', notShared: 'Not shared',
    saved: 'View saved', renamed: 'Renamed', deleted: 'View deleted', rename: 'Rename', delete: 'Delete', share: 'Share',
    deleteTitle: 'Delete view', deleteConfirm: 'Delete the view "{{name}}"? Its subscriptions go with it.', readOnly: 'Read-only', by: 'from {{name}}',
    subscribe: 'Subscribe', subscribed: 'Subscribed', subscribeTitle: 'Mail "{{name}}"', frequency: 'Frequency', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly',
    weekday: 'Weekday', monthDay: 'Day', dayN: 'Day {{day}}', time: 'Time', timeZone: 'in {{zone}} time',
    w1: 'Monday', w2: 'Tuesday', w3: 'Wednesday', w4: 'Thursday', w5: 'Friday', w6: 'Saturday', w7: 'Sunday',
    mailOff: 'Mail is not configured (SMTP_URL, MAIL_FROM): subscriptions are off. Ask your administrator.', mailTo: 'Mailed to {{mail}} with the report as xlsx (the link alone when too large).',
    noMail: 'Your account has no mail address: add one in your profile first.', nextRun: 'Next mail: {{time}}', lastRun: 'Last mail: {{time}}',
    stopped: 'Subscription stopped', stoppedRevoked: 'Subscription stopped: you no longer have this page.', stoppedUnsubscribed: 'Unsubscribed through the link in a mail.',
    unsubscribe: 'Unsubscribe', unsubscribed: 'Unsubscribed', subscribeSaved: 'Subscription saved', notSubscribable: 'Only a report\'s or dashboard\'s views can be mailed',
    current: 'Current', apply: 'Open', sendNow: 'Send one now', sentNow: 'The mail is on its way',
  },
});
