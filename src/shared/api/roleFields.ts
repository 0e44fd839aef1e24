/**
 * What a role's fields may hold, without zod: the roles page of the manifest (which the signed-in
 * shell loads) imports these, and `role.ts` keeps the schemas of the calls.
 */
/** Kinds of role (docs/product.md#permissions): business functions, data rules, special. */
export const ROLE_TYPES = ['function', 'data', 'special'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

/** The built-in role that holds every resource; it is never deleted or renamed. */
export const ADMIN_ROLE_CODE = 'admin';

/** Role codes: a letter, then letters, digits or underscores (the seeds use `admin`, `staff`, `dealer`). */
export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{1,31}$/;
