import { and, asc, count, eq, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  catalogueOptionsAnswer, PRICE_PATTERN, dealerMaterialFilters, dealerMaterialInput, materialPickBody, materialRefAnswer, type DealerMaterialRow,
} from '../../../shared/api/basedata/catalogue';
import { brands, dealerMaterials, dealers, materials } from '../../db/schema';
import { crudContext, crudRoutes, type CrudContext } from '../../http/crud';
import { badRequest } from '../../http/errors';
import { defineRoute, type RouteDef } from '../../http/route';
import type { SheetColumn } from '../../http/xlsx';
import type { Services } from '../../services';
import { inScope } from '../../platform/dataScope';
import type { RequestContext } from '../../platform/requestContext';
import { assertMaterial, catalogueRefs, dealerFor, dealerIdByCode, like, materialIdByCode, money, pickMaterials } from './materials';

type Input = z.infer<typeof dealerMaterialInput>;

/** The dealer materials page (the spec's goodsManagement). */
export const DEALER_MATERIAL_PERM = 'basedata:goodsManagement';
const BASE = '/basedata/dealerMaterial';

/** Base data › Dealer materials: what a dealer carries, at its own price and safety stock. */
export function dealerMaterialRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const ctxOf = (rc: RequestContext) => crudContext(db, rc);
  const listColumns = {
    id: dealerMaterials.id, dealerId: dealerMaterials.dealerId, dealerCode: dealers.code, dealerName: dealers.name,
    materialId: dealerMaterials.materialId, materialCode: materials.code, materialName: materials.name, brandName: brands.name,
    specification: materials.specification, pattern: materials.pattern, unit: materials.unit, listPrice: materials.price,
    price: dealerMaterials.price, safetyStock: dealerMaterials.safetyStock, status: dealerMaterials.status,
  };
  const rows = (where: SQL | undefined) => db.select(listColumns).from(dealerMaterials)
    .innerJoin(dealers, eq(dealers.id, dealerMaterials.dealerId))
    .innerJoin(materials, eq(materials.id, dealerMaterials.materialId))
    .innerJoin(brands, eq(brands.id, materials.brandId))
    .where(where);
  const scoped = (ctx: CrudContext) => inScope(dealerMaterials.dealerId, ctx.scope.dealerIds);

  const columns: SheetColumn<DealerMaterialRow>[] = [
    { key: 'dealerCode', header: { 'zh-CN': '经销商编码', 'en-US': 'Dealer code' }, value: (r) => r.dealerCode },
    { key: 'dealerName', header: { 'zh-CN': '经销商', 'en-US': 'Dealer' }, width: 30, value: (r) => r.dealerName },
    { key: 'materialCode', header: { 'zh-CN': '物料编码', 'en-US': 'Material code' }, width: 22, value: (r) => r.materialCode },
    { key: 'materialName', header: { 'zh-CN': '物料名称', 'en-US': 'Material name' }, width: 36, value: (r) => r.materialName },
    { key: 'brand', header: { 'zh-CN': '品牌', 'en-US': 'Brand' }, value: (r) => r.brandName },
    { key: 'specification', header: { 'zh-CN': '规格', 'en-US': 'Specification' }, value: (r) => r.specification },
    { key: 'pattern', header: { 'zh-CN': '花纹', 'en-US': 'Pattern' }, value: (r) => r.pattern },
    { key: 'price', header: { 'zh-CN': '经销商价格', 'en-US': 'Dealer price' }, value: (r) => (r.price == null ? null : Number(r.price)) },
    { key: 'safetyStock', header: { 'zh-CN': '安全库存', 'en-US': 'Safety stock' }, value: (r) => r.safetyStock },
    { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => r.status },
  ];

  const extraRoutes: RouteDef[] = [
    defineRoute({
      method: 'POST', url: `${BASE}/options`, tag: 'materials', permission: DEALER_MATERIAL_PERM, answer: catalogueOptionsAnswer,
      summary: 'Dealer materials: the brands, and the dealers within the caller\'s scope, the form and filters choose from',
      handler: async ({ user, lang, scope }) => catalogueRefs(await ctxOf({ user, lang, scope })),
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/materials`, tag: 'materials', permission: DEALER_MATERIAL_PERM, body: materialPickBody, answer: z.array(materialRefAnswer),
      summary: 'Dealer materials: factory materials the picker offers (at most 50)',
      handler: async ({ body, user, lang, scope }) => pickMaterials(await ctxOf({ user, lang, scope }), body),
    }),
  ];

  return crudRoutes<DealerMaterialRow, Input, typeof dealerMaterialFilters>(services, {
    base: BASE, tag: 'materials', pagePerm: DEALER_MATERIAL_PERM, entity: 'dealer_material',
    title: { 'zh-CN': '经销商物料', 'en-US': 'Dealer materials' },
    table: dealerMaterials, id: dealerMaterials.id,
    filters: dealerMaterialFilters,
    input: dealerMaterialInput,
    where: (f, ctx) => and(
      typeof f.keyword === 'string' && f.keyword.trim()
        ? or(like(materials.code, f.keyword), like(materials.name, f.keyword), like(materials.specification, f.keyword), like(materials.pattern, f.keyword))
        : undefined,
      f.dealerId ? eq(dealerMaterials.dealerId, f.dealerId) : undefined,
      f.brandId ? eq(materials.brandId, f.brandId) : undefined,
      f.status ? eq(dealerMaterials.status, f.status) : undefined,
      scoped(ctx),
    ),
    list: (_ctx, where, order, limit, offset) => rows(where).orderBy(...order).limit(limit).offset(offset),
    count: async (_ctx, where) => (await db.select({ n: count() }).from(dealerMaterials)
      .innerJoin(materials, eq(materials.id, dealerMaterials.materialId)).where(where))[0].n,
    load: async (ctx, id) => (await rows(and(eq(dealerMaterials.id, id), scoped(ctx))))[0],
    sortable: {
      dealerCode: dealers.code, materialCode: materials.code, specification: materials.specification, price: dealerMaterials.price,
      safetyStock: dealerMaterials.safetyStock, status: dealerMaterials.status,
    },
    defaultOrder: asc(dealerMaterials.id),
    unique: [{ field: 'materialId', column: dealerMaterials.materialId, within: [{ field: 'dealerId', column: dealerMaterials.dealerId }] }],
    toValues: async (input, ctx) => {
      const dealerId = await dealerFor(ctx, input.dealerId);
      await assertMaterial(ctx, input.materialId);
      if (input.price != null && !PRICE_PATTERN.test(input.price.trim())) throw badRequest('price', 'price');
      return { dealerId, materialId: input.materialId, price: money(input.price), safetyStock: input.safetyStock, status: input.status };
    },
    columns,
    importColumns: [columns[0], columns[2], columns[7], columns[8], columns[9]],
    fromSheet: async (values, ctx) => ({
      dealerId: await dealerIdByCode(ctx, values.dealerCode),
      materialId: (await materialIdByCode(ctx, values.materialCode)) ?? undefined,
      price: values.price, safetyStock: values.safetyStock || undefined, status: values.status?.toLowerCase() || undefined,
    }),
    extraRoutes,
  });
}
