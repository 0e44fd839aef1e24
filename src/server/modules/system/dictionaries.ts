import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { dictDataInput, dictTypeInput, type DictDataRow, type DictTypeRow } from '../../../shared/api/dictionary';
import { Perm } from '../../../shared/permissions';
import { dictData, dictTypes } from '../../db/schema';
import { crudRoutes } from '../../http/crud';
import { badRequest } from '../../http/errors';
import type { Services } from '../../services';

const like = (column: Parameters<typeof ilike>[0], text: unknown) =>
  typeof text === 'string' && text.trim() ? ilike(column, `%${text.trim().replace(/[%_\\]/g, '\\$&')}%`) : undefined;

/** Dictionaries: types (left) and their entries (right) of the dictionary page. */
export function dictionaryRoutes(services: Services) {
  const { db } = services;
  // The trigger on both tables bumped the version in the write's transaction; this node's next answers carry it.
  const bump = () => services.dictVersion.changed();
  const typeColumns = { id: dictTypes.id, type: dictTypes.type, name: dictTypes.name, nameEn: dictTypes.nameEn, status: dictTypes.status };
  const typeRows = (where: SQL | undefined) =>
    db.select({ ...typeColumns, entries: count(dictData.id) }).from(dictTypes)
      .leftJoin(dictData, eq(dictData.dictType, dictTypes.type)).where(where)
      .groupBy(dictTypes.id, dictTypes.type, dictTypes.name, dictTypes.nameEn, dictTypes.status);

  const dictTypeFilters = z.object({ keyword: z.string().max(64).optional(), status: z.enum(['normal', 'disabled']).optional() });
  const types = crudRoutes<DictTypeRow, z.infer<typeof dictTypeInput>, typeof dictTypeFilters>(services, {
    base: '/system/dict/type', tag: 'dictionary', pagePerm: Perm.dictionary, entity: 'dict_type',
    title: { 'zh-CN': '字典类型', 'en-US': 'Dictionary types' },
    table: dictTypes, id: dictTypes.id,
    filters: dictTypeFilters,
    input: dictTypeInput,
    where: (f) => and(
      f.keyword ? or(like(dictTypes.type, f.keyword), like(dictTypes.name, f.keyword), like(dictTypes.nameEn, f.keyword)) : undefined,
      f.status ? eq(dictTypes.status, f.status) : undefined,
    ),
    list: (_ctx, where, order, limit, offset) => typeRows(where).orderBy(...order).limit(limit).offset(offset),
    count: async (_ctx, where) => (await db.select({ n: count() }).from(dictTypes).where(where))[0].n,
    load: async (_ctx, id) => (await typeRows(eq(dictTypes.id, id)))[0],
    sortable: { type: dictTypes.type, name: dictTypes.name, status: dictTypes.status },
    defaultOrder: asc(dictTypes.type),
    unique: [{ field: 'type', column: dictTypes.type }],
    toValues: (input) => input,
    afterWrite: bump,
    inUse: async (_ctx, ids) => {
      const rows = await db.select({ n: count() }).from(dictData).innerJoin(dictTypes, eq(dictTypes.type, dictData.dictType)).where(inArray(dictTypes.id, ids));
      return rows[0].n > 0 ? 'dictTypeHasEntries' : null;
    },
    columns: [
      { key: 'type', header: { 'zh-CN': '字典类型', 'en-US': 'Type' }, value: (r) => r.type },
      { key: 'name', header: { 'zh-CN': '名称', 'en-US': 'Name (Chinese)' }, value: (r) => r.name },
      { key: 'nameEn', header: { 'zh-CN': '英文名称', 'en-US': 'Name (English)' }, value: (r) => r.nameEn },
      { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => r.status },
    ],
  });

  const dataColumns = { id: dictData.id, dictType: dictData.dictType, label: dictData.label, labelEn: dictData.labelEn, value: dictData.value, sort: dictData.sort, status: dictData.status };
  const dictDataFilters = z.object({ dictType: z.string().max(64).optional(), keyword: z.string().max(64).optional(), status: z.enum(['normal', 'disabled']).optional() });
  const entries = crudRoutes<DictDataRow, z.infer<typeof dictDataInput>, typeof dictDataFilters>(services, {
    base: '/system/dict/data', tag: 'dictionary', pagePerm: Perm.dictionary, entity: 'dict_data',
    title: { 'zh-CN': '字典数据', 'en-US': 'Dictionary entries' },
    table: dictData, id: dictData.id,
    filters: dictDataFilters,
    input: dictDataInput,
    where: (f) => and(
      f.dictType ? eq(dictData.dictType, f.dictType) : undefined,
      f.keyword ? or(like(dictData.label, f.keyword), like(dictData.labelEn, f.keyword), like(dictData.value, f.keyword)) : undefined,
      f.status ? eq(dictData.status, f.status) : undefined,
    ),
    list: (_ctx, where, order, limit, offset) => db.select(dataColumns).from(dictData).where(where).orderBy(...order).limit(limit).offset(offset),
    count: async (_ctx, where) => (await db.select({ n: count() }).from(dictData).where(where))[0].n,
    load: async (_ctx, id) => (await db.select(dataColumns).from(dictData).where(eq(dictData.id, id)))[0],
    sortable: { value: dictData.value, label: dictData.label, sort: dictData.sort, status: dictData.status },
    defaultOrder: asc(dictData.sort),
    unique: [{ field: 'value', column: dictData.value, within: [{ field: 'dictType', column: dictData.dictType }] }],
    toValues: async (input) => {
      const [type] = await db.select({ type: dictTypes.type }).from(dictTypes).where(eq(dictTypes.type, input.dictType));
      if (!type) throw badRequest('invalidValue', 'dictType');
      return input;
    },
    afterWrite: bump,
    columns: [
      { key: 'dictType', header: { 'zh-CN': '字典类型', 'en-US': 'Type' }, value: (r) => r.dictType },
      { key: 'value', header: { 'zh-CN': '字典键值', 'en-US': 'Value' }, value: (r) => r.value },
      { key: 'label', header: { 'zh-CN': '字典标签', 'en-US': 'Label (Chinese)' }, value: (r) => r.label },
      { key: 'labelEn', header: { 'zh-CN': '英文标签', 'en-US': 'Label (English)' }, value: (r) => r.labelEn },
      { key: 'sort', header: { 'zh-CN': '排序', 'en-US': 'Sort' }, value: (r) => r.sort },
      { key: 'status', header: { 'zh-CN': '状态', 'en-US': 'Status' }, value: (r) => r.status },
    ],
  });
  return [...types, ...entries];
}
