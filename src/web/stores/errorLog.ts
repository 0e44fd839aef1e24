import { proxy } from 'valtio';
import { isRecord } from '@shared/must';

export interface ErrorLogEntry {
  error: { message: string; stack?: string };
  component?: string;
  info: string;
  url: string;
  time: number;
}

/** Client errors captured in production builds (spec: error-log badge and dialog). */
export const errorLog = proxy<{ logs: ErrorLogEntry[] }>({ logs: [] });

const MAX_ENTRIES = 100;

export function addErrorLog(entry: Omit<ErrorLogEntry, 'time' | 'url'> & { url?: string }) {
  errorLog.logs.unshift({ ...entry, url: entry.url ?? window.location.href, time: Date.now() });
  if (errorLog.logs.length > MAX_ENTRIES) errorLog.logs.length = MAX_ENTRIES;
}

export function clearErrorLog() {
  errorLog.logs = [];
}

export const errorLogEnabled = import.meta.env.PROD;

/** Listens for uncaught errors and rejections; only production builds keep a log. */
export function installErrorCapture() {
  if (!errorLogEnabled) return;
  window.addEventListener('error', (e) => {
    addErrorLog({ error: { message: e.message, stack: e.error?.stack }, info: `${e.filename}:${e.lineno}:${e.colno}` });
  });
  window.addEventListener('unhandledrejection', (e) => {
    const reason: unknown = e.reason;
    const said = (key: string) => {
      const v = isRecord(reason) ? reason[key] : undefined;
      return typeof v === 'string' ? v : undefined;
    };
    // API failures were already shown to the user by the client; they are not code errors.
    if (isRecord(reason) && reason.handled) return;
    addErrorLog({ error: { message: said('message') ?? String(reason), stack: said('stack') }, info: 'unhandledrejection' });
  });
}
