import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { catalogueOptionsAnswer, materialPickBody, materialRefAnswer } from '../../../shared/api/basedata/catalogue';
import { dealerMaterials } from '../../db/schema';
import { crudContext } from '../../http/crud';
import { pageCrudRoutes } from '../../http/pageCrud';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { callersDealer, catalogueRefs, pickMaterials } from './materials';

/** The dealer materials page (route `goodsManagement`). */
const DEALER_MATERIAL_PERM = 'basedata:goodsManagement';
const BASE = '/basedata/dealerMaterial';

/**
 * Base data › Dealer materials: what a dealer carries, at its own price and safety stock, declared in the
 * manifest (src/shared/pages/basedata.ts). Its own: a dealer's user writes its own dealer's rows whatever it
 * sends, staff name one, a safety stock of 0 unless given, the order, and the older options and picker calls.
 */
export function dealerMaterialRoutes(services: Services): RouteDef[] {
  const { db } = services;
  return pageCrudRoutes(services, '/basedata/base/goodsManagement', dealerMaterials, {
    tag: 'materials', entity: 'dealer_material',
    defaultOrder: asc(dealerMaterials.id),
    prepare: callersDealer.prepare,
    check: async (v, ctx) => ({ ...(await callersDealer.check(v, ctx)), safetyStock: v.safetyStock ?? 0 }),
    extraRoutes: [
      defineRoute({
        method: 'POST', url: `${BASE}/options`, tag: 'materials', permission: DEALER_MATERIAL_PERM, answer: catalogueOptionsAnswer,
        summary: 'Dealer materials: the brands, and the dealers within the caller\'s scope (the older answer; the form uses /basedata/dealerMaterial/choices)',
        handler: async ({ user, lang, scope }) => catalogueRefs(await crudContext(db, { user, lang, scope })),
      }),
      defineRoute({
        method: 'POST', url: `${BASE}/materials`, tag: 'materials', permission: DEALER_MATERIAL_PERM, body: materialPickBody, answer: z.array(materialRefAnswer),
        summary: 'Dealer materials: factory materials a picker offers (at most 50)',
        handler: async ({ body, user, lang, scope }) => pickMaterials(await crudContext(db, { user, lang, scope }), body),
      }),
    ],
  });
}
