import { z } from 'zod';
import { pageBody, pageOf } from './paging';
import { coercedRowId } from './rowId';

export const ANNOUNCEMENT_AUDIENCES = ['all', 'roles', 'dealers'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_STATUSES = ['draft', 'published'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];
export const ANNOUNCEMENT_CONTENT_MAX = 100_000;

const ids = (max: number) => z.array(coercedRowId).max(max).default([]);

/** An announcement as written: title, rich text (cleaned by the server) and who it is for. */
export const announcementInput = z.object({
  title: z.string().trim().min(1).max(128),
  content: z.string().min(1).max(ANNOUNCEMENT_CONTENT_MAX),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES).default('all'),
  /** Recipients when the audience is `roles`. */
  roleIds: ids(200),
  /** Recipients when the audience is `dealers`. */
  dealerIds: ids(1000),
});
export type AnnouncementInput = z.input<typeof announcementInput>;

export const announcementFilters = z.object({
  title: z.string().max(128).optional(),
  status: z.enum(ANNOUNCEMENT_STATUSES).optional(),
});

export const inboxBody = pageBody.extend({ unreadOnly: z.boolean().optional() });

export const announcementRow = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  publishedAt: z.string().nullable(),
  roleIds: z.array(z.number()),
  dealerIds: z.array(z.number()),
  /** Users who have opened it. */
  readCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnnouncementRow = z.infer<typeof announcementRow>;
export const announcementPage = pageOf(announcementRow);

/** One announcement in a reader's inbox. */
export const inboxItem = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItem>;
export const inboxPage = pageOf(inboxItem);

export const audienceOptions = z.object({
  roles: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), nameEn: z.string() })),
  dealers: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
});
export type AudienceOptions = z.infer<typeof audienceOptions>;

export const publishAnswer = z.object({ id: z.number(), publishedAt: z.string() });
export type PublishAnswer = z.infer<typeof publishAnswer>;
/** Published announcements addressed to the reader and not opened yet (the message icon's badge). */
export const unreadCountAnswer = z.object({ count: z.number() });
export type UnreadCountAnswer = z.infer<typeof unreadCountAnswer>;
export const readAnswer = z.object({ id: z.number(), read: z.literal(true) });
export type ReadAnswer = z.infer<typeof readAnswer>;
