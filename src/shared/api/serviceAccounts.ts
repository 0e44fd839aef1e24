import { z } from 'zod';
import { rowId } from './rowId';

/** What every API key begins with: a key found in a log or a repository is recognised as one (docs/integrations.md). */
export const API_KEY_PREFIX = 'tcc_';

/** The keys of one service account (System › Service accounts, Keys). */
export const apiKeysBody = z.object({ userId: rowId }).strict();

/** A new key: its name, and the day it stops working (none: until revoked). */
export const issueKeyBody = z.object({
  userId: rowId,
  name: z.string().trim().min(1).max(64),
  /** ISO date or moment; must lie ahead. */
  expiresAt: z.iso.datetime({ offset: true }).or(z.iso.date()).nullable().optional(),
}).strict();

export const revokeKeyBody = z.object({ id: rowId }).strict();

export const apiKeyRow = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;
export const apiKeyList = z.array(apiKeyRow);

/** A key as issued: the whole key, this once. */
export const issuedKey = apiKeyRow.extend({ key: z.string() });
export type IssuedKey = z.infer<typeof issuedKey>;
