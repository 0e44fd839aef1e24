import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  generateLocationsAnswer, generateLocationsBody, locationRuleInput, suggestLocationAnswer, suggestLocationBody, WarehousingPerm,
  type LocationRuleRow, type SuggestLocationAnswer,
} from '../../../shared/api/basedata/warehousing';
import type { Db } from '../../db/client';
import { brands, locationRules, locationRuleTargets, materials, pallets, storageLocations, storehouses, warehouses } from '../../db/schema';
import { crudContext, crudRoutes, type CrudContext } from '../../http/crud';
import { pageCrudRoutes } from '../../http/pageCrud';
import { badRequest, notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { SheetColumn } from '../../http/xlsx';
import type { Services } from '../../services';
import { recordAudit } from '../../platform/audit';
import { allows, inScope } from '../../platform/dataScope';
import type { RequestContext } from '../../platform/requestContext';
import type { SessionUser } from '../../platform/sessionStore';
import { refRows } from './refRows';
import { eqIf, like, referenced, statusOf, writableWarehouse } from './warehousingShared';

type RuleInput = z.infer<typeof locationRuleInput>;

const status = z.enum(['normal', 'disabled']).optional();
/** What a rule's save and update answer. */
const idAnswer = z.object({ id: z.number().int() });
const optionalId = z.coerce.number().int().positive().optional();
const pad = (n: number) => String(n).padStart(2, '0');
const warehouseHeaders = [
  { key: 'warehouseCode', header: { 'zh-CN': '仓库编码', 'en-US': 'Warehouse code' } },
  { key: 'warehouseName', header: { 'zh-CN': '仓库', 'en-US': 'Warehouse' } },
] as const;

/** Id of the caller's warehouse with this code, or 400 naming the sheet column. */
async function warehouseByCode(ctx: CrudContext, code: string | undefined): Promise<number> {
  const [row] = code ? await ctx.db.select({ id: warehouses.id }).from(warehouses)
    .where(and(eq(warehouses.code, code.trim().toUpperCase()), inScope(warehouses.id, ctx.scope.warehouseIds))) : [];
  if (!row) throw badRequest('invalidValue', 'warehouseCode');
  return row.id;
}

/**
 * The best rule for a material in a warehouse: among the warehouse's active rules whose brand,
 * specification and pattern (each empty = any) all fit, the most specific, then the highest
 * priority, then the oldest. A rule's specification fits the material's full designation or
 * its size part (`205/55R16` fits `205/55R16 91V`). Answers its active target locations.
 */
export async function suggestLocations(db: Db, warehouseId: number, materialId: number): Promise<SuggestLocationAnswer | null> {
  const [material] = await db.select({ brandId: materials.brandId, specification: materials.specification, pattern: materials.pattern })
    .from(materials).where(eq(materials.id, materialId));
  if (!material) return null;
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const rules = await db.select().from(locationRules)
    .where(and(eq(locationRules.warehouseId, warehouseId), eq(locationRules.status, 'normal'))).orderBy(asc(locationRules.id));
  const fitting = rules.filter((r) => (r.brandId == null || r.brandId === material.brandId)
    && (!r.specification || same(r.specification, material.specification) || same(r.specification, material.specification.split(' ')[0]))
    && (!r.pattern || same(r.pattern, material.pattern)));
  const specificity = (r: (typeof rules)[number]) => Number(r.brandId != null) + Number(!!r.specification) + Number(!!r.pattern);
  fitting.sort((a, b) => specificity(b) - specificity(a) || b.priority - a.priority || a.id - b.id);
  const best = fitting[0];
  if (!best) return { ruleId: null, ruleName: null, locations: [] };
  const locations = await db.select({ id: storageLocations.id, code: storageLocations.code, name: storageLocations.name })
    .from(locationRuleTargets).innerJoin(storageLocations, eq(storageLocations.id, locationRuleTargets.locationId))
    .where(and(eq(locationRuleTargets.ruleId, best.id), eq(storageLocations.status, 'normal'))).orderBy(asc(storageLocations.code));
  return { ruleId: best.id, ruleName: best.name, locations };
}

/** Base data › Areas, Storage locations and Location rules: all within the warehouses of the caller's scope. */
export function locationRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const ctxOf = (rc: RequestContext) => crudContext(db, rc);
  const actor = (user: SessionUser, ip: string) => ({ id: user.id, userName: user.userName, ip });

  // ------------------------------------------------------------------ areas
  // Declared in the manifest (src/shared/pages/basedata.ts); its own: the rows' warehouse code and name, and its in-use check.
  const areas = pageCrudRoutes(services, '/basedata/base/storehouse', storehouses, {
    tag: 'storehouses',
    ...refRows(db, storehouses, { warehouseId: warehouses }, (ctx) => inScope(storehouses.warehouseId, ctx.scope.warehouseIds)),
    inUse: async (_ctx, ids) => (await referenced(db, storageLocations, storageLocations.storehouseId, ids) ? 'inUse' : null),
  });

  // ------------------------------------------------------------------ storage locations
  // Declared in the manifest (src/shared/pages/basedata.ts); its own: a name falling to the code, a capacity of 0 unless given,
  // generation by rows and levels, its in-use check, its order and the rows' warehouse and area code and name.
  const locations = pageCrudRoutes(services, '/basedata/base/storagelocation', storageLocations, {
    tag: 'storage locations', entity: 'storage_location',
    ...refRows(db, storageLocations, { warehouseId: warehouses, storehouseId: storehouses }, (ctx) => inScope(storageLocations.warehouseId, ctx.scope.warehouseIds)),
    defaultOrder: asc(storageLocations.id),
    check: async (v) => ({ name: v.name ?? v.code, capacity: v.capacity ?? 0 }),
    inUse: async (_ctx, ids) => (await referenced(db, locationRuleTargets, locationRuleTargets.locationId, ids)
      || await referenced(db, pallets, pallets.storageLocationId, ids) ? 'inUse' : null),
    extraRoutes: [
      defineRoute({
        method: 'POST', url: '/basedata/storagelocation/generate', tag: 'storage locations', permission: `${WarehousingPerm.location}:add`,
        body: generateLocationsBody, answer: generateLocationsAnswer,
        summary: 'Storage locations: create <area>-<row>-<level> locations of an area (A-01-01 ...), leaving codes that exist',
        handler: async ({ body, user, lang, req, scope }) => {
          const ctx = await ctxOf({ user, lang, scope });
          const [area] = await db.select({ id: storehouses.id, code: storehouses.code, warehouseId: storehouses.warehouseId }).from(storehouses)
            .where(and(eq(storehouses.id, body.storehouseId), inScope(storehouses.warehouseId, ctx.scope.warehouseIds)));
          if (!area) throw notFound();
          const wanted: { warehouseId: number; storehouseId: number; code: string; name: string; capacity: number }[] = [];
          for (let r = 1; r <= body.rows; r++) {
            for (let l = 1; l <= body.levels; l++) {
              const code = `${area.code}-${pad(r)}-${pad(l)}`;
              wanted.push({ warehouseId: area.warehouseId, storehouseId: area.id, code, name: code, capacity: body.capacity });
            }
          }
          return db.transaction(async (tx) => {
            const created = await tx.insert(storageLocations).values(wanted).onConflictDoNothing().returning({ id: storageLocations.id });
            await recordAudit(tx, actor(user, req.ip), {
              action: 'generate', entity: 'storage_location', entityId: area.id,
              after: { storehouseId: area.id, rows: body.rows, levels: body.levels, capacity: body.capacity, created: created.length },
            });
            return { created: created.length, skipped: wanted.length - created.length };
          });
        },
      }),
    ],
  });

  // ------------------------------------------------------------------ location rules
  const ruleColumns = {
    id: locationRules.id, warehouseId: locationRules.warehouseId, warehouseCode: warehouses.code, warehouseName: warehouses.name,
    name: locationRules.name, brandId: locationRules.brandId, brandName: brands.name, specification: locationRules.specification,
    pattern: locationRules.pattern, priority: locationRules.priority, status: locationRules.status,
  };
  async function ruleRows(where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number): Promise<LocationRuleRow[]> {
    const rows = await db.select(ruleColumns).from(locationRules).innerJoin(warehouses, eq(warehouses.id, locationRules.warehouseId))
      .leftJoin(brands, eq(brands.id, locationRules.brandId)).where(where).orderBy(...order).limit(limit).offset(offset);
    if (!rows.length) return [];
    const targets = await db.select({ ruleId: locationRuleTargets.ruleId, id: storageLocations.id, code: storageLocations.code })
      .from(locationRuleTargets).innerJoin(storageLocations, eq(storageLocations.id, locationRuleTargets.locationId))
      .where(inArray(locationRuleTargets.ruleId, rows.map((r) => r.id))).orderBy(asc(storageLocations.code));
    return rows.map((r) => {
      const own = targets.filter((t) => t.ruleId === r.id);
      return { ...r, locationIds: own.map((t) => t.id), locationCodes: own.map((t) => t.code) };
    });
  }
  const ruleScope = (ctx: CrudContext) => inScope(locationRules.warehouseId, ctx.scope.warehouseIds);
  const loadRule = async (ctx: CrudContext, id: number) => (await ruleRows(and(eq(locationRules.id, id), ruleScope(ctx)), [locationRules.id], 1, 0))[0];

  async function ruleValues(input: RuleInput, ctx: CrudContext) {
    await writableWarehouse(ctx, input.warehouseId);
    if (input.brandId != null) {
      const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId));
      if (!brand) throw badRequest('invalidValue', 'brandId');
    }
    const locationIds = [...new Set(input.locationIds)];
    if (locationIds.length) {
      const [hit] = await db.select({ n: count() }).from(storageLocations)
        .where(and(inArray(storageLocations.id, locationIds), eq(storageLocations.warehouseId, input.warehouseId)));
      if (hit.n !== locationIds.length) throw badRequest('invalidValue', 'locationIds');
    }
    return {
      values: {
        warehouseId: input.warehouseId, name: input.name, brandId: input.brandId ?? null, specification: input.specification ?? null,
        pattern: input.pattern ?? null, priority: input.priority, status: input.status,
      },
      locationIds,
    };
  }
  async function writeTargets(tx: Db, ruleId: number, locationIds: number[]) {
    await tx.delete(locationRuleTargets).where(eq(locationRuleTargets.ruleId, ruleId));
    if (locationIds.length) await tx.insert(locationRuleTargets).values(locationIds.map((locationId) => ({ ruleId, locationId })));
  }
  const ruleSheet: SheetColumn<LocationRuleRow>[] = [
    { ...warehouseHeaders[0], value: (r) => r.warehouseCode },
    { ...warehouseHeaders[1], value: (r) => r.warehouseName },
    { key: 'name', header: { 'zh-CN': '规则名称', 'en-US': 'Rule name' }, value: (r) => r.name },
    { key: 'brand', header: { 'zh-CN': '品牌', 'en-US': 'Brand' }, value: (r) => r.brandName },
    { key: 'specification', header: { 'zh-CN': '规格', 'en-US': 'Specification' }, value: (r) => r.specification },
    { key: 'pattern', header: { 'zh-CN': '花纹', 'en-US': 'Pattern' }, value: (r) => r.pattern },
    { key: 'priority', header: { 'zh-CN': '优先级', 'en-US': 'Priority' }, value: (r) => r.priority },
    { key: 'locations', header: { 'zh-CN': '目标库位', 'en-US': 'Locations' }, width: 36, value: (r) => r.locationCodes.join(', ') },
    { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => r.status },
  ];
  const ruleFilters = z.object({ keyword: z.string().max(64).optional(), warehouseId: optionalId, brandId: optionalId, status });
  const rules = crudRoutes<LocationRuleRow, RuleInput, typeof ruleFilters>(services, {
    base: '/basedata/storagelocationRule', tag: 'location rules', pagePerm: WarehousingPerm.rule, entity: 'location_rule',
    title: { 'zh-CN': '库位规则', 'en-US': 'Location rules' },
    table: locationRules, id: locationRules.id,
    filters: ruleFilters,
    input: locationRuleInput,
    where: (f, ctx) => and(
      f.keyword ? or(like(locationRules.name, f.keyword), like(locationRules.specification, f.keyword), like(locationRules.pattern, f.keyword)) : undefined,
      eqIf(locationRules.warehouseId, f.warehouseId), eqIf(locationRules.brandId, f.brandId), eqIf(locationRules.status, f.status), ruleScope(ctx),
    ),
    list: (_ctx, where, order, limit, offset) => ruleRows(where, order, limit, offset),
    count: async (_ctx, where) => (await db.select({ n: count() }).from(locationRules).where(where))[0].n,
    load: loadRule,
    sortable: { name: locationRules.name, priority: locationRules.priority, warehouseId: locationRules.warehouseId, status: locationRules.status } as Record<string, PgColumn>,
    defaultOrder: sql`${locationRules.warehouseId}, ${locationRules.priority} desc, ${locationRules.id}`,
    toValues: async (input, ctx) => (await ruleValues(input, ctx)).values,
    // The rule's target locations live in their own table, so save and update are this module's own.
    ownRoutes: ['save', 'update'],
    columns: ruleSheet,
    importColumns: ruleSheet.filter((c) => c.key !== 'warehouseName' && c.key !== 'locations'),
    fromSheet: async (values, ctx) => {
      let brandId: number | null = null;
      if (values.brand) {
        const [brand] = await db.select({ id: brands.id }).from(brands).where(or(eq(brands.name, values.brand), eq(brands.code, values.brand)));
        if (!brand) throw badRequest('invalidValue', 'brand');
        brandId = brand.id;
      }
      return {
        warehouseId: await warehouseByCode(ctx, values.warehouseCode), name: values.name ?? '', brandId,
        specification: values.specification, pattern: values.pattern,
        priority: values.priority === undefined || values.priority === '' ? 0 : Number(values.priority), status: statusOf(values.status),
      };
    },
    extraRoutes: [
      defineRoute({
        method: 'POST', url: '/basedata/storagelocationRule/save', tag: 'location rules', permission: `${WarehousingPerm.rule}:add`, answer: idAnswer,
        body: locationRuleInput, summary: 'Location rules: create a rule with its target locations',
        handler: async ({ body, user, lang, req, scope }) => {
          const ctx = await ctxOf({ user, lang, scope });
          const { values, locationIds } = await ruleValues(body, ctx);
          return db.transaction(async (tx) => {
            const [row] = await tx.insert(locationRules).values(values).returning({ id: locationRules.id });
            await writeTargets(tx, row.id, locationIds);
            await recordAudit(tx, actor(user, req.ip), { action: 'create', entity: 'location_rule', entityId: row.id, after: { ...values, locationIds } });
            return { id: row.id };
          });
        },
      }),
      defineRoute({
        method: 'POST', url: '/basedata/storagelocationRule/update', tag: 'location rules', permission: `${WarehousingPerm.rule}:edit`, answer: idAnswer,
        body: locationRuleInput.extend({ id: z.coerce.number().int().positive() }),
        summary: 'Location rules: change a rule and replace its target locations',
        handler: async ({ body, user, lang, req, scope }) => {
          const ctx = await ctxOf({ user, lang, scope });
          const { id, ...parsed } = body;
          const before = await loadRule(ctx, id);
          if (!before) throw notFound();
          const { values, locationIds } = await ruleValues(parsed, ctx);
          await db.transaction(async (tx) => {
            await tx.update(locationRules).set(values).where(eq(locationRules.id, id));
            await writeTargets(tx, id, locationIds);
            await recordAudit(tx, actor(user, req.ip), { action: 'update', entity: 'location_rule', entityId: id, before, after: { ...values, locationIds } });
          });
          return { id };
        },
      }),
      defineRoute({
        method: 'POST', url: '/basedata/storagelocationRule/suggest', tag: 'location rules', permission: 'session', answer: suggestLocationAnswer,
        body: suggestLocationBody,
        summary: 'Location rules: the locations the best matching rule suggests for a material in a warehouse (used at receipt)',
        handler: async ({ body, scope: dataScope }) => {
          const scope = await dataScope();
          if (!allows(scope.warehouseIds, body.warehouseId)) throw notFound();
          const [warehouse] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, body.warehouseId));
          if (!warehouse) throw notFound();
          const answer = await suggestLocations(db, body.warehouseId, body.materialId);
          if (!answer) throw badRequest('invalidValue', 'materialId');
          return answer;
        },
      }),
    ],
  });
  return [...areas, ...locations, ...rules];
}
