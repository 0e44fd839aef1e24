import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ScopeRule, SectionSpec, Text } from '../../src/shared/pages/types';
import type { FieldPlan } from './fields';

/** What the command was given: where the page sits, its titles and its fields. */
export interface PageRequest {
  /** The menu section's path, with or without its slash: `other`, `/basedata`. */
  section: string;
  /** The group's path within the section: `otherConfig`. */
  group: string;
  /** The route name, the last path segment: `recycler`. */
  route: string;
  zh: string;
  en: string;
  /** A menu icon name (src/web/layout/MenuIcon.tsx); an unknown name shows a file. */
  icon?: string;
  /** The call prefix; by default `/<section>/<route>`. */
  api?: string;
  /** The table's name in schema.ts; by default the route in the plural (`recyclers`). */
  table?: string;
  fields: FieldPlan[];
}

/** Everything the generator writes, named and checked before a file is touched. */
export interface PagePlan extends PageRequest {
  icon: string;
  api: string;
  sectionPath: string;
  sectionTitle: Text;
  groupTitle: Text;
  /** The section's manifest file, relative to the repository: `src/shared/pages/other.ts`. */
  sectionFile: string;
  /** `/other/otherConfig/recycler`: the menu route, and pageCrudRoutes' first argument. */
  routePath: string;
  /** `other:recycler`; buttons are `<perm>:<action>`. */
  perm: string;
  pageConst: string;
  tableConst: string;
  tableSql: string;
  testFile: string;
  /** The rows a caller sees, when a ref field points at records of a data scope (a warehouse, a dealer). */
  scope?: Exclude<ScopeRule, 'none'>;
}

export class PlanError extends Error {}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
/** `recycler` -> `recyclers`, `factory` -> `factories`, `address` -> `address`. */
const plural = (s: string) => (s.endsWith('s') ? s : /[^aeiou]y$/.test(s) ? `${s.slice(0, -1)}ies` : `${s}s`);
/** `laborFactors` -> `labor_factors`. */
export const snakeCase = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** What the plan checks against: the manifest as the repository holds it, and the names schema.ts and the tests already use. */
export interface Existing {
  manifest: SectionSpec[];
  /** Every page's `api`, to keep call paths apart. */
  apis: string[];
  schemaText: string;
  root: string;
}

/**
 * The names of everything the page needs, each checked free: the section and group exist, the
 * route is not a page of the section already (the permission code is `<section>:<route>`), the
 * table and its SQL name are not taken, the API test's file does not exist.
 */
export function planPage(request: PageRequest, existing: Existing, refScope: (kind: string) => 'warehouseIds' | 'dealerIds' | null): PagePlan {
  const sectionPath = `/${request.section.replace(/^\/+/, '')}`;
  const section = existing.manifest.find((s) => s.path === sectionPath);
  if (!section) throw new PlanError(`no section ${sectionPath}: ${existing.manifest.map((s) => s.path.slice(1)).join(', ')}`);
  const group = section.groups.find((g) => g.path === request.group);
  if (!group) throw new PlanError(`section ${sectionPath} has no group ${request.group}: ${section.groups.map((g) => g.path).join(', ')}`);
  if (!/^[A-Za-z][A-Za-z0-9]{1,63}$/.test(request.route)) throw new PlanError(`"${request.route}": a route name is letters and digits, first a letter`);
  const taken = section.groups.flatMap((g) => g.pages).find((p) => p.path.toLowerCase() === request.route.toLowerCase());
  if (taken) throw new PlanError(`${sectionPath} has a page ${taken.path} already: its permission code would be the same`);
  if (!request.zh.trim() || !request.en.trim()) throw new PlanError('give the page\'s title in both languages (--zh, --en)');

  const sectionName = sectionPath.slice(1);
  const api = request.api ?? `/${sectionName}/${request.route}`;
  if (!/^(\/[A-Za-z0-9_-]+)+$/.test(api)) throw new PlanError(`"${api}": a call prefix is /segment/segment`);
  if (existing.apis.some((a) => a === api || a.startsWith(`${api}/`) || api.startsWith(`${a}/`))) throw new PlanError(`calls under ${api} exist already: give --api`);

  const tableConst = request.table ?? plural(lowerFirst(request.route));
  if (!/^[a-z][A-Za-z0-9]*$/.test(tableConst)) throw new PlanError(`"${tableConst}": a table's name in schema.ts is camelCase`);
  const tableSql = snakeCase(tableConst);
  if (new RegExp(`\\bexport const ${tableConst}\\b`).test(existing.schemaText)) throw new PlanError(`schema.ts has ${tableConst} already: give --table`);
  if (existing.schemaText.includes(`pgTable('${tableSql}'`)) throw new PlanError(`schema.ts has a table ${tableSql} already: give --table`);

  const pageConst = `${lowerFirst(request.route)}Page`;
  const sectionFile = `src/shared/pages/${sectionName}.ts`;
  if (!existsSync(path.join(existing.root, sectionFile))) throw new PlanError(`${sectionFile} is missing: the generator writes a section's pages in its own file`);
  const testFile = `tests/api/${lowerFirst(request.route)}.test.ts`;
  if (existsSync(path.join(existing.root, testFile))) throw new PlanError(`${testFile} exists already`);

  const scopes = request.fields.filter((f) => f.ref).map((f) => refScope(f.ref!));
  const scope = scopes.includes('warehouseIds') ? 'warehouse' : scopes.includes('dealerIds') ? 'dealer' : undefined;
  return {
    ...request, icon: request.icon?.trim() || 'file', api, sectionPath, sectionTitle: section.title, groupTitle: group.title, sectionFile,
    routePath: `${sectionPath}/${group.path}/${request.route}`, perm: `${sectionName}:${request.route}`,
    pageConst, tableConst, tableSql, testFile, scope,
  };
}
