import { asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { detailOf, pageAt } from '../../../shared/pages';
import { dictData, dictTypes } from '../../db/schema';
import { pageCrudRoutes } from '../../http/pageCrud';
import { badRequest } from '../../http/errors';
import type { Services } from '../../services';

const PAGE = '/system/permission/dictionary';

/**
 * Dictionaries: types (left) and their entries (right), declared in the manifest (src/shared/pages/system.ts).
 * Their own: each type's count of entries, a type with entries is not deleted, an entry's type must exist,
 * the orders, and every write tells this node's answers of the new dictionary version.
 */
export function dictionaryRoutes(services: Services) {
  const { db } = services;
  // The trigger on both tables bumped the version in the write's transaction; this node's next answers carry it.
  const bump = () => services.dictVersion.changed();
  const typeRows = (where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset: number) =>
    db.select({ id: dictTypes.id, type: dictTypes.type, name: dictTypes.name, nameEn: dictTypes.nameEn, status: dictTypes.status, entries: count(dictData.id) })
      .from(dictTypes).leftJoin(dictData, eq(dictData.dictType, dictTypes.type)).where(where)
      .groupBy(dictTypes.id, dictTypes.type, dictTypes.name, dictTypes.nameEn, dictTypes.status).orderBy(...order).limit(limit).offset(offset);

  const types = pageCrudRoutes(services, PAGE, dictTypes, {
    tag: 'dictionary', entity: 'dict_type',
    list: (_ctx, where, order, limit, offset) => typeRows(where, order, limit, offset),
    load: async (_ctx, id) => (await typeRows(eq(dictTypes.id, id), [dictTypes.id], 1, 0))[0],
    defaultOrder: asc(dictTypes.type),
    afterWrite: bump,
    inUse: async (_ctx, ids) => {
      const [used] = await db.select({ n: count() }).from(dictData).innerJoin(dictTypes, eq(dictTypes.type, dictData.dictType)).where(inArray(dictTypes.id, ids));
      return used.n > 0 ? 'dictTypeHasEntries' : null;
    },
  });

  const entries = pageCrudRoutes(services, detailOf(pageAt(PAGE)), dictData, {
    tag: 'dictionary', entity: 'dict_data',
    defaultOrder: asc(dictData.sort),
    afterWrite: bump,
    check: async (v) => {
      const [type] = await db.select({ type: dictTypes.type }).from(dictTypes).where(eq(dictTypes.type, String(v.dictType)));
      if (!type) throw badRequest('invalidValue', 'dictType');
      return { sort: v.sort ?? 0 };
    },
  });
  return [...types, ...entries];
}
