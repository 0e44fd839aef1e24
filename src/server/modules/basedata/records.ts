import { and, asc, count, eq, inArray, like as sqlLike, sql } from 'drizzle-orm';
import { batchGenerateAnswer, batchGenerateBody, DevicesPerm } from '../../../shared/api/basedata/devices';
import { batches, dealers, materials, pallets, scenes, storageLocations, warehouses } from '../../db/schema';
import { crudContext, type CrudContext } from '../../http/crud';
import { pageCrudRoutes } from '../../http/pageCrud';
import { badRequest, conflict } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { recordAudit } from '../../platform/audit';
import { inScope } from '../../platform/dataScope';
import type { RequestContext } from '../../platform/requestContext';
import { scopedDealer } from './devices';
import { refRows } from './refRows';
import { numberOrNull } from '../../../shared/must';

/** Key of the advisory lock batch generation holds, so two generations never hand out one number. */
const BATCH_LOCK = 7_310_101;
const SEQ_DIGITS = 3;

/**
 * The code prefix of generated batches: B, the production day as yyMMdd, and the last four
 * letters or digits of the material code (B260315 + 5516 + 001 for 205/55R16 made 15 March 2026).
 */
export function batchPrefix(materialCode: string, productionDate: string): string {
  const tail = materialCode.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(-4);
  return `B${productionDate.slice(2, 4)}${productionDate.slice(5, 7)}${productionDate.slice(8, 10)}${tail}`;
}

/** Base data › batches (and batch generation), pallets and scenes. */
export function recordRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const ctxOf = (rc: RequestContext) => crudContext(db, rc);
  const actor = (user: CrudContext['user'], ip: string) => ({ id: user.id, userName: user.userName, ip });

  // ---------------------------------------------------------------- batches
  const batchScope = (ctx: CrudContext) => inScope(batches.dealerId, ctx.scope.dealerIds);
  async function materialOf(id: number) {
    const [m] = await db.select({ id: materials.id, code: materials.code }).from(materials).where(eq(materials.id, id));
    if (!m) throw badRequest('invalidValue', 'materialId');
    return m;
  }
  /** A dealer for a batch: none is allowed for operator staff without data rules. */
  const batchDealer = async (ctx: CrudContext, id: number | null | undefined) => (id == null && ctx.user.dealerId == null && ctx.scope.dealerIds === null ? null : scopedDealer(ctx, id));

  // Declared in the manifest (src/shared/pages/basedata.ts); what is its own: the dealer a batch falls to, and generation.
  const batchRoutes = pageCrudRoutes(services, '/basedata/base/baseBatch', batches, {
    tag: 'batch', entity: 'batch',
    ...refRows(db, batches, { materialId: materials, dealerId: dealers }, batchScope),
    check: async (v, ctx) => ({ dealerId: await batchDealer(ctx, numberOrNull(v.dealerId)) }),
    extraRoutes: [
      defineRoute({
        method: 'POST', url: '/basedata/batch/generate', tag: 'batch', permission: `${DevicesPerm.batch}:add`, body: batchGenerateBody, answer: batchGenerateAnswer,
        summary: 'Batches: create `count` batches of a material and day, coded B + yyMMdd + material code tail + 3-digit sequence (continuing after the highest used)',
        handler: async ({ body, user, lang, req, scope }) => {
          const ctx = await ctxOf({ user, lang, scope });
          const material = await materialOf(body.materialId);
          const dealerId = await batchDealer(ctx, body.dealerId);
          const prefix = batchPrefix(material.code, body.productionDate);
          const codes = await db.transaction(async (tx) => {
            await tx.execute(sql`select pg_advisory_xact_lock(${BATCH_LOCK})`);
            const used = await tx.select({ code: batches.code }).from(batches)
              .where(and(sqlLike(batches.code, `${prefix}%`), sql`length(${batches.code}) = ${prefix.length + SEQ_DIGITS}`));
            const highest = used.map((u) => Number(u.code.slice(prefix.length))).filter(Number.isInteger).reduce((a, b) => Math.max(a, b), 0);
            if (highest + body.count > 10 ** SEQ_DIGITS - 1) throw conflict('batchSequenceFull', 'count');
            const made = Array.from({ length: body.count }, (_, i) => `${prefix}${String(highest + i + 1).padStart(SEQ_DIGITS, '0')}`);
            // A hand-made code may already hold a number above the highest (a longer code never matches the pattern).
            const [taken] = await tx.select({ n: count() }).from(batches).where(inArray(batches.code, made));
            if (taken.n > 0) throw conflict('duplicate', 'code');
            const rows = await tx.insert(batches).values(made.map((code) => ({
              code, materialId: material.id, dealerId, productionDate: body.productionDate, remark: null,
            }))).returning({ id: batches.id, code: batches.code });
            await recordAudit(tx, actor(user, req.ip), {
              action: 'generate', entity: 'batch', entityId: rows[0].id,
              after: { materialId: material.id, dealerId, productionDate: body.productionDate, codes: made },
            });
            return made;
          });
          return { codes };
        },
      }),
    ],
  });

  // ---------------------------------------------------------------- pallets (shelves)
  // Declared in the manifest (src/shared/pages/basedata.ts); its own: a capacity of 0 unless given, its order and the rows'
  // warehouse and storage location code and name.
  const palletRoutes = pageCrudRoutes(services, '/basedata/base/basePallet', pallets, {
    tag: 'pallet', entity: 'pallet',
    ...refRows(db, pallets, { warehouseId: warehouses, storageLocationId: storageLocations }, (ctx) => inScope(pallets.warehouseId, ctx.scope.warehouseIds)),
    defaultOrder: asc(pallets.code),
    check: async (v) => ({ capacity: v.capacity ?? 0 }),
  });

  // ---------------------------------------------------------------- scenes
  // Declared in the manifest (src/shared/pages/basedata.ts); its own: only its audit name.
  const sceneRoutes = pageCrudRoutes(services, '/basedata/base/scenceConfig', scenes, { tag: 'scene', entity: 'scene' });

  return [...batchRoutes, ...palletRoutes, ...sceneRoutes];
}
