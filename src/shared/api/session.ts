import { z } from 'zod';
import { menuNode } from './resourceNode';
import { PHONE_PATTERN } from '../patterns';

const text = (max: number) => z.string().max(max);

export const captchaAnswer = z.object({
  enabled: z.boolean(),
  verKey: z.string(),
  /** An SVG data URL; empty when the captcha is off. */
  image: z.string(),
});
export type CaptchaAnswer = z.infer<typeof captchaAnswer>;

export const loginBody = z.object({
  // Trimmed before its length is checked (docs/product.md#validation); the 2 MiB body limit bounds the raw string.
  userName: z.string().transform((s) => s.trim()).pipe(z.string().min(1).max(64)),
  passWord: text(128).min(1),
  verCode: text(16).optional().default(''),
  verKey: text(64).optional().default(''),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginAnswer = z.object({ token: z.string(), expiresInMinutes: z.number() });
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const currentUserInfo = z.object({
  userId: z.number(),
  userName: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  dealerId: z.number().nullable(),
  dealerName: z.string().nullable(),
  roles: z.array(z.string()),
  /** The settings JSON string the user saved last, or '' before the first save. */
  theme: z.string(),
  buttonList: z.array(z.string()),
  menuTree: z.array(menuNode),
});
export type CurrentUserInfo = z.infer<typeof currentUserInfo>;

export const editCurrentUserBody = z
  .object({
    theme: text(2000).optional(),
    nickName: text(64).min(1).optional(),
    email: z.union([z.literal(''), z.email().max(128)]).optional(),
    phone: z.union([z.literal(''), z.string().regex(PHONE_PATTERN)]).optional(),
    avatar: text(512).optional(),
  })
  .strict();
export type EditCurrentUserBody = z.infer<typeof editCurrentUserBody>;

export const changePasswordBody = z.object({
  oldPassword: text(128),
  newPassword: text(128),
  confirmPassword: text(128),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const tmsTokenAnswer = z.object({ token: z.string(), expiresAt: z.string() });

export const dictEntry = z.object({ dictLabel: z.string(), dictValue: z.string() });
export const dictGroups = z.record(z.string(), z.array(dictEntry));
export type DictGroups = z.infer<typeof dictGroups>;

export const healthAnswer = z.object({ status: z.literal('ok'), db: z.string(), uptimeSeconds: z.number(), mail: z.enum(['on', 'off']) });
