import type { AxiosResponse } from 'axios';

/** Saves a binary answer under the name the server gave in Content-Disposition. */
export function saveResponse(res: AxiosResponse<Blob>, fallbackName: string) {
  const disposition = String(res.headers['content-disposition'] ?? '');
  const match = /filename\*=UTF-8''([^;]+)/i.exec(disposition) ?? /filename="?([^";]+)"?/i.exec(disposition);
  saveBlob(res.data, match ? decodeURIComponent(match[1]) : fallbackName);
}

export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
