import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { brands, dealerMaterials, dealers, materialRelations, materials } from '../schema';

/** Demo dealers with their own material codes and carried materials: the first and the fifth. */
const DEMO_DEALERS = ['SH0001', 'GZ0005'];

/**
 * Material relations (a dealer's own codes; some not yet matched, written the way a dealer's
 * ERP names tyres so the matching page has suggestions to offer) and dealer materials.
 */
export async function seedCatalogue(tx: Db): Promise<void> {
  const dealerRows = await tx.select({ id: dealers.id, code: dealers.code, nickname: dealers.nickname }).from(dealers)
    .where(inArray(dealers.code, DEMO_DEALERS)).orderBy(asc(dealers.code));
  const factory = await tx.select({
    id: materials.id, code: materials.code, specification: materials.specification, pattern: materials.pattern, price: materials.price, brandName: brands.name,
  }).from(materials).innerJoin(brands, eq(brands.id, materials.brandId))
    .where(and(eq(materials.source, 'factory'))).orderBy(asc(materials.id));
  if (!factory.length) return;
  for (const [d, dealer] of dealerRows.entries()) {
    const prefix = dealer.code.slice(0, 2);
    // Every seventh material, offset per dealer: a plausible assortment across brands and sizes.
    const carried = factory.filter((_, i) => i % 7 === d * 3).slice(0, 24);
    await tx.insert(dealerMaterials).values(carried.map((m, i) => ({
      dealerId: dealer.id, materialId: m.id,
      price: i % 3 === 0 ? null : (Number(m.price) * (0.92 + (i % 5) * 0.02)).toFixed(2),
      safetyStock: 4 * ((i % 6) + 1), status: i % 11 === 10 ? 'disabled' : 'normal',
    })));
    // The first 16 carried materials are mapped; the next 6 are not yet: names in the dealer's own style.
    const mapped = carried.slice(0, 16).map((m, i) => ({
      dealerId: dealer.id, dealerMaterialCode: `${prefix}-${String(1001 + i)}`,
      dealerMaterialName: `${m.brandName} ${m.specification} ${m.pattern}`, materialId: m.id,
    }));
    const unmatched = carried.slice(16, 22).map((m, i) => {
      const [size, service] = m.specification.split(' ');
      const styles = [
        `${m.pattern} ${size.replace('/', ' ')} ${service ?? ''} ${dealer.nickname ?? ''}`,
        `轮胎 ${size} ${m.brandName.toUpperCase()} ${m.pattern.toLowerCase()}`,
        `${m.brandName}${size}${m.pattern.replace(/\W/g, '')}`,
      ];
      return { dealerId: dealer.id, dealerMaterialCode: `${prefix}-${String(2001 + i)}`, dealerMaterialName: styles[i % 3].replace(/\s+/g, ' ').trim(), materialId: null };
    });
    // And two the factory does not make at all: they stay without a suggestion.
    const foreign = [
      { dealerId: dealer.id, dealerMaterialCode: `${prefix}-9001`, dealerMaterialName: '气门嘴 TR414', materialId: null },
      { dealerId: dealer.id, dealerMaterialCode: `${prefix}-9002`, dealerMaterialName: '内胎 4.00-8', materialId: null },
    ];
    await tx.insert(materialRelations).values([...mapped, ...unmatched, ...foreign]);
  }
}
