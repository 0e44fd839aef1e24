import { count, eq, sql } from 'drizzle-orm';
import { overviewAnswer } from '../../../shared/api/overview';
import type { Services } from '../../services';
import { brands, dealers, materials, regions, warehouses } from '../../db/schema';
import { defineRoute } from '../../http/route';
import { inScope } from '../../platform/dataScope';
import { analyticsRoutes } from './analyticsRoutes';
import { reportPageRoutes } from './reportPages';

export function analysisRoutes(services: Services) {
  const { db } = services;
  return [
    ...analyticsRoutes(services),
    ...reportPageRoutes(services),
    defineRoute({
      method: 'POST', url: '/home/overview', tag: 'analysis', permission: 'session', answer: overviewAnswer,
      summary: 'Home figures: dealers, warehouses, catalogue by brand, dealers by region, within the caller\'s data scope',
      handler: async ({ user, lang, scope: scopeOf }) => {
        // A dealer user sees its dealer; staff narrowed by data rules see their dealers and warehouses.
        const scope = await scopeOf();
        const dealerScope = inScope(dealers.id, scope.dealerIds);
        const warehouseScope = inScope(warehouses.id, scope.warehouseIds);
        const [[d], [w], [m], [b], byBrand, byRegion] = await Promise.all([
          db.select({ n: count() }).from(dealers).where(dealerScope),
          db.select({ n: count() }).from(warehouses).where(warehouseScope),
          db.select({ n: count() }).from(materials),
          db.select({ n: count() }).from(brands),
          db.select({ name: brands.name, count: count(materials.id) }).from(brands)
            .leftJoin(materials, eq(materials.brandId, brands.id)).groupBy(brands.id, brands.name).orderBy(sql`2 desc`),
          db.select({ name: lang === 'en-US' ? regions.nameEn : regions.name, count: count(dealers.id) }).from(regions)
            .innerJoin(dealers, eq(dealers.regionId, regions.id)).where(dealerScope)
            .groupBy(regions.id, regions.name, regions.nameEn).orderBy(sql`2 desc`),
        ]);
        return {
          scope: user.dealerId != null ? 'dealer' : scope.dealerIds || scope.warehouseIds ? 'scoped' : 'all', dealers: d.n, warehouses: w.n, materials: m.n, brands: b.n,
          materialsByBrand: byBrand, dealersByRegion: byRegion,
        };
      },
    }),
  ];
}
