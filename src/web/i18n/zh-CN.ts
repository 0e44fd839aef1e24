/** Strings of the shell and the shared pages (login, home, profile, errors). */
export default {
  app: { title: '渠道营销仓储管理系统', shortTitle: '渠道仓储' },
  route: { home: '首页', profile: '个人中心', theme: '主题', inbox: '我的公告', notFound: '页面不存在', noName: 'no-name', unauthorized: '无权访问' },
  navbar: {
    profile: '个人中心', logout: '退出登录', messages: '公告消息', unread: '{{count}} 条未读', settings: '系统设置', more: '更多',
    toggleSidebar: '展开或收起侧边栏', errorLog: '错误日志', logoutConfirm: '确定退出登录吗？',
  },
  tags: { refresh: '刷新', close: '关闭', closeOthers: '关闭其他', closeAll: '关闭所有' },
  settings: {
    title: '系统布局配置', language: '界面语言', themeType: '主题风格', dark: '暗色', light: '亮色', themeColor: '主题颜色',
    tagsView: '开启 Tags-View', fixedHeader: '固定 Header', isHorizontal: '顶部导航模式', showTopTitle: '显示顶部标题',
    showTopMenu: '显示顶部菜单', showSidebar: '显示左侧菜单', sidebarLogo: '侧边栏 Logo', reset: '恢复默认',
    languageReload: '切换语言将重新加载页面',
  },
  errorLog: { title: '错误日志', clearAll: '全部清除', message: '信息', info: '详情', url: '地址', stack: '调用栈', empty: '没有错误' },
  login: {
    title: '渠道营销仓储管理系统', subtitle: '经销商仓储与渠道营销一体化平台', userName: '用户名', password: '密码',
    captcha: '验证码', submit: '登 录', refreshCaptcha: '看不清？点击换一张', capsLock: '大写锁定已打开',
    userNameRequired: '请输入用户名', passwordRequired: '请输入密码', captchaRequired: '请输入验证码',
    showPassword: '显示密码', hidePassword: '隐藏密码',
  },
  home: {
    welcome: '{{name}}，欢迎回来', dealerScope: '您正在查看 {{dealer}} 的数据', operatorScope: '您正在查看全部渠道的数据',
    dealers: '经销商', warehouses: '仓库', materials: '物料', brands: '品牌', byBrand: '各品牌物料数', byRegion: '各大区经销商数',
    quickLinks: '常用功能', loadFailed: '数据加载失败', noData: '暂无数据', lastLogin: '上次登录',
  },
  profile: {
    title: '个人中心', info: '基本资料', changePassword: '修改密码', userName: '用户名', nickName: '昵称', email: '邮箱',
    phone: '手机号码', dealer: '所属经销商', roles: '角色', save: '保存', oldPassword: '旧密码', newPassword: '新密码',
    confirmPassword: '确认密码', saved: '已保存', passwordChanged: '密码已修改，其他设备上的登录已退出',
    strength: '密码强度', weak: '弱', medium: '中', strong: '强',
  },
  error: {
    notFoundTitle: '404', notFound: '抱歉，您访问的页面不存在', unauthorizedTitle: '401', unauthorized: '抱歉，您没有访问此页面的权限',
    backHome: '返回首页', back: '返回', hasError: 'Has Error', relogin: '重新登录', boundary: '页面出错了', reload: '重新加载',
  },
  generic: {
    description: '此页面（{{path}}）已在菜单中开通，其功能将在后续版本中提供。',
    section: '所属模块', permission: '权限标识', buttons: '已授权按钮', none: '无',
  },
  kit: {
    search: '查询', reset: '重置', expand: '展开', collapse: '收起', add: '新增', edit: '编辑', delete: '删除', import: '导入', export: '导出',
    exportSelected: '导出所选 ({{count}})', refresh: '刷新', columns: '列设置', compact: '紧凑', medium: '适中', loose: '宽松',
    resetColumns: '恢复默认列', actions: '操作', deleteTitle: '确认删除', deleteConfirm: '确定删除所选的 {{count}} 条数据吗？此操作不可撤销。',
    deleted: '已删除 {{count}} 条数据', saved: '保存成功', secretKept: '未更改：输入新的值以替换', noData: '暂无数据', noMatch: '没有符合条件的数据', totalAbout: '约 {{total}} 条', loadFailed: '数据加载失败',
    importHint: '请先下载模板，按模板填写后上传。只接受 xls 或 xlsx 文件；任何一行有错误时，整个文件都不会导入。',
    template: '下载模板', chooseFile: '选择文件并导入', importFailed: '{{count}} 行有错误，未导入任何数据', downloadReport: '下载错误报告',
    row: '行号', problem: '问题', imported: '已导入 {{count}} 条数据', status: '状态', keyword: '关键字', normal: '正常', disabled: '停用', yes: '是', no: '否',
    createdAt: '创建时间', updatedAt: '更新时间', remark: '备注', pickFirst: '请选择{{label}}',
    importUploading: '正在上传文件…', importReading: '已读取 {{read}} 行', importChecking: '已检查 {{checked}} / {{read}} 行',
    importWriting: '正在写入 {{read}} 行…',
  },
  newVersion: { title: '新版本已就绪', content: '刷新页面即可使用新版本，离线等待发送的扫描会保留在本设备。', reload: '刷新' },
  common: { confirm: '确定', cancel: '取消', loading: '加载中…', retry: '重试', ok: '知道了' },
  a11y: {
    skipToContent: '跳到页面内容', selectRow: '选择此行', selectAll: '选择本页所有行', expandRow: '展开或收起此行', pageSize: '每页条数',
    tableScroll: '表格（可左右滚动）', sidebar: '侧边菜单', sections: '一级菜单', tabs: '已打开的页面', tabKeys: '按 Delete 关闭，按 Shift+F10 打开菜单',
    showTable: '以表格显示', showChart: '以图表显示', chartTable: '{{title}}的数据',
  },
};
