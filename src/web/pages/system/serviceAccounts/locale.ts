import { defineLocale } from '../../../i18n';

/** The service account page's own words: its Keys drawer's (the list's come from the manifest). */
export const ns = defineLocale('serviceAccounts', {
  'zh-CN': {
    keys: '密钥', keysOf: 'API 密钥 · {{name}}', name: '名称', prefix: '密钥开头', expiresAt: '到期时间', never: '永不过期',
    lastUsed: '最近使用', notUsed: '未使用', createdBy: '签发人', state: '状态', active: '有效', revoked: '已吊销', expired: '已过期',
    issue: '签发密钥', issueTitle: '签发新密钥', namePlaceholder: '例如：ERP 生产环境', nameRequired: '请输入密钥名称',
    expiryPlaceholder: '不选则永不过期', revoke: '吊销', revokeConfirm: '吊销密钥“{{name}}”？使用它的调用将立即被拒绝。',
    revoked_done: '密钥已吊销', issuedTitle: '请立即复制密钥', issuedHint: '密钥只显示这一次，关闭后无法再查看；请保存到调用方系统中。',
    copy: '复制', copied: '已复制', copyFailed: '复制失败，请手动选择复制', done: '我已保存', usage: '调用时放在请求头：Authorization: Bearer <密钥>，或 X-Api-Key: <密钥>。',
    loadFailed: '数据加载失败', noKeys: '还没有密钥', readOnly: '您没有管理密钥的权限，只能查看。',
  },
  'en-US': {
    keys: 'Keys', keysOf: 'API keys · {{name}}', name: 'Name', prefix: 'Starts with', expiresAt: 'Expires', never: 'Never',
    lastUsed: 'Last used', notUsed: 'Not used yet', createdBy: 'Issued by', state: 'State', active: 'Active', revoked: 'Revoked', expired: 'Expired',
    issue: 'Issue a key', issueTitle: 'Issue a new key', namePlaceholder: 'e.g. ERP production', nameRequired: 'Please enter the key\'s name',
    expiryPlaceholder: 'None: never expires', revoke: 'Revoke', revokeConfirm: 'Revoke the key "{{name}}"? Calls made with it are refused at once.',
    revoked_done: 'The key is revoked', issuedTitle: 'Copy the key now', issuedHint: 'The key is shown this once and cannot be seen again after closing; keep it in the calling system.',
    copy: 'Copy', copied: 'Copied', copyFailed: 'Copying failed; select the key and copy it by hand', done: 'I have kept it',
    usage: 'Send it in a header: Authorization: Bearer <key>, or X-Api-Key: <key>.',
    loadFailed: 'The data could not be loaded', noKeys: 'No keys yet', readOnly: 'You may look at the keys but not issue or revoke them.',
  },
});
