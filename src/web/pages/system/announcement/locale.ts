import { defineLocale } from '../../../i18n';

export const ns = defineLocale('announcement', {
  'zh-CN': {
    title: '公告管理', manage: '公告管理', inbox: '我的公告', titleField: '标题', content: '内容', recipients: '接收对象', status: '状态',
    audience_all: '全部用户', audience_roles: '指定角色', audience_dealers: '指定经销商', allHint: '所有已登录用户（员工和经销商）都会收到',
    pickRoles: '请选择接收的角色', pickDealers: '请选择接收的经销商', status_draft: '草稿', status_published: '已发布',
    publishedAt: '发布时间', updatedAt: '更新时间', readCount: '已读人数', publish: '发布', publishConfirm: '发布后接收对象即可看到此公告，确定发布吗？',
    publishedOk: '已发布', preview: '预览', unreadOnly: '只看未读', unread: '未读', read: '已读', inboxEmpty: '暂无公告', unreadEmpty: '没有未读公告',
    contentPlaceholder: '输入公告内容…', bold: '加粗', italic: '斜体', underline: '下划线', strike: '删除线', heading: '标题', quote: '引用',
    bulleted: '项目符号列表', numbered: '编号列表', clear: '清除格式', close: '关闭', total: '共 {{count}} 条，{{unread}} 条未读',
  },
  'en-US': {
    title: 'Announcements', manage: 'Manage', inbox: 'My announcements', titleField: 'Title', content: 'Content', recipients: 'Recipients', status: 'Status',
    audience_all: 'Everyone', audience_roles: 'Roles', audience_dealers: 'Dealers', allHint: 'Every signed-in user, staff and dealers, receives it',
    pickRoles: 'Please select the roles to receive it', pickDealers: 'Please select the dealers to receive it',
    status_draft: 'Draft', status_published: 'Published', publishedAt: 'Published', updatedAt: 'Updated', readCount: 'Read by',
    publish: 'Publish', publishConfirm: 'Once published, its recipients can read it. Publish now?', publishedOk: 'Published', preview: 'Preview',
    unreadOnly: 'Unread only', unread: 'Unread', read: 'Read', inboxEmpty: 'No announcements yet', unreadEmpty: 'No unread announcements',
    contentPlaceholder: 'Write the announcement…', bold: 'Bold', italic: 'Italic', underline: 'Underline', strike: 'Strikethrough',
    heading: 'Heading', quote: 'Quote', bulleted: 'Bulleted list', numbered: 'Numbered list', clear: 'Clear formatting', close: 'Close',
    total: '{{count}} announcements, {{unread}} unread',
  },
});
