import { announceMonitor } from './monitorEvents';
import type { Db } from '../db/client';
import { auditLogs } from '../db/schema';

export interface AuditActor { id: number | null; userName: string; ip?: string }

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

const FORBIDDEN_KEYS = new Set(['passwordHash', 'password', 'passWord', 'token', 'tokenHash', 'secret', 'keyHash']);

/** JSON of a row with secrets left out: the audit trail must not become a password store. */
function snapshot(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (key, v) => (FORBIDDEN_KEYS.has(key) ? '[hidden]' : v));
}

/**
 * Records a write. Call it with the transaction that makes the write, so the record and
 * the change commit together or not at all.
 */
export async function recordAudit(tx: Db, actor: AuditActor, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (!list.length) return;
  await tx.insert(auditLogs).values(list.map((e) => ({
    userId: actor.id, userName: actor.userName, ip: actor.ip, action: e.action, entity: e.entity,
    entityId: e.entityId == null ? null : String(e.entityId), before: snapshot(e.before), after: snapshot(e.after),
  })));
  announceMonitor('log', null);
}
