import { i18n, storedLanguage } from '../i18n';
import type { DictGroups } from '@shared/api/session';
import { clearSession, getToken, session } from '../stores/session';
import { DICTIONARIES_PATH } from '../firstPaint/earlyCalls';
import { caller, createClient, EXPORT_TIMEOUT_MS, type ClientUi } from './client';
import { connectivity, markOffline, markOnline } from '../offline/connectivity';
import { confirm, toast } from './feedback';

const ui: ClientUi = {
  language: storedLanguage,
  token: getToken,
  toast: (kind, content, duration) => void toast(kind, content, duration),
  confirmRelogin: (content, relogin) =>
    void confirm({
      title: i18n.t('error.relogin'),
      content,
      okText: i18n.t('error.relogin'),
      hideCancel: true,
      closable: false,
      maskClosable: false,
      escToExit: false,
      onOk: relogin,
    }),
  clearToken: clearSession,
  reload: () => window.location.reload(),
  offline: () => !connectivity.online,
  reached: (answered) => (answered ? markOnline() : markOffline()),
};

/** The console's client for every call. */
export const http = createClient(ui);
export const api = caller(http);

/**
 * Dictionaries are cached after first use (docs/product.md#session); every answer carries the
 * server's dictionary version, and a newer one refreshes the cache. The version only grows;
 * behind a load balancer a node that has not read the newest yet answers an older one, which
 * changes nothing.
 */
http.interceptors.response.use((res) => {
  const version = String(res.headers['x-dict-version'] ?? '');
  if (version && session.loaded && session.dictVersion && Number(version) > Number(session.dictVersion)) {
    session.dictVersion = version;
    void api.post<DictGroups>(DICTIONARIES_PATH).then((dict) => { session.dict = dict; });
  } else if (version && !session.dictVersion) {
    session.dictVersion = version;
  }
  return res;
});

/** The second client, for exports: same base path, longer time-out, raw binary answers. */
export const exportHttp = createClient(ui, { timeout: EXPORT_TIMEOUT_MS, responseType: 'blob' });
