import { proxy } from 'valtio';

export interface ErrorLogEntry {
  error: { message: string; stack?: string };
  component?: string;
  info: string;
  url: string;
  time: number;
}

/** Client errors captured in production builds (spec: error-log badge and dialog). */
export const errorLog = proxy({ logs: [] as ErrorLogEntry[] });

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
    const reason = e.reason as { message?: string; stack?: string; handled?: boolean } | undefined;
    // API failures were already shown to the user by the client; they are not code errors.
    if (reason?.handled) return;
    addErrorLog({ error: { message: reason?.message ?? String(e.reason), stack: reason?.stack }, info: 'unhandledrejection' });
  });
}
