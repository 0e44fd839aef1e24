import { and, asc } from 'drizzle-orm';
import { FILTER_OPTIONS_PATH, reportFilterOptions } from '../../../../shared/analytics/filters';
import { brands, dealers, materials, regions, warehouses } from '../../../db/schema';
import { defineRoute, type RouteDef } from '../../../http/route';
import type { Services } from '../../../services';
import { inScope } from '../../../platform/dataScope';

/** Most specifications or patterns offered; the filter bar searches within them. */
const MAX_TEXT_OPTIONS = 2000;

/** What every report's filter bar offers: dealers and warehouses within the caller's scope, regions (in the caller's language), brands, specifications, patterns. */
export function filterOptionRoutes({ db }: Services): RouteDef[] {
  return [defineRoute({
    method: 'POST', url: FILTER_OPTIONS_PATH, tag: 'reports', permission: 'session', answer: reportFilterOptions,
    summary: 'Report filter options: dealers and warehouses in the caller\'s scope, regions, brands, specifications and patterns',
    handler: async ({ lang, scope: dataScope }) => {
      const scope = await dataScope();
      const [dealerRows, warehouseRows, regionRows, brandRows, specs, patterns] = await Promise.all([
        db.select({ id: dealers.id, code: dealers.code, name: dealers.name }).from(dealers).where(inScope(dealers.id, scope.dealerIds)).orderBy(asc(dealers.code)),
        db.select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, dealerId: warehouses.dealerId }).from(warehouses)
          .where(and(inScope(warehouses.id, scope.warehouseIds), inScope(warehouses.dealerId, scope.dealerIds))).orderBy(asc(warehouses.code)),
        db.select({ id: regions.id, name: lang === 'en-US' ? regions.nameEn : regions.name }).from(regions).orderBy(asc(regions.id)),
        db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
        db.selectDistinct({ v: materials.specification }).from(materials).orderBy(asc(materials.specification)).limit(MAX_TEXT_OPTIONS),
        db.selectDistinct({ v: materials.pattern }).from(materials).orderBy(asc(materials.pattern)).limit(MAX_TEXT_OPTIONS),
      ]);
      return { dealers: dealerRows, warehouses: warehouseRows, regions: regionRows, brands: brandRows, specifications: specs.map((s) => s.v), patterns: patterns.map((p) => p.v) };
    },
  })];
}
