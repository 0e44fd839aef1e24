import { defineLocale } from '../../../i18n';

export const ns = defineLocale('mail', {
  'zh-CN': {
    title: '邮件管理', inbox: '收件箱', sent: '已发送', compose: '写邮件', subject: '主题', body: '正文', recipients: '收件人', sender: '发件人',
    sentAt: '时间', read: '已读', unread: '未读', readCount: '已读 {{read}}/{{total}}', onlyUnread: '只看未读', keyword: '关键字', keywordHint: '主题或发件人',
    send: '发送', sentDone: '邮件已发送', search: '搜索', empty: '没有邮件', recipientsHint: '可以选择本经销商的用户和运营方员工',
  },
  'en-US': {
    title: 'Mail', inbox: 'Inbox', sent: 'Sent', compose: 'New mail', subject: 'Subject', body: 'Message', recipients: 'To', sender: 'From',
    sentAt: 'Time', read: 'Read', unread: 'Unread', readCount: 'Read {{read}}/{{total}}', onlyUnread: 'Unread only', keyword: 'Keyword',
    keywordHint: 'Subject or sender', send: 'Send', sentDone: 'The mail has been sent', search: 'Search', empty: 'No mail',
    recipientsHint: 'Users of your own dealer and the operator\'s staff',
  },
});
