import { defineLocale } from '../../../i18n';

export const ns = defineLocale('orderMonitor', {
  'zh-CN': {
    title: '消息列表', selectToRead: '请选择要标为已读的消息', noticeTitle: '消息标题', orderType: '单据类型', dealer: '经销商', items: '物料明细', readState: '状态',
    read: '已读', unread: '未读', createdAt: '时间', dates: '日期', markRead: '标为已读', marked: '{{count}} 条消息已标为已读',
    openOrder: '查看单据', more: '等 {{count}} 项',
  },
  'en-US': {
    title: 'Order messages', selectToRead: 'Please select the messages to mark as read', noticeTitle: 'Title', orderType: 'Order type', dealer: 'Dealer', items: 'Items', readState: 'Status',
    read: 'Read', unread: 'Unread', createdAt: 'Time', dates: 'Dates', markRead: 'Mark as read', marked: '{{count}} messages marked as read',
    openOrder: 'Open order', more: 'and {{count}} more',
  },
});
