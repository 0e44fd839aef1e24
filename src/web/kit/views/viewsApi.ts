import type { ShareRoles, SubscriptionSchedule, ViewListAnswer } from '@shared/api/savedViews';
import { VIEW_PATHS } from '@shared/api/savedViewPaths';
import { api } from '../../api/http';

/** The saved views' calls (src/server/modules/views). */
export const viewsApi = {
  list: (page: string) => api.post<ViewListAnswer>(VIEW_PATHS.list, { page }),
  roles: () => api.post<ShareRoles>(VIEW_PATHS.roles, {}),
  save: (body: { page: string; name: string; query: string; sharedRoleId?: number | null }) => api.post<{ id: number }>(VIEW_PATHS.save, body),
  update: (body: { id: number; name?: string; query?: string; sharedRoleId?: number | null }) => api.post<{ id: number }>(VIEW_PATHS.update, body),
  remove: (id: number) => api.post<{ deleted: number }>(VIEW_PATHS.remove, { id }),
  subscribe: (viewId: number, schedule: SubscriptionSchedule) => api.post<{ id: number }>(VIEW_PATHS.subscribe, { viewId, schedule }),
  sendNow: (viewId: number) => api.post<{ id: number }>(VIEW_PATHS.sendNow, { viewId }),
  unsubscribe: (viewId: number) => api.post<{ id: number }>(VIEW_PATHS.unsubscribe, { viewId }),
};
