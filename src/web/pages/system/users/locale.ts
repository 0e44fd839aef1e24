import { defineLocale } from '../../../i18n';

/** The words of the users page's own buttons and dialog; the list's are the manifest's (src/shared/pages/system.ts). */
export const ns = defineLocale('users', {
  'zh-CN': {
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
