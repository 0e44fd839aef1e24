import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { dictData, dictTypes, resources, roleResources, roles } from '../schema';
import { DICTIONARIES } from './dictionaries';
import { BUTTONS, MANIFEST, PAGES, type DemoRole } from '../../../shared/pages';
import { ADMIN_ROLE_CODE } from '../../../shared/api/role';
import { must } from '../../../shared/must';

export const ADMIN_ROLE = ADMIN_ROLE_CODE;

interface ResourceRow {
  type: 'section' | 'group' | 'page' | 'button';
  label: string; labelEn: string; path: string; icon: string | null; orderNum: number;
  hidden: boolean; noCache: boolean; perm: string; parentPerm: string | null; redirectPath: string | null;
}

/** The built-in tree flattened in parent-first order, each node naming its parent's code: the page manifest as rows. */
export function builtInResources(): ResourceRow[] {
  const rows: ResourceRow[] = [];
  MANIFEST.forEach((section, si) => {
    const s = section.path.slice(1);
    const first = section.groups[0];
    const firstPage = must(first.pages.find((p) => !p.hidden), `a shown page in ${section.path}/${first.path}`);
    rows.push({
      type: 'section', label: section.title['zh-CN'], labelEn: section.title['en-US'], path: section.path, icon: section.icon, orderNum: si + 1,
      hidden: false, noCache: false, perm: s, parentPerm: null, redirectPath: `${section.path}/${first.path}/${firstPage.path}`,
    });
    section.groups.forEach((group, gi) => {
      const g = `${s}:${group.path}`;
      rows.push({
        type: 'group', label: group.title['zh-CN'], labelEn: group.title['en-US'], path: group.path, icon: group.icon, orderNum: gi + 1,
        hidden: false, noCache: false, perm: g, parentPerm: s, redirectPath: null,
      });
      group.pages.forEach((page, pi) => {
        const p = `${s}:${page.path}`;
        rows.push({
          type: 'page', label: page.title['zh-CN'], labelEn: page.title['en-US'], path: page.path, icon: page.icon ?? null, orderNum: pi + 1,
          hidden: page.hidden ?? false, noCache: page.noCache ?? false, perm: p, parentPerm: g, redirectPath: null,
        });
        [...BUTTONS[page.kind], ...(page.buttons ?? [])].forEach((b, bi) => rows.push({
          type: 'button', label: b.title['zh-CN'], labelEn: b.title['en-US'], path: '', icon: null, orderNum: bi + 1,
          hidden: false, noCache: false, perm: `${p}:${b.action}`, parentPerm: p, redirectPath: null,
        }));
      });
    });
  });
  return rows;
}

/** The pages a demo role is granted, from the manifest, each with the button actions it goes without. */
export function demoGrants(role: DemoRole): { page: string; without: string[] }[] {
  return PAGES.filter((p) => p.demo?.includes(role) || p.section.demo?.includes(role))
    .map((p) => ({ page: p.perm, without: p.demoWithout?.[role] ?? [] }));
}

/**
 * Brings the built-in resources, the admin role and the dictionaries into the database:
 * missing rows are added, existing rows (maybe edited by an administrator) are left alone.
 * The admin role is granted every built-in resource, including ones a new release adds.
 */
export async function ensureBuiltIns(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = new Map((await tx.select({ id: resources.id, perm: resources.perm }).from(resources)).map((r) => [r.perm, r.id]));
    const missing = builtInResources().filter((r) => !existing.has(r.perm));
    // One insert per level, parents first, so a fresh database takes four statements, not hundreds.
    for (const type of ['section', 'group', 'page', 'button'] as const) {
      const level = missing.filter((r) => r.type === type);
      if (!level.length) continue;
      const inserted = await tx.insert(resources)
        .values(level.map(({ parentPerm, ...values }) => ({ ...values, parentId: parentPerm ? existing.get(parentPerm) ?? null : null })))
        .returning({ id: resources.id, perm: resources.perm });
      for (const r of inserted) existing.set(r.perm, r.id);
    }

    await tx.insert(roles).values({ code: ADMIN_ROLE, name: '超级管理员', nameEn: 'Administrator', type: 'function', remark: 'All menus and buttons' })
      .onConflictDoNothing();
    const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, ADMIN_ROLE));
    await tx.execute(sql`insert into ${roleResources} (role_id, resource_id)
      select ${admin.id}, id from ${resources} on conflict do nothing`);

    for (const dict of DICTIONARIES) {
      await tx.insert(dictTypes).values({ type: dict.type, name: dict.zh, nameEn: dict.en }).onConflictDoNothing();
      await tx.insert(dictData)
        .values(dict.entries.map(([value, label, labelEn], i) => ({ dictType: dict.type, value, label, labelEn, sort: i + 1 })))
        .onConflictDoNothing();
    }
  });
}
