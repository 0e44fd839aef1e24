import { z } from 'zod';
import { pageBody } from './paging';

export const ANNOUNCEMENT_AUDIENCES = ['all', 'roles', 'dealers'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_STATUSES = ['draft', 'published'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];
export const ANNOUNCEMENT_CONTENT_MAX = 100_000;

const ids = (max: number) => z.array(z.coerce.number().int().positive()).max(max).default([]);

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

export interface AnnouncementRow {
  id: number;
  title: string;
  content: string;
  audience: AnnouncementAudience;
  status: AnnouncementStatus;
  publishedAt: string | null;
  roleIds: number[];
  dealerIds: number[];
  /** Users who have opened it. */
  readCount: number;
  createdAt: string;
  updatedAt: string;
}

/** One announcement in a reader's inbox. */
export interface InboxItem {
  id: number;
  title: string;
  content: string;
  publishedAt: string;
  read: boolean;
  readAt: string | null;
}

export interface AudienceOptions {
  roles: { id: number; code: string; name: string; nameEn: string }[];
  dealers: { id: number; code: string; name: string }[];
}
