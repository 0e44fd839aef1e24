import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  brandOptionsAnswer, materialFilters, materialInput, materialProblem, type CatalogueOptions, type DealerRef, type MaterialRef, type MaterialRow,
} from '../../../shared/api/basedata/catalogue';
import { batches, brands, dealerMaterials, dealers, materialRelations, materials } from '../../db/schema';
import { crudRoutes, type CrudContext } from '../../http/crud';
import { badRequest } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { SheetColumn } from '../../http/xlsx';
import type { Services } from '../../services';
import { inScope } from '../../platform/dataScope';

type Input = z.infer<typeof materialInput>;

export const MATERIAL_PERM = 'basedata:material';
const BASE = '/basedata/material';

/** Case-insensitive "contains", with the LIKE wildcards of the text taken literally. */
export const like = (column: PgColumn, text: unknown): SQL | undefined =>
  typeof text === 'string' && text.trim() ? ilike(column, `%${text.trim().replace(/[%_\\]/g, '\\$&')}%`) : undefined;

/** Decimal text as the sheet and the answer show it; null stays null. */
export const money = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? null : Number(v).toFixed(2));

/** Brands and the dealers within the caller's scope, read once per request. */
const refsCache = new WeakMap<CrudContext, Promise<CatalogueOptions>>();
export function catalogueRefs(ctx: CrudContext): Promise<CatalogueOptions> {
  let refs = refsCache.get(ctx);
  if (!refs) {
    refs = (async () => ({
      brands: await ctx.db.select({ id: brands.id, code: brands.code, name: brands.name }).from(brands).orderBy(asc(brands.code)),
      dealers: await ctx.db.select({ id: dealers.id, code: dealers.code, name: dealers.name }).from(dealers)
        .where(inScope(dealers.id, ctx.scope.dealerIds)).orderBy(asc(dealers.code)) as DealerRef[],
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

/** Base data › Materials: the factory and ERP material master (permission `basedata:material`). */
export function materialRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const listColumns = {
    id: materials.id, code: materials.code, name: materials.name, brandId: materials.brandId, brandCode: brands.code, brandName: brands.name,
    specification: materials.specification, pattern: materials.pattern, loadIndex: materials.loadIndex, speedIndex: materials.speedIndex,
    unit: materials.unit, price: materials.price, source: sql<MaterialRow['source']>`${materials.source}`, erpCode: materials.erpCode, status: materials.status,
  };
  const rows = (where: SQL | undefined) => db.select(listColumns).from(materials).innerJoin(brands, eq(brands.id, materials.brandId)).where(where);

  const columns: SheetColumn<MaterialRow>[] = [
    { key: 'code', header: { 'zh-CN': '物料编码', 'en-US': 'Material code' }, width: 22, value: (r) => r.code },
    { key: 'name', header: { 'zh-CN': '物料名称', 'en-US': 'Material name' }, width: 40, value: (r) => r.name },
    { key: 'brand', header: { 'zh-CN': '品牌', 'en-US': 'Brand' }, value: (r) => r.brandName },
    { key: 'specification', header: { 'zh-CN': '规格', 'en-US': 'Specification' }, width: 22, value: (r) => r.specification },
    { key: 'pattern', header: { 'zh-CN': '花纹', 'en-US': 'Pattern' }, value: (r) => r.pattern },
    { key: 'loadIndex', header: { 'zh-CN': '载重指数', 'en-US': 'Load index' }, width: 12, value: (r) => r.loadIndex },
    { key: 'speedIndex', header: { 'zh-CN': '速度级别', 'en-US': 'Speed index' }, width: 12, value: (r) => r.speedIndex },
    { key: 'unit', header: { 'zh-CN': '单位', 'en-US': 'Unit' }, width: 8, value: (r) => r.unit },
    { key: 'price', header: { 'zh-CN': '价格', 'en-US': 'Price' }, width: 12, value: (r) => Number(r.price) },
    { key: 'source', header: { 'zh-CN': '来源', 'en-US': 'Source' }, width: 10, value: (r) => r.source },
    { key: 'erpCode', header: { 'zh-CN': 'ERP 编码', 'en-US': 'ERP code' }, value: (r) => r.erpCode },
    { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, width: 10, value: (r) => r.status },
  ];

  const extraRoutes: RouteDef[] = [
    defineRoute({
      method: 'POST', url: `${BASE}/options`, tag: 'materials', permission: MATERIAL_PERM, answer: brandOptionsAnswer,
      summary: 'Materials: the brands the form and the filters choose from',
      handler: async () => ({ brands: await db.select({ id: brands.id, code: brands.code, name: brands.name }).from(brands).orderBy(asc(brands.code)) }),
    }),
  ];

  return crudRoutes<MaterialRow, Input, typeof materialFilters>(services, {
    base: BASE, tag: 'materials', pagePerm: MATERIAL_PERM, entity: 'material',
    title: { 'zh-CN': '物料', 'en-US': 'Materials' },
    table: materials, id: materials.id,
    filters: materialFilters,
    input: materialInput,
    where: (f) => and(
      typeof f.keyword === 'string' && f.keyword.trim()
        ? or(like(materials.code, f.keyword), like(materials.name, f.keyword), like(materials.specification, f.keyword), like(materials.pattern, f.keyword), like(materials.erpCode, f.keyword))
        : undefined,
      f.brandId ? eq(materials.brandId, f.brandId) : undefined,
      like(materials.specification, f.specification),
      like(materials.pattern, f.pattern),
      f.source ? eq(materials.source, f.source) : undefined,
      f.status ? eq(materials.status, f.status) : undefined,
    ),
    list: (_ctx, where, order, limit, offset) => rows(where).orderBy(...order).limit(limit).offset(offset),
    count: async (_ctx, where) => (await db.select({ n: count() }).from(materials).where(where))[0].n,
    load: async (_ctx, id) => (await rows(eq(materials.id, id)))[0],
    sortable: {
      code: materials.code, name: materials.name, brandName: brands.name, specification: materials.specification, pattern: materials.pattern,
      price: materials.price, source: materials.source, status: materials.status,
    },
    defaultOrder: asc(materials.code),
    unique: [{ field: 'code', column: materials.code }],
    toValues: async (input, ctx) => {
      const problem = materialProblem(input);
      if (problem) throw badRequest(problem.key, problem.field);
      if (!(await catalogueRefs(ctx)).brands.some((b) => b.id === input.brandId)) throw badRequest('invalidValue', 'brandId');
      return {
        code: input.code, name: input.name, brandId: input.brandId, specification: input.specification, pattern: input.pattern,
        loadIndex: input.loadIndex, speedIndex: input.speedIndex.toUpperCase(), unit: input.unit, price: money(input.price)!,
        source: input.source, erpCode: input.erpCode ?? null, status: input.status,
      };
    },
    inUse: async (_ctx, ids) => {
      const used = async (table: typeof materialRelations | typeof dealerMaterials | typeof batches) =>
        (await db.select({ n: count() }).from(table).where(inArray(table.materialId, ids)))[0].n > 0;
      return (await used(materialRelations)) || (await used(dealerMaterials)) || (await used(batches)) ? 'inUse' : null;
    },
    columns,
    fromSheet: async (values, ctx) => {
      let brandId: number | undefined;
      if (values.brand) {
        const wanted = values.brand.toLowerCase();
        const hit = (await catalogueRefs(ctx)).brands.find((b) => b.code.toLowerCase() === wanted || b.name.toLowerCase() === wanted);
        if (!hit) throw badRequest('invalidValue', 'brand');
        brandId = hit.id;
      }
      const source = values.source?.toLowerCase();
      return {
        code: values.code ?? '', name: values.name, brandId, specification: values.specification, pattern: values.pattern,
        loadIndex: values.loadIndex, speedIndex: values.speedIndex, unit: values.unit || undefined, price: values.price,
        source: source === '工厂' ? 'factory' : source || undefined, erpCode: values.erpCode, status: values.status?.toLowerCase() || undefined,
      };
    },
    extraRoutes,
  });
}
