import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { PageSpec, TransitionSpec } from '../../shared/pages/types';
import { recordAudit } from '../platform/audit';
import type { Services } from '../services';
import { crudContext, type CrudContext } from './crud';
import { conflict, notFound } from './errors';
import { defineRoute, type RouteDef } from './route';
import { coercedRowId } from '../../shared/api/rowId';

const idsBody = z.object({ ids: z.array(coercedRowId).min(1).max(500) }).strict();
const changedAnswer = z.object({ changed: z.number().int() });

/**
 * The calls of a manifest list's status moves (`transitions`): `<api>/<action>` moves every record
 * given, within the caller's rows, from one of its `from` values to `to`, under row locks so two
 * operators cannot both move one record; a record elsewhere refuses the whole call and changes nothing.
 */
export function transitionRoutes(
  { db }: Services, page: PageSpec & { api: string }, table: PgTable, columns: Record<string, PgColumn>,
  { perms, entity, scope }: { perms: string[]; entity: string; scope(ctx: CrudContext): SQL | undefined },
): RouteDef[] {
  const id = columns.id;
  const route = (t: TransitionSpec) => {
    const field = columns[t.field ?? 'status'];
    const stamp = t.stamp ? columns[t.stamp] : undefined;
    if (!field || (t.stamp && !stamp)) throw new Error(`${page.path}: transition ${t.action} names a field its table lacks`);
    const codes = perms.map((p) => `${p}:${t.button ?? 'edit'}`);
    return defineRoute({
      method: 'POST', url: `${page.api}/${t.action}`, tag: page.path, permission: codes.length === 1 ? codes[0] : codes, body: idsBody, answer: changedAnswer,
      summary: `${page.title['en-US']}: ${t.title['en-US'].toLowerCase()} records of ${t.field ?? 'status'} ${t.from.join(' or ')} (to ${t.to}); one in another refuses them all`,
      handler: async ({ body, user, lang, req, scope: dataScope }) => {
        const ctx = await crudContext(db, { user, lang, scope: dataScope });
        const ids = [...new Set(body.ids)];
        const seen = await db.select({ id }).from(table).where(and(inArray(id, ids), scope(ctx)));
        if (seen.length !== ids.length) throw notFound();
        await db.transaction(async (tx) => {
          const locked = await tx.select({ id, value: field }).from(table).where(inArray(id, ids)).for('update');
          if (locked.some((r) => !t.from.includes(String(r.value)))) throw conflict(t.refusal, t.field ?? 'status');
          const key = t.field ?? 'status';
          await tx.update(table).set({ [key]: t.to, ...(t.stamp ? { [t.stamp]: new Date() } : {}) }).where(inArray(id, ids));
          await recordAudit(tx, { id: user.id, userName: user.userName, ip: req.ip }, locked.map((r) => ({
            action: t.action, entity, entityId: Number(r.id), before: { [key]: r.value }, after: { [key]: t.to },
          })));
        });
        return { changed: ids.length };
      },
    });
  };
  return (page.transitions ?? []).map(route);
}
