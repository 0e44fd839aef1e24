import { z } from 'zod';
import { rowId } from './rowId';
import type { UserStatus } from './userFields';

const ids = z.array(rowId).min(1).max(500);
export const freezeBody = z.object({ ids, frozen: z.boolean() }).strict();
export const resetPasswordBody = z.object({ id: rowId, password: z.string().min(1).max(128) }).strict();

export const userRoleRef = z.object({ id: z.number(), name: z.string() });
export type UserRoleRef = z.infer<typeof userRoleRef>;

/**
 * One row of the user list (the manifest's users page, src/shared/pages/system.ts); its roles are
 * listed as before its move, named in the caller's language.
 */
export interface UserRow {
  id: number;
  userName: string;
  nickName: string;
  email: string | null;
  phone: string | null;
  status: UserStatus;
  dealerId: number | null;
  dealerCode: string | null;
  dealerName: string | null;
  departmentId: number | null;
  departmentName: string | null;
  roles: UserRoleRef[];
  /** ISO timestamp. */
  createdAt: string;
}

/** The roles, departments and dealers a user is given (`/sys/user/options`, the first console's call). */
export const userOptions = z.object({
  roles: z.array(userRoleRef),
  departments: z.array(z.object({ id: z.number(), parentId: z.number().nullable(), name: z.string() })),
  dealers: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
});
export type UserOptions = z.infer<typeof userOptions>;

/** Accounts frozen or unfrozen. */
export const freezeAnswer = z.object({ changed: z.number() });
export type FreezeAnswer = z.infer<typeof freezeAnswer>;
