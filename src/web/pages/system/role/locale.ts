import { defineLocale } from '../../../i18n';

/** The role page's own words: its drawers' (the list's come from the manifest). */
export const ns = defineLocale('role', {
  'zh-CN': {
    permissions: '权限', dataRules: '数据规则', save: '保存', saved: '已保存',
    permissionsOf: '角色权限 · {{name}}', dataRulesOf: '数据规则 · {{name}}',
    expandAll: '全部展开', collapseAll: '全部折叠', checkAll: '全选', clearAll: '清空', search: '搜索菜单或按钮',
    checkedCount: '已选 {{count}} 项', openPage: '访问页面',
    node_section: '模块', node_group: '分组', node_page: '页面', node_button: '按钮',
    adminFixed: '内置管理员角色始终拥有全部权限，不能修改。', readOnly: '您没有编辑角色的权限，只能查看。',
    rulesHint: '持有此角色的用户只能看到所选区域、经销商和仓库的数据（选择区域即包含该区域的全部经销商）。都不选时，此角色不限制数据范围。',
    regions: '区域', dealers: '经销商', warehouses: '仓库', centralWarehouse: '总部仓', choose: '请选择',
    loadFailed: '数据加载失败',
  },
  'en-US': {
    permissions: 'Permissions', dataRules: 'Data rules', save: 'Save', saved: 'Saved',
    permissionsOf: 'Permissions · {{name}}', dataRulesOf: 'Data rules · {{name}}',
    expandAll: 'Expand all', collapseAll: 'Collapse all', checkAll: 'Select all', clearAll: 'Clear', search: 'Search menus or buttons',
    checkedCount: '{{count}} selected', openPage: 'Open the page',
    node_section: 'Section', node_group: 'Group', node_page: 'Page', node_button: 'Button',
    adminFixed: 'The built-in administrator role always holds every permission; it cannot be changed.',
    readOnly: 'You may look at the permissions of roles but not change them.',
    rulesHint: 'Holders of this role see only the data of the regions, dealers and warehouses chosen here (a region includes all its dealers). With nothing chosen, the role does not narrow what its holders see.',
    regions: 'Regions', dealers: 'Dealers', warehouses: 'Warehouses', centralWarehouse: 'Central warehouse', choose: 'Please select',
    loadFailed: 'The data could not be loaded',
  },
});
