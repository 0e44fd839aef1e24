import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { apiKeyList, apiKeysBody, issuedKey, issueKeyBody, revokeKeyBody, type ApiKeyRow } from '../../../shared/api/serviceAccounts';
import { idAnswer } from '../../../shared/api/envelope';
import { buttonPerm } from '../../../shared/permissions';
import { serviceAccountPage } from '../../../shared/pages/system';
import { canonicalPageAt } from '../../../shared/pages';
import { numberOrNull } from '../../../shared/must';
import { apiKeys, userRoles, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pageCrudRoutes } from '../../http/pageCrud';
import { defineRoute, type RouteDef } from '../../http/route';
import { newApiKey } from '../../platform/apiKeys';
import { recordAudit } from '../../platform/audit';
import { allows, inScope, type DataScope } from '../../platform/dataScope';
import type { Services } from '../../services';

const ROUTE = '/system/integration/serviceAccounts';
const BASE = '/sys/serviceAccount';
const TAG = 'service accounts';
/** No password signs in to a service account: this is no hash any password matches (passwordHash.ts reads `scrypt$…`). */
const NO_PASSWORD = 'service-account:no-password';

const keyRow = (k: typeof apiKeys.$inferSelect): ApiKeyRow => ({
  id: k.id, name: k.name, prefix: k.prefix, createdBy: k.createdBy, lastUsedIp: k.lastUsedIp,
  expiresAt: k.expiresAt?.toISOString() ?? null, revokedAt: k.revokedAt?.toISOString() ?? null,
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null, createdAt: k.createdAt.toISOString(),
});

/**
 * System › Service accounts (docs/integrations.md): the accounts are `users` rows of kind
 * `service`, listed, written and scoped by the manifest's page like users are (a caller narrowed
 * to dealers manages those dealers' accounts only); their keys are issued (shown once, kept
 * hashed), listed with their last use, and revoked at once, by holders of the page's `keys` button.
 */
export function serviceAccountRoutes(services: Services): RouteDef[] {
  const { db } = services;
  const page = canonicalPageAt(ROUTE);
  const keysPerm = buttonPerm(page.perm, 'keys');
  const serviceIn = (scope: DataScope) => and(eq(users.kind, 'service'), inScope(users.dealerId, scope.dealerIds));
  /** The service account `id`, within the caller's scope, or 404. */
  async function account(scope: DataScope, id: number) {
    const [row] = await db.select({ id: users.id, userName: users.userName }).from(users).where(and(eq(users.id, id), serviceIn(scope)));
    if (!row) throw notFound();
    return row;
  }

  const keyRoutes: RouteDef[] = [
    defineRoute({
      method: 'POST', url: `${BASE}/keys`, tag: TAG, permission: page.perm, body: apiKeysBody, answer: apiKeyList,
      summary: 'Service accounts: the keys of one account (newest first), with their expiry, revocation and last use; never the keys themselves',
      handler: async ({ body, scope }) => {
        await account(await scope(), body.userId);
        const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, body.userId)).orderBy(desc(apiKeys.id));
        return rows.map(keyRow);
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/issueKey`, tag: TAG, permission: keysPerm, body: issueKeyBody, answer: issuedKey,
      summary: 'Service accounts: issue a named key, optionally expiring; the answer holds the whole key, this once (only its SHA-256 is kept)',
      handler: async ({ body, scope, user, req }) => {
        const owner = await account(await scope(), body.userId);
        const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
        if (expiresAt && expiresAt.getTime() <= Date.now()) throw badRequest('invalidValue', 'expiresAt');
        const { key, prefix, keyHash } = newApiKey();
        const row = await db.transaction(async (tx) => {
          const [inserted] = await tx.insert(apiKeys).values({ userId: owner.id, name: body.name, prefix, keyHash, expiresAt, createdBy: user.userName }).returning();
          await recordAudit(tx, { id: user.id, userName: user.userName, ip: req.ip }, {
            action: 'issueKey', entity: 'apiKey', entityId: inserted.id, after: { account: owner.userName, name: body.name, prefix, expiresAt },
          });
          return inserted;
        });
        return { ...keyRow(row), key };
      },
    }),
    defineRoute({
      method: 'POST', url: `${BASE}/revokeKey`, tag: TAG, permission: keysPerm, body: revokeKeyBody, answer: idAnswer,
      summary: 'Service accounts: revoke a key; the next call made with it is refused (401)',
      handler: async ({ body, scope, user, req }) => {
        const dataScope = await scope();
        const [key] = await db.select({ id: apiKeys.id, userId: apiKeys.userId, revokedAt: apiKeys.revokedAt, prefix: apiKeys.prefix }).from(apiKeys).where(eq(apiKeys.id, body.id));
        if (!key) throw notFound();
        await account(dataScope, key.userId);
        if (key.revokedAt) throw conflict('keyRevoked');
        await db.transaction(async (tx) => {
          await tx.update(apiKeys).set({ revokedAt: new Date() }).where(and(eq(apiKeys.id, key.id), isNull(apiKeys.revokedAt)));
          await recordAudit(tx, { id: user.id, userName: user.userName, ip: req.ip }, { action: 'revokeKey', entity: 'apiKey', entityId: key.id, before: { prefix: key.prefix } });
        });
        return { id: key.id };
      },
    }),
  ];

  return pageCrudRoutes(services, ROUTE, users, {
    entity: 'serviceAccount',
    title: serviceAccountPage.title,
    defaultOrder: asc(users.id),
    fieldsOnly: true,
    rowScope: (ctx) => serviceIn(ctx.scope),
    links: { roleIds: { table: userRoles, owner: userRoles.userId, target: userRoles.roleId, listedAs: 'roles' } },
    check: async (values, ctx, editingId) => {
      if (!allows(ctx.scope.dealerIds, numberOrNull(values.dealerId))) throw badRequest('notInScope', 'dealerId');
      return editingId ? { updatedAt: new Date() } : { kind: 'service', passwordHash: NO_PASSWORD };
    },
    extraRoutes: keyRoutes,
  });
}
