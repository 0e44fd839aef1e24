import { defineLocale } from '../../../i18n';

export const ns = defineLocale('users', {
  'zh-CN': {
    title: '用户', userName: '用户名', nickName: '昵称', password: '初始密码', email: '邮箱', phone: '手机号码', department: '部门', departmentShort: '部门',
    dealer: '经销商', roles: '角色', createdAt: '创建时间', keyword: '关键字', keywordHint: '用户名或昵称', role: '角色',
    normal: '正常', frozen: '冻结',
    userNameRule: '只能包含字母、数字、点、下划线和连字符',
    passwordRules: '6 到 20 个字符，不能全是数字或全是字母，不能过于简单',
    freeze: '冻结', unfreeze: '解冻',
    freezeConfirm: '冻结账号 {{name}}？该用户将被立即登出，且无法再登录。',
    unfreezeConfirm: '解冻账号 {{name}}？该用户将可以重新登录。',
    frozenDone: '账号 {{name}} 已冻结', unfrozenDone: '账号 {{name}} 已解冻',
    resetPassword: '重置密码', resetTitle: '重置密码 · {{name}}', newPassword: '新密码', confirmPassword: '确认密码',
    resetHint: '重置后该用户的所有会话将被登出，需使用新密码登录。',
    resetDone: '账号 {{name}} 的密码已重置',
  },
  'en-US': {
    title: 'Users', userName: 'User name', nickName: 'Nickname', password: 'Password', email: 'E-mail', phone: 'Mobile number',
    department: 'Department', departmentShort: 'Dept.', dealer: 'Dealer', roles: 'Roles', createdAt: 'Created', keyword: 'Keyword', keywordHint: 'User name or nickname',
    role: 'Role', normal: 'Normal', frozen: 'Frozen',
    userNameRule: 'Letters, digits, dots, underscores and hyphens only',
    passwordRules: '6 to 20 characters, not all digits or all letters, not too simple',
    freeze: 'Freeze', unfreeze: 'Unfreeze',
    freezeConfirm: 'Freeze the account {{name}}? The user is signed out at once and cannot sign in again.',
    unfreezeConfirm: 'Unfreeze the account {{name}}? The user can sign in again.',
    frozenDone: 'The account {{name}} is frozen', unfrozenDone: 'The account {{name}} is unfrozen',
    resetPassword: 'Reset password', resetTitle: 'Reset password · {{name}}', newPassword: 'New password', confirmPassword: 'Confirm password',
    resetHint: 'All sessions of this user end; the user signs in with the new password.',
    resetDone: 'The password of {{name}} has been reset',
  },
});
