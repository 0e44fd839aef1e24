import { and, asc, eq, like } from 'drizzle-orm';
import type { Db } from '../client';
import { brands, locationRules, locationRuleTargets, storageLocations, warehouses } from '../schema';

/**
 * Demo location rules: the first central warehouse puts Everpeak in area A, its truck pattern
 * Drive D88 in area C and the popular 205/55R16 size in area B; every dealer's main warehouse
 * has a catch-all rule for its first shelf row. Runs after warehouses, areas and locations exist.
 */
export async function seedWarehousing(tx: Db): Promise<void> {
  const [everpeak] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.code, 'EP'));
  const [central] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, 'CDC01'));
  const locationsOf = async (warehouseId: number, prefix: string) => (await tx.select({ id: storageLocations.id }).from(storageLocations)
    .where(and(eq(storageLocations.warehouseId, warehouseId), like(storageLocations.code, `${prefix}%`))).orderBy(asc(storageLocations.code)))
    .map((l) => l.id);
  const rules: { rule: typeof locationRules.$inferInsert; prefix: string }[] = [];
  if (central && everpeak) {
    rules.push(
      { rule: { warehouseId: central.id, name: 'Everpeak 乘用车胎', brandId: everpeak.id, priority: 0 }, prefix: 'A-0' },
      { rule: { warehouseId: central.id, name: 'Everpeak Drive D88 卡车胎', brandId: everpeak.id, pattern: 'Drive D88', priority: 0 }, prefix: 'C-0' },
      { rule: { warehouseId: central.id, name: '205/55R16 畅销规格', specification: '205/55R16', priority: 5 }, prefix: 'B-01' },
    );
  }
  const mains = await tx.select({ id: warehouses.id }).from(warehouses).where(like(warehouses.code, '%W1')).orderBy(asc(warehouses.id));
  for (const w of mains) rules.push({ rule: { warehouseId: w.id, name: '默认上架区', priority: 0 }, prefix: 'A-01' });
  if (!rules.length) return;
  const inserted = await tx.insert(locationRules).values(rules.map((r) => r.rule)).returning({ id: locationRules.id });
  const targets: { ruleId: number; locationId: number }[] = [];
  for (const [i, r] of rules.entries()) {
    for (const locationId of await locationsOf(r.rule.warehouseId, r.prefix)) targets.push({ ruleId: inserted[i].id, locationId });
  }
  if (targets.length) await tx.insert(locationRuleTargets).values(targets);
}
