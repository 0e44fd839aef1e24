import { editor, list } from './build';
import { text, type SectionSpec } from './types';

export const system: SectionSpec = {
  path: '/system', title: text('系统管理', 'System'), icon: 'settings',
  groups: [{
    path: 'permission', title: text('权限管理', 'Permissions'), icon: 'lock',
    pages: [
      list('users', '用户管理', 'Users', 'user'),
      list('role', '角色管理', 'Roles', 'user-group'),
      list('department', '部门管理', 'Departments', 'mind-mapping'),
      editor('resources', '资源管理', 'Resources', 'menu'),
      list('dictionary', '字典管理', 'Dictionaries', 'book'),
      editor('announcement', '公告管理', 'Announcements', 'notification'),
    ],
  }],
};
