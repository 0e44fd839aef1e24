import { describe, expect, it } from 'vitest';
import { builtInResources } from '../../db/seed/builtins';
import { MANIFEST } from '../../../shared/pages';
import { buildMenuTree } from './menuTree';

/** The built-in tree as database rows, ids in insertion order. */
function rows() {
  const all = builtInResources();
  const ids = new Map(all.map((r, i) => [r.perm, i + 1]));
  return all.map((r, i) => ({
    id: i + 1, parentId: r.parentPerm ? ids.get(r.parentPerm)! : null, type: r.type, label: r.label, labelEn: r.labelEn, path: r.path,
    icon: r.icon, orderNum: r.orderNum, redirectPath: r.redirectPath, hidden: r.hidden, noCache: r.noCache, affix: false, perm: r.perm,
  }));
}

describe('the built-in resource tree', () => {
  it('has every section and leaf page of docs/product.md#routes-and-screens, with unique codes', () => {
    const all = builtInResources();
    expect(new Set(all.map((r) => r.perm)).size).toBe(all.length);
    expect(MANIFEST.map((s) => s.path)).toEqual(['/system', '/basedata', '/ordermanage', '/reportQuery', '/intelligentAnalysis', '/monitoringManage', '/other']);
    const pages = new Set(all.filter((r) => r.type === 'page').map((r) => r.path));
    for (const page of ['users', 'role', 'brokerInfo', 'scenceConfig', 'DriverRout', 'PRorder', 'InventoryChildList', 'LPCKorder', 'DriverRecord',
      'psfByDelivery', 'samuelCouling', 'inventoryContrastCopy', 'inboundTimeAnalysis', 'stroealert', 'orderMonitor', 'logistics']) {
      expect(pages, page).toContain(page);
    }
  });
});

describe('a user menu tree', () => {
  it('holds a granted page with its group and section, even when only the page was granted', () => {
    const tree = buildMenuTree(rows(), new Set(['basedata:warehouse']), 'en-US');
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ path: '/basedata', label: 'Base data', type: 'section' });
    expect(tree[0].children[0]).toMatchObject({ path: 'base', type: 'group' });
    expect(tree[0].children[0].children.map((p) => p.path)).toEqual(['warehouse']);
  });

  it('labels in the caller language and sorts by orderNum', () => {
    const perms = new Set(builtInResources().map((r) => r.perm));
    const tree = buildMenuTree(rows(), perms, 'zh-CN');
    expect(tree.map((s) => s.label)).toEqual(['系统管理', '基础数据', '仓储管理', '出入库明细', '智能分析', '监控管理', '其他']);
    const orders = tree[1].children[0].children.map((p) => p.orderNum);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('never holds buttons, and nothing ungranted', () => {
    const tree = buildMenuTree(rows(), new Set(['system:users', 'system:users:add']), 'zh-CN');
    const flat = JSON.stringify(tree);
    expect(flat).not.toContain('system:users:add');
    expect(flat).not.toContain('system:role');
  });
});
