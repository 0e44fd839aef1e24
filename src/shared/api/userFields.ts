/**
 * What a user's fields may hold, without zod: the users page of the manifest (which the signed-in
 * shell loads) imports these, and `users.ts` keeps the schemas of the calls.
 */
/** Login names: letters, digits, dot, underscore and hyphen (no spaces, nothing a shell or URL mangles). */
export const USER_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const USER_STATUSES = ['normal', 'frozen'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Roles one user may hold; more is a data-entry slip, not a real account. */
export const MAX_USER_ROLES = 20;
