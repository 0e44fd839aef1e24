import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../patterns';
import { coercedRowId, rowId } from './rowId';

/** Login names: letters, digits, dot, underscore and hyphen (no spaces, nothing a shell or URL mangles). */
export const USER_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const USER_STATUSES = ['normal', 'frozen'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Roles one user may hold; more is a data-entry slip, not a real account. */
export const MAX_USER_ROLES = 20;

/** A blank optional text is no value: '' and spaces are stored as null. */
const blankIsNull = (value: unknown) => (typeof value === 'string' ? value.trim() || null : value);
const optionalText = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsNull, schema.nullable().optional());
const refId = rowId.nullable().optional();

const userFields = {
  userName: z.string().trim().min(1).max(64).regex(USER_NAME_PATTERN),
  nickName: z.string().trim().min(1).max(64),
  email: optionalText(z.email({ pattern: EMAIL_PATTERN }).max(128)),
  phone: optionalText(z.string().regex(PHONE_PATTERN)),
  departmentId: refId,
  dealerId: refId,
  roleIds: z.array(rowId).max(MAX_USER_ROLES).default([]),
};

/**
 * A new account. The password's rules (spec section 5) are checked by `passwordProblem`
 * on the server, which says which rule is broken in the caller's language.
 */
export const userCreateInput = z.object({ ...userFields, password: z.string().min(1).max(128) }).strict();
/** A changed account: the same fields less the password (reset through its own call); roles are replaced. */
export const userUpdateInput = z.object(userFields).strict();
export type UserCreateInput = z.input<typeof userCreateInput>;
export type UserUpdateInput = z.input<typeof userUpdateInput>;

const ids = z.array(rowId).min(1).max(500);
export const freezeBody = z.object({ ids, frozen: z.boolean() }).strict();
export const resetPasswordBody = z.object({ id: rowId, password: z.string().min(1).max(128) }).strict();
export type FreezeBody = z.infer<typeof freezeBody>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const userFilters = z.object({
  /** Part of the user name or nickname. */
  keyword: z.string().max(64).optional(),
  status: z.enum(USER_STATUSES).optional(),
  /** The department or any below it. */
  departmentId: coercedRowId.optional(),
  dealerId: coercedRowId.optional(),
  roleId: coercedRowId.optional(),
});

export const userRoleRef = z.object({ id: z.number(), name: z.string() });
export type UserRoleRef = z.infer<typeof userRoleRef>;

/** One row of the user list; role names are in the caller's language. */
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

/** What the user form chooses from. */
export const userOptions = z.object({
  roles: z.array(userRoleRef),
  departments: z.array(z.object({ id: z.number(), parentId: z.number().nullable(), name: z.string() })),
  dealers: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
});
export type UserOptions = z.infer<typeof userOptions>;

/** Accounts frozen or unfrozen. */
export const freezeAnswer = z.object({ changed: z.number() });
export type FreezeAnswer = z.infer<typeof freezeAnswer>;
