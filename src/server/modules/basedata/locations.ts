import { and, asc, eq, sql } from 'drizzle-orm';
import { generateLocationsAnswer, generateLocationsBody, suggestLocationAnswer, suggestLocationBody, WarehousingPerm, type SuggestLocationAnswer } from '../../../shared/api/basedata/warehousing';
import type { Db } from '../../db/client';
import { brands, locationRules, locationRuleTargets, materials, pallets, storageLocations, storehouses, warehouses } from '../../db/schema';
import { crudContext } from '../../http/crud';
import { pageCrudRoutes } from '../../http/pageCrud';
import { badRequest, notFound } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { recordAudit } from '../../platform/audit';
import { allows, inScope } from '../../platform/dataScope';
import type { RequestContext } from '../../platform/requestContext';
import type { SessionUser } from '../../platform/sessionStore';
import { refRows } from './refRows';
import { referenced } from './warehousingShared';

const pad = (n: number) => String(n).padStart(2, '0');

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
  // Declared in the manifest (src/shared/pages/basedata.ts); its own: the target locations' table, a priority of 0 unless
  // given, the order by warehouse and priority, the rows' warehouse and brand code and name, and the suggestion at receipt.
  const rules = pageCrudRoutes(services, '/basedata/base/storagelocationRule', locationRules, {
    tag: 'location rules', entity: 'location_rule',
    ...refRows(db, locationRules, { warehouseId: warehouses, brandId: brands }, (ctx) => inScope(locationRules.warehouseId, ctx.scope.warehouseIds)),
    links: { locationIds: { table: locationRuleTargets, owner: locationRuleTargets.ruleId, target: locationRuleTargets.locationId, codes: 'locationCodes' } },
    defaultOrder: sql`${locationRules.warehouseId}, ${locationRules.priority} desc, ${locationRules.id}`,
    check: async (v) => ({ priority: v.priority ?? 0 }),
    extraRoutes: [
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
