import { defineLocale } from '../../../i18n';

export const ns = defineLocale('resources', {
  'zh-CN': {
    title: '资源管理', name: '名称', addSection: '新增栏目', addChild: '新增下级', expandAll: '全部展开', collapseAll: '全部收起', keyword: '名称、路径或权限编码',
    label: '名称', labelEn: '英文名称', type: '类型', path: '路由路径', icon: '图标', orderNum: '排序', hidden: '隐藏', noCache: '不缓存',
    affix: '固定标签', perm: '权限编码', parent: '上级节点', redirectPath: '重定向路径', builtIn: '内置',
    type_section: '栏目', type_group: '分组', type_page: '页面', type_button: '按钮',
    deleteTitle: '删除资源', deleteConfirm: '确定删除“{{name}}”吗？已分配给角色的授权会一并删除。', deleted: '已删除',
    reasonBuiltIn: '内置资源不能删除', reasonChildren: '资源下还有子节点，不能删除',
    saved: '已保存。用户下次加载系统时菜单随之更新。', lockedHint: '内置资源的类型、上级、路径和权限编码不能修改',
    sectionPathRule: '以 / 开头，只含字母、数字、- 和 _', segmentPathRule: '只含字母、数字、- 和 _，不以 / 开头',
    permRule: '字母开头，以冒号分级，如 system:users:add', redirectRule: '以 / 开头', nodes: '共 {{count}} 个节点', noMatch: '没有匹配的资源',
  },
  'en-US': {
    title: 'Resources', name: 'Name', addSection: 'Add section', addChild: 'Add child', expandAll: 'Expand all', collapseAll: 'Collapse all',
    keyword: 'Name, path or code', label: 'Name (Chinese)', labelEn: 'Name (English)', type: 'Type', path: 'Route path', icon: 'Icon',
    orderNum: 'Order', hidden: 'Hidden', noCache: 'No cache', affix: 'Pinned tab', perm: 'Permission code', parent: 'Parent',
    redirectPath: 'Redirect path', builtIn: 'Built-in',
    type_section: 'Section', type_group: 'Group', type_page: 'Page', type_button: 'Button',
    deleteTitle: 'Delete resource', deleteConfirm: 'Delete "{{name}}"? Its grants to roles are deleted with it.', deleted: 'Deleted',
    reasonBuiltIn: 'A built-in resource cannot be deleted', reasonChildren: 'The resource has children and cannot be deleted',
    saved: 'Saved. Menus change when users next load the console.', lockedHint: 'The type, parent, path and code of a built-in resource are fixed',
    sectionPathRule: 'Starts with /, then letters, digits, - and _', segmentPathRule: 'Letters, digits, - and _ only, no leading /',
    permRule: 'Starts with a letter, levels joined by colons, e.g. system:users:add', redirectRule: 'Starts with /',
    nodes: '{{count}} nodes', noMatch: 'No resource matches',
  },
});
