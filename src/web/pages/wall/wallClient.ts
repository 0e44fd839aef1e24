import type { QueryAnswer } from '@shared/analytics/filters';
import { queryPath } from '@shared/analytics/paths';
import { caller, createClient } from '../../api/client';
import { storedLanguage } from '../../i18n';
import { clearSession, getToken } from '../../stores/session';

/**
 * The wall screen's client. Nobody reads toasts on a wall: a failed call shows the
 * "reconnecting" badge and is retried (the panel keeps its last figures). A 401 means the
 * session really ended, so the screen goes straight to sign-in, which returns to the wall.
 */
const client = createClient({
  language: storedLanguage,
  token: getToken,
  toast: () => undefined,
  confirmRelogin: (_text, relogin) => relogin(),
  clearToken: clearSession,
  reload: () => window.location.reload(),
});
const wallApi = caller(client);

export const wallFetch = (queryId: string, body: Record<string, unknown>) => wallApi.post<QueryAnswer>(queryPath(queryId), body);
