import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { brandOptionsAnswer, type CatalogueOptions, type MaterialRef } from '../../../shared/api/basedata/catalogue';
import { batches, brands, dealerMaterials, dealers, materialRelations, materials } from '../../db/schema';
import type { CrudContext } from '../../http/crud';
import { badRequest } from '../../http/errors';
import { pageCrudRoutes } from '../../http/pageCrud';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { inScope } from '../../platform/dataScope';

const MATERIAL_PERM = 'basedata:material';
const BASE = '/basedata/material';

/** Case-insensitive "contains", with the LIKE wildcards of the text taken literally. */
export const like = (column: PgColumn, text: unknown): SQL | undefined =>
  typeof text === 'string' && text.trim() ? ilike(column, `%${text.trim().replace(/[%_\\]/g, '\\$&')}%`) : undefined;

/** Brands and the dealers within the caller's scope, read once per request. */
const refsCache = new WeakMap<CrudContext, Promise<CatalogueOptions>>();
export function catalogueRefs(ctx: CrudContext): Promise<CatalogueOptions> {
  let refs = refsCache.get(ctx);
  if (!refs) {
    refs = (async () => ({
      brands: await ctx.db.select({ id: brands.id, code: brands.code, name: brands.name }).from(brands).orderBy(asc(brands.code)),
      dealers: await ctx.db.select({ id: dealers.id, code: dealers.code, name: dealers.name }).from(dealers)
        .where(inScope(dealers.id, ctx.scope.dealerIds)).orderBy(asc(dealers.code)),
    }))();
    refsCache.set(ctx, refs);
  }
  return refs;
}

/** Factory materials for a picker: by part of code, name, spec or pattern (or one id), at most 50. */
export async function pickMaterials(ctx: CrudContext, body: { keyword?: string; id?: number }): Promise<MaterialRef[]> {
  return ctx.db.select({
    id: materials.id, code: materials.code, name: materials.name, specification: materials.specification, pattern: materials.pattern, brandName: brands.name,
  }).from(materials).innerJoin(brands, eq(brands.id, materials.brandId))
    .where(and(
      body.id ? eq(materials.id, body.id) : undefined,
      eq(materials.status, 'normal'),
      body.keyword?.trim()
        ? or(like(materials.code, body.keyword), like(materials.name, body.keyword), like(materials.specification, body.keyword), like(materials.pattern, body.keyword))
        : undefined,
    ))
    .orderBy(sql`case when ${materials.source} = 'factory' then 0 else 1 end`, asc(materials.code)).limit(50);
}

/**
 * The dealer a relation or dealer material belongs to (pageCrud's prepare and check): a dealer's own
 * user writes its own dealer's rows whatever it sends; staff name one (the ref check keeps it in scope).
 */
export const callersDealer = {
  prepare: (_v: Record<string, unknown>, ctx: CrudContext) => (ctx.user.dealerId != null ? { dealerId: ctx.user.dealerId } : {}),
  check: async (v: Record<string, unknown>, _ctx: CrudContext) => {
    if (v.dealerId == null) throw badRequest('required', 'dealerId');
    return {};
  },
};

export async function assertMaterial(ctx: CrudContext, id: number | null | undefined, field = 'materialId'): Promise<void> {
  if (id == null) return;
  const [hit] = await ctx.db.select({ id: materials.id }).from(materials).where(eq(materials.id, id));
  if (!hit) throw badRequest('invalidValue', field);
}

/**
 * Base data › Materials: the factory and ERP material master, declared in the manifest (src/shared/pages/basedata.ts).
 * Its own: a speed index kept upper-case, a unit of 条 unless given, a material in use is not deleted, the order by
 * code, and the older options call.
 */
export function materialRoutes(services: Services): RouteDef[] {
  const { db } = services;
  return pageCrudRoutes(services, '/basedata/base/material', materials, {
    tag: 'materials', entity: 'material',
    defaultOrder: asc(materials.code),
    check: async (v) => ({ speedIndex: String(v.speedIndex).toUpperCase(), unit: v.unit ?? '条' }),
    inUse: async (_ctx, ids) => {
      const used = async (table: typeof materialRelations | typeof dealerMaterials | typeof batches) =>
        (await db.select({ n: count() }).from(table).where(inArray(table.materialId, ids)))[0].n > 0;
      return (await used(materialRelations)) || (await used(dealerMaterials)) || (await used(batches)) ? 'inUse' : null;
    },
    extraRoutes: [
      defineRoute({
        method: 'POST', url: `${BASE}/options`, tag: 'materials', permission: MATERIAL_PERM, answer: brandOptionsAnswer,
        summary: 'Materials: the brands (the older answer; the form uses /basedata/material/choices)',
        handler: async () => ({ brands: await db.select({ id: brands.id, code: brands.code, name: brands.name }).from(brands).orderBy(asc(brands.code)) }),
      }),
    ],
  });
}
