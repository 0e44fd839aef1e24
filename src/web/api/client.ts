import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse, type CreateAxiosDefaults } from 'axios';
import { API_BASE, CLIENT_PROTOCOL, MESSAGE_CODE, PROTOCOL_HEADER, SUCCESS_CODES, type Envelope } from '@shared/api/protocol';
import type { Language } from '@shared/i18n/languages';
import { message } from '@shared/i18n/messages';
import { isWriteCall } from '../offline/offlineWrites';
import { ApiError } from './errors';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller handles a 401 itself (the session loader), so no re-login box opens. */
    silent401?: boolean;
    /** The caller shows refusals itself (the scanning feed), so no error toast is raised. */
    quietErrors?: boolean;
  }
}

/** What the client needs from the page around it; the console passes Arco's, tests their own. */
export interface ClientUi {
  language(): Language;
  token(): string | undefined;
  toast(kind: 'success' | 'error' | 'warning', text: string, durationMs: number): void;
  /** Spec: a single-button confirm box, then the token is cleared and the page reloaded. */
  confirmRelogin(text: string, relogin: () => void): void;
  clearToken(): void;
  reload(): void;
  /** Whether the server is known to be out of reach: calls that write are then refused at once (docs/offline-floor.md). */
  offline?(): boolean;
  /** After each call: whether the server answered (a gateway's 502-504 is no answer). */
  reached?(answered: boolean): void;
}

/** docs/product.md#constants. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const EXPORT_TIMEOUT_MS = 60_000;
export const MESSAGE_DURATION_MS = 5_000;

// The error types live apart from axios so the login page can use them before the client loads.
export { ApiError, rethrowUnlessShown } from './errors';

const isBinary = (res: AxiosResponse) =>
  res.config.responseType === 'blob' || res.config.responseType === 'arraybuffer' ||
  /application\/octet-stream|spreadsheetml/.test(String(res.headers['content-type'] ?? ''));

/**
 * The one axios instance shape of the console (spec sections 7 and 8): lang query and
 * Accept-Language on every request, the token header, envelope codes read, errors shown.
 */
export function createClient(ui: ClientUi, defaults: CreateAxiosDefaults = {}): AxiosInstance {
  const client = axios.create({ baseURL: API_BASE, timeout: REQUEST_TIMEOUT_MS, ...defaults });
  let reloginOpen = false;

  client.interceptors.request.use((config) => {
    const lang = ui.language();
    config.params = { ...(config.params ?? {}), lang };
    config.headers.set('Accept-Language', lang);
    // The protocol this build speaks: a server that no longer speaks it answers 426 with a message to reload.
    config.headers.set(PROTOCOL_HEADER, String(CLIENT_PROTOCOL));
    const token = ui.token();
    if (token) config.headers.set('token', token);
    if (ui.offline?.() && isWriteCall(config.url)) {
      const text = message(lang, 'offlineWriteRefused');
      if (!config.quietErrors) ui.toast('warning', text, MESSAGE_DURATION_MS);
      throw new ApiError(text, 0);
    }
    return config;
  });

  const askRelogin = () => {
    if (reloginOpen) return;
    reloginOpen = true;
    ui.confirmRelogin(message(ui.language(), 'unauthorized'), () => {
      ui.clearToken();
      ui.reload();
    });
  };

  client.interceptors.response.use(
    (res) => {
      ui.reached?.(true);
      if (isBinary(res)) return res;
      const body = (res.data ?? {}) as Partial<Envelope>;
      const code = Number(body.code ?? 200);
      if ((SUCCESS_CODES as readonly number[]).includes(code)) return res;
      if (code === MESSAGE_CODE) {
        ui.toast('success', body.msg || 'SUCCESS', MESSAGE_DURATION_MS);
        return res;
      }
      const text = body.msg || 'Error';
      if (!res.config.quietErrors) ui.toast('error', text, MESSAGE_DURATION_MS);
      return Promise.reject(new ApiError(text, code, res.status));
    },
    async (error: AxiosError<Partial<Envelope> | Blob> | ApiError) => {
      // Refused before it left (offline): already said.
      if (error instanceof ApiError) return Promise.reject(error);
      const lang = ui.language();
      const answered = error.response?.status;
      ui.reached?.(!!answered && answered !== 502 && answered !== 503 && answered !== 504);
      if (!error.response) {
        const text = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' ? error.message : message(lang, 'networkError');
        if (!error.config?.quietErrors) ui.toast('error', text, MESSAGE_DURATION_MS);
        return Promise.reject(new ApiError(text, 0));
      }
      const { status } = error.response;
      let data: Partial<Envelope> | Blob | undefined = error.response.data;
      if (data instanceof Blob) data = await readJsonBlob(data);
      if (status === 401) {
        if (!error.config?.silent401) askRelogin();
        return Promise.reject(new ApiError(message(lang, 'unauthorized'), 401, 401));
      }
      const text = (data && typeof data === 'object' && 'msg' in data && data.msg) || error.message;
      if (!error.config?.quietErrors) ui.toast('error', text, MESSAGE_DURATION_MS);
      const envelope = data && typeof data === 'object' && !(data instanceof Blob) ? (data as Partial<Envelope>) : undefined;
      return Promise.reject(new ApiError(text, Number(envelope?.code ?? status), status, envelope?.data));
    },
  );
  return client;
}

async function readJsonBlob(blob: Blob): Promise<Partial<Envelope> | undefined> {
  try {
    return JSON.parse(await blob.text()) as Partial<Envelope>;
  } catch (err) {
    // An error answer that is not JSON (a proxy's page) has no envelope to read.
    if (err instanceof SyntaxError) return undefined;
    throw err;
  }
}

/** Calls that answer the envelope's data. */
export function caller(client: AxiosInstance) {
  return {
    async post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
      const res = await client.post<Envelope<T>>(url, body ?? {}, config);
      return res.data.data;
    },
    async get<T>(url: string, params?: Record<string, unknown>): Promise<T> {
      const res = await client.get<Envelope<T>>(url, { params });
      return res.data.data;
    },
  };
}
