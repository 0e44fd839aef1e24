import type { MenuNode } from '../../../shared/menu';
import type { Language } from '../../../shared/i18n/languages';
import type { Db } from '../../db/client';
import { resources } from '../../db/schema';

type ResourceRow = typeof resources.$inferSelect;

/**
 * The menu tree a user sees: every section, group and page whose code the user holds,
 * plus the ancestors of those (a page granted without its section must still be reachable),
 * labelled in the caller's language and sorted by orderNum.
 */
export function buildMenuTree(rows: ResourceRow[], perms: Set<string>, lang: Language): MenuNode[] {
  const menuRows = rows.filter((r): r is ResourceRow & { type: MenuNode['type'] } => r.type !== 'button');
  const byId = new Map(menuRows.map((r) => [r.id, r]));
  const keep = new Set<number>();
  for (const row of menuRows) {
    if (!perms.has(row.perm)) continue;
    for (let r: ResourceRow | undefined = row; r && !keep.has(r.id); r = r.parentId ? byId.get(r.parentId) : undefined) keep.add(r.id);
  }
  const nodes = new Map<number, MenuNode>();
  for (const row of menuRows) {
    if (!keep.has(row.id)) continue;
    nodes.set(row.id, {
      id: row.id, parentId: row.parentId, type: row.type,
      label: lang === 'en-US' ? row.labelEn : row.label, path: row.path, icon: row.icon, orderNum: row.orderNum,
      redirectPath: row.redirectPath, hidden: row.hidden, noCache: row.noCache, affix: row.affix, perm: row.perm, children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId != null ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else if (node.type === 'section') roots.push(node);
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.orderNum - b.orderNum || a.id - b.id);
    list.forEach((n) => sort(n.children));
    return list;
  };
  return sort(roots);
}

export async function menuFor(db: Db, perms: Set<string>, lang: Language): Promise<{ menuTree: MenuNode[]; buttonList: string[] }> {
  const rows = await db.select().from(resources);
  return {
    menuTree: buildMenuTree(rows, perms, lang),
    buttonList: rows.filter((r) => r.type === 'button' && perms.has(r.perm)).map((r) => r.perm).sort(),
  };
}
