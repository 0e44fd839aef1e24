import { z } from 'zod';
import { rowId } from './rowId';

/**
 * Saved views and their mail subscriptions (docs/views-and-subscriptions.md): the calls' bodies
 * and answers, both sides.
 */
export { VIEW_PATHS } from './savedViewPaths';

/** A page's menu path, as the console's address has it. */
const pagePath = z.string().trim().min(2).max(256).regex(/^\/[A-Za-z0-9/_-]+$/);
const viewName = z.string().trim().min(1).max(64);
/** A view's query as its address carries it, without the `?`. */
const viewQuery = z.string().max(2000).refine((q) => !q.startsWith('?') && !/[\s#]/.test(q), { message: 'invalidValue' });

export const viewListBody = z.object({ page: pagePath }).strict();
export const viewSaveBody = z.object({ page: pagePath, name: viewName, query: viewQuery, sharedRoleId: rowId.nullable().optional() }).strict();
export const viewUpdateBody = z.object({ id: rowId, name: viewName.optional(), query: viewQuery.optional(), sharedRoleId: rowId.nullable().optional() }).strict();
export const viewIdBody = z.object({ id: rowId }).strict();

export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const subscriptionSchedule = z.object({
  frequency: z.enum(FREQUENCIES),
  /** 1 = Monday … 7 = Sunday; weekly only. */
  weekday: z.number().int().min(1).max(7).optional(),
  /** 1 to 28 (every month has them); monthly only. */
  monthDay: z.number().int().min(1).max(28).optional(),
  /** `HH:mm` in the business time zone. */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
}).strict()
  .refine((s) => s.frequency !== 'weekly' || s.weekday !== undefined, { message: 'required', path: ['weekday'] })
  .refine((s) => s.frequency !== 'monthly' || s.monthDay !== undefined, { message: 'required', path: ['monthDay'] });
export type SubscriptionSchedule = z.infer<typeof subscriptionSchedule>;
export const subscribeBody = z.object({ viewId: rowId, schedule: subscriptionSchedule }).strict();
export const unsubscribeLinkQuery = z.object({ token: z.string().min(10).max(512).regex(/^[A-Za-z0-9._-]+$/), lang: z.string().max(16).optional() }).strict();

export const subscriptionRow = z.object({
  id: z.number(),
  frequency: z.enum(FREQUENCIES),
  weekday: z.number().nullable(),
  monthDay: z.number().nullable(),
  time: z.string(),
  status: z.string(),
  stoppedReason: z.string().nullable(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
});
export type SubscriptionRow = z.infer<typeof subscriptionRow>;

export const savedViewRow = z.object({
  id: z.number(),
  page: z.string(),
  name: z.string(),
  query: z.string(),
  sharedRoleId: z.number().nullable(),
  sharedRoleName: z.string().nullable(),
  /** Whether the caller owns it (writes are the owner's); a view shared with the caller is read-only. */
  own: z.boolean(),
  ownerName: z.string(),
  updatedAt: z.string(),
  /** The caller's own subscription to it, if any. */
  subscription: subscriptionRow.nullable(),
});
export type SavedViewRow = z.infer<typeof savedViewRow>;

export const viewListAnswer = z.object({
  views: z.array(savedViewRow),
  /** Whether mail is configured (SMTP_URL and MAIL_FROM): subscriptions need it. */
  mail: z.boolean(),
  /** Whether this page's views can be mailed (a report or a dashboard). */
  subscribable: z.boolean(),
  /** The business time zone subscriptions' times are in. */
  timeZone: z.string(),
});
export type ViewListAnswer = z.infer<typeof viewListAnswer>;
export const shareRolesAnswer = z.array(z.object({ id: z.number(), name: z.string(), nameEn: z.string() }));
export type ShareRoles = z.infer<typeof shareRolesAnswer>;
