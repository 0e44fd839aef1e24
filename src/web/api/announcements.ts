import type {
  AnnouncementRow, AudienceOptions, InboxItem, PublishAnswer, ReadAnswer, UnreadCountAnswer,
} from '@shared/api/announcement';
import type { Page } from '@shared/api/paging';
import { crudApi } from './crud';
import { api } from './http';

/** Announcement calls: the administrators' list (through the page kit) and every user's inbox. */
export const announcementApi = {
  ...crudApi<AnnouncementRow, Record<string, unknown>>('/sys/announcement'),
  publish: (id: number) => api.post<PublishAnswer>('/sys/announcement/publish', { id }),
  audienceOptions: () => api.post<AudienceOptions>('/sys/announcement/audienceOptions'),
  inbox: (body: { pageNum: number; pageSize: number; unreadOnly?: boolean }) => api.post<Page<InboxItem>>('/sys/announcement/inbox', body),
  unreadCount: () => api.post<UnreadCountAnswer>('/sys/announcement/unreadCount'),
  read: (id: number) => api.post<ReadAnswer>('/sys/announcement/read', { id }),
};

/** Query keys under one root, so reading one refreshes the inbox and the top bar's badge together. */
export const inboxKeys = {
  all: ['announcement', 'inbox'] as const,
  unread: (userId: number | undefined) => ['announcement', 'inbox', 'unread', userId] as const,
};
