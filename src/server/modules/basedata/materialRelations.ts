import { and, asc, count, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  autoMatchAnswer, autoMatchBody, bestMatch, catalogueOptionsAnswer, matchAnswer, matchBody, materialPickBody, materialRefAnswer, materialRelationFilters,
  unmatchedAnswer, type MatchSuggestionRow, type MaterialRelationRow,
} from '../../../shared/api/basedata/catalogue';
import { pageBody } from '../../../shared/api/paging';
import { brands, dealers, materialRelations, materials } from '../../db/schema';
import { crudContext, type CrudContext } from '../../http/crud';
import { notFound } from '../../http/errors';
import { pageCrudRoutes } from '../../http/pageCrud';
import { offsetOf, pageAnswer } from '../../http/paging';
import { defineRoute, type RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { recordAudit } from '../../platform/audit';
import { inScope } from '../../platform/dataScope';
import type { RequestContext } from '../../platform/requestContext';
import type { SessionUser } from '../../platform/sessionStore';
import { assertMaterial, callersDealer, catalogueRefs, like, pickMaterials } from './materials';
import { coercedRowId } from '../../../shared/api/rowId';

export const RELATION_PERM = 'basedata:materialRelation';
/** The matching page (route `goods`). */
export const MATCHING_PERM = 'basedata:goods';
const BASE = '/basedata/materialRelation';
const ENTITY = 'material_relation';

/** Base data › Material relations and Relation matching: a dealer's codes mapped to factory materials. */
export function materialRelationRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const ctxOf = (rc: RequestContext) => crudContext(db, rc);
  const actor = (user: SessionUser, ip: string) => ({ id: user.id, userName: user.userName, ip });
  const listColumns = {
    id: materialRelations.id, dealerId: materialRelations.dealerId, dealerCode: dealers.code, dealerName: dealers.name,
    dealerMaterialCode: materialRelations.dealerMaterialCode, dealerMaterialName: materialRelations.dealerMaterialName,
    materialId: materialRelations.materialId, materialCode: materials.code, materialName: materials.name,
    specification: materials.specification, pattern: materials.pattern, brandName: brands.name,
  };
  const rows = (where: SQL | undefined) => db.select(listColumns).from(materialRelations)
    .innerJoin(dealers, eq(dealers.id, materialRelations.dealerId))
    .leftJoin(materials, eq(materials.id, materialRelations.materialId))
    .leftJoin(brands, eq(brands.id, materials.brandId))
    .where(where);
  const scoped = (ctx: CrudContext) => inScope(materialRelations.dealerId, ctx.scope.dealerIds);
  const filterWhere = (f: z.output<typeof materialRelationFilters>, ctx: CrudContext) => and(
    typeof f.keyword === 'string' && f.keyword.trim()
      ? or(like(materialRelations.dealerMaterialCode, f.keyword), like(materialRelations.dealerMaterialName, f.keyword), like(materials.code, f.keyword))
      : undefined,
    f.dealerId ? eq(materialRelations.dealerId, f.dealerId) : undefined,
    f.matched === 'matched' ? isNotNull(materialRelations.materialId) : f.matched === 'unmatched' ? isNull(materialRelations.materialId) : undefined,
    scoped(ctx),
  );
  const load = async (ctx: CrudContext, id: number): Promise<MaterialRelationRow | undefined> =>
    (await rows(and(eq(materialRelations.id, id), scoped(ctx))))[0];

  /** Factory materials to suggest from, with what the score compares. */
  const candidates = () => db.select({
    id: materials.id, code: materials.code, name: materials.name, specification: materials.specification, pattern: materials.pattern,
    loadIndex: materials.loadIndex, speedIndex: materials.speedIndex, brandName: brands.name,
  }).from(materials).innerJoin(brands, eq(brands.id, materials.brandId))
    .where(and(eq(materials.source, 'factory'), eq(materials.status, 'normal'))).orderBy(asc(materials.id));

  async function withSuggestions(list: MaterialRelationRow[]): Promise<MatchSuggestionRow[]> {
    if (!list.length) return [];
    const all = await candidates();
    return list.map((r) => {
      const best = bestMatch(r.dealerMaterialName, all);
      if (!best) return { ...r, suggestion: null };
      const { id, code, name, specification, pattern, brandName } = best.material;
      return { ...r, suggestion: { id, code, name, specification, pattern, brandName, score: best.score } };
    });
  }

  /** Sets the factory material of relations the caller may change, audited; answers how many changed. */
  async function assign(user: SessionUser, ip: string, changes: { before: MaterialRelationRow; materialId: number; auto: boolean }[]) {
    if (!changes.length) return 0;
    await db.transaction(async (tx) => {
      for (const c of changes) await tx.update(materialRelations).set({ materialId: c.materialId }).where(eq(materialRelations.id, c.before.id));
      await recordAudit(tx, actor(user, ip), changes.map((c) => ({
        action: c.auto ? 'autoMatch' : 'match', entity: ENTITY, entityId: c.before.id,
        before: { materialId: c.before.materialId }, after: { materialId: c.materialId },
      })));
    });
    return changes.length;
  }

  const optionsRoute = (url: string, permission: string) => defineRoute({
    method: 'POST', url, tag: 'materials', permission, answer: catalogueOptionsAnswer,
    summary: 'The brands, and the dealers within the caller\'s scope, the forms and filters choose from',
    handler: async ({ user, lang, scope }) => catalogueRefs(await ctxOf({ user, lang, scope })),
  });
  const pickRoute = (url: string, permission: string) => defineRoute({
    method: 'POST', url, tag: 'materials', permission, body: materialPickBody, answer: z.array(materialRefAnswer),
    summary: 'Factory materials a picker offers: by part of the code, name, spec or pattern (at most 50)',
    handler: async ({ body, user, lang, scope }) => pickMaterials(await ctxOf({ user, lang, scope }), body),
  });

  const extraRoutes: RouteDef[] = [
    optionsRoute(`${BASE}/options`, RELATION_PERM),
    optionsRoute(`${BASE}/matchOptions`, MATCHING_PERM),
    pickRoute(`${BASE}/materials`, RELATION_PERM),
    pickRoute(`${BASE}/matchMaterials`, MATCHING_PERM),
    defineRoute({
      method: 'POST', url: `${BASE}/unmatched`, tag: 'materials', permission: MATCHING_PERM, answer: unmatchedAnswer,
      body: pageBody.extend({ keyword: z.string().max(64).optional(), dealerId: coercedRowId.optional() }),
      summary: 'Relation matching: a page of the unmatched relations in the caller\'s scope, each with its best suggested factory material',
      handler: async ({ body: page, user, lang, scope }) => {
        const ctx = await ctxOf({ user, lang, scope });
        const where = filterWhere({ ...page, matched: 'unmatched' }, ctx);
        const [list, [{ n }]] = await Promise.all([
          rows(where).orderBy(asc(dealers.code), asc(materialRelations.dealerMaterialCode)).limit(page.pageSize).offset(offsetOf(page)),
          db.select({ n: count() }).from(materialRelations).innerJoin(dealers, eq(dealers.id, materialRelations.dealerId))
            .leftJoin(materials, eq(materials.id, materialRelations.materialId)).where(where),
        ]);
        return pageAnswer(await withSuggestions(list), n, page);
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/match`, tag: 'materials', permission: `${MATCHING_PERM}:edit`, body: matchBody, answer: matchAnswer,
      summary: 'Relation matching: map one relation to the factory material chosen (audited)',
      handler: async ({ body, user, lang, req, scope }) => {
        const ctx = await ctxOf({ user, lang, scope });
        const before = await load(ctx, body.id);
        if (!before) throw notFound();
        await assertMaterial(ctx, body.materialId);
        await assign(user, req.ip, [{ before, materialId: body.materialId, auto: false }]);
        return { id: body.id, materialId: body.materialId };
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/autoMatch`, tag: 'materials', permission: `${MATCHING_PERM}:edit`, body: autoMatchBody, answer: autoMatchAnswer,
      summary: 'Relation matching: accept the best suggestion of each relation named that is still unmatched and has one (audited)',
      handler: async ({ body, user, lang, req, scope }) => {
        const ctx = await ctxOf({ user, lang, scope });
        const ids = [...new Set(body.ids)];
        const found = await rows(and(inArray(materialRelations.id, ids), scoped(ctx)));
        if (found.length !== ids.length) throw notFound();
        const suggested = await withSuggestions(found.filter((r) => r.materialId == null));
        const changes = suggested.flatMap((r) => (r.suggestion ? [{ before: r, materialId: r.suggestion.id, auto: true }] : []));
        const matched = await assign(user, req.ip, changes);
        return { matched, skipped: ids.length - matched };
      },
    }),
  ];

  // Declared in the manifest (src/shared/pages/basedata.ts); its own: a dealer's user writes its own dealer's relations, staff name one,
  // and the order. Matching (the suggestions, match and auto-match) is the Relation matching page's.
  return pageCrudRoutes(services, '/basedata/base/materialRelation', materialRelations, {
    tag: 'materials', entity: ENTITY,
    defaultOrder: asc(materialRelations.id),
    ...callersDealer,
    extraRoutes,
  });
}
