import { defineLocale } from '../../../i18n';

export const ns = defineLocale('department', {
  'zh-CN': {
    title: '部门', name: '部门名称', parent: '上级部门', topLevel: '无（顶级部门）', orderNum: '排序', userCount: '本部门用户',
    totalUserCount: '含下级用户', createdAt: '创建时间', addRoot: '新增部门', addChild: '新增下级', expandAll: '全部展开',
    collapseAll: '全部折叠', addTitle: '新增部门', addChildTitle: '新增下级部门 · {{name}}', editTitle: '编辑部门 · {{name}}',
    deleteConfirm: '确定删除部门“{{name}}”吗？此操作不能撤销。', deleted: '已删除', empty: '还没有部门', loadFailed: '部门加载失败',
    hasChildren: '有下级部门，不能删除', hasUsers: '部门下有用户，不能删除',
  },
  'en-US': {
    title: 'Departments', name: 'Name', parent: 'Parent department', topLevel: 'None (top level)', orderNum: 'Order', userCount: 'Users',
    totalUserCount: 'Users incl. sub-departments', createdAt: 'Created', addRoot: 'Add department', addChild: 'Add sub-department',
    expandAll: 'Expand all', collapseAll: 'Collapse all', addTitle: 'Add department', addChildTitle: 'Add sub-department · {{name}}',
    editTitle: 'Edit department · {{name}}', deleteConfirm: 'Delete the department "{{name}}"? This cannot be undone.', deleted: 'Deleted',
    empty: 'No departments yet', loadFailed: 'The departments could not be loaded',
    hasChildren: 'It has sub-departments and cannot be deleted', hasUsers: 'It has users and cannot be deleted',
  },
});
