import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createClient, MESSAGE_DURATION_MS, REQUEST_TIMEOUT_MS, rethrowUnlessShown, type ClientUi } from './client';

/** A transport answering what each test says; everything above it is the real client. */
function answer(status: number, data: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const res = { status, statusText: String(status), data, headers, config, request: {} } as AxiosResponse;
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, res);
    return res;
  };
}

let ui: ClientUi & { toasts: [string, string, number][]; relogin: (() => void) | null };
beforeEach(() => {
  const toasts: [string, string, number][] = [];
  ui = {
    toasts,
    relogin: null,
    language: () => 'en-US',
    token: () => 'tok-1',
    toast: (kind, text, ms) => toasts.push([kind, text, ms]),
    confirmRelogin: vi.fn((_text: string, relogin: () => void) => { ui.relogin = relogin; }),
    clearToken: vi.fn(),
    reload: vi.fn(),
  };
});

describe('the API client', () => {
  it('sends the token header, the lang query and Accept-Language on every request', async () => {
    let seen: InternalAxiosRequestConfig | undefined;
    const client = createClient(ui, { adapter: async (config) => { seen = config; return answer(200, { code: 200, msg: '', data: 1 })(config); } });
    await client.post('/x', {});
    expect(seen!.headers.get('token')).toBe('tok-1');
    expect(seen!.headers.get('Accept-Language')).toBe('en-US');
    expect(seen!.headers.get('x-client-protocol')).toBe('1');
    expect(seen!.params).toMatchObject({ lang: 'en-US' });
    expect(seen!.timeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('treats 200 and 250 as success without a toast, and a missing code as 200', async () => {
    for (const body of [{ code: 200, data: 'a' }, { code: 250, data: 'b' }, { data: 'c' }]) {
      const client = createClient(ui, { adapter: answer(200, body) });
      await expect(client.post('/x')).resolves.toMatchObject({ data: body });
    }
    expect(ui.toasts).toEqual([]);
  });

  it('shows the message of code 204 for 5 s, defaulting to SUCCESS', async () => {
    await createClient(ui, { adapter: answer(200, { code: 204, msg: 'Saved' }) }).post('/x');
    await createClient(ui, { adapter: answer(200, { code: 204 }) }).post('/x');
    expect(ui.toasts).toEqual([['success', 'Saved', MESSAGE_DURATION_MS], ['success', 'SUCCESS', MESSAGE_DURATION_MS]]);
  });

  it('rejects any other code with its message toasted for 5 s, defaulting to Error', async () => {
    await expect(createClient(ui, { adapter: answer(200, { code: 500, msg: 'Boom' }) }).post('/x')).rejects.toMatchObject({ message: 'Boom', code: 500 });
    await expect(createClient(ui, { adapter: answer(200, { code: 7 }) }).post('/x')).rejects.toBeInstanceOf(ApiError);
    expect(ui.toasts).toEqual([['error', 'Boom', 5000], ['error', 'Error', 5000]]);
  });

  it('shows the server message of an HTTP error envelope', async () => {
    const client = createClient(ui, { adapter: answer(400, { code: 400, msg: 'userName: This input item is mandatory', data: null }) });
    await expect(client.post('/x')).rejects.toMatchObject({ code: 400, status: 400 });
    expect(ui.toasts).toEqual([['error', 'userName: This input item is mandatory', 5000]]);
  });

  it('asks once to log in again on HTTP 401, then clears the token and reloads', async () => {
    const client = createClient(ui, { adapter: answer(401, { code: 401, msg: 'expired' }) });
    await expect(client.post('/a')).rejects.toMatchObject({ status: 401 });
    await expect(client.post('/b')).rejects.toMatchObject({ status: 401 });
    expect(ui.confirmRelogin).toHaveBeenCalledTimes(1);
    expect(vi.mocked(ui.confirmRelogin).mock.calls[0][0]).toBe('Your login status has expired, please log in again');
    expect(ui.clearToken).not.toHaveBeenCalled();
    ui.relogin!();
    expect(ui.clearToken).toHaveBeenCalled();
    expect(ui.reload).toHaveBeenCalled();
  });

  it('leaves a 401 to callers that handle it themselves', async () => {
    const client = createClient(ui, { adapter: answer(401, { code: 401 }) });
    await expect(client.post('/a', {}, { silent401: true })).rejects.toMatchObject({ status: 401 });
    expect(ui.confirmRelogin).not.toHaveBeenCalled();
  });

  it('raises no toast for callers that show refusals themselves', async () => {
    const client = createClient(ui, { adapter: answer(409, { code: 409, msg: 'Barcode X was already scanned' }) });
    await expect(client.post('/scan', {}, { quietErrors: true })).rejects.toMatchObject({ status: 409, message: 'Barcode X was already scanned' });
    expect(ui.toasts).toEqual([]);
  });

  it('says so when the network fails', async () => {
    const client = createClient(ui, {
      adapter: async (config) => { throw new AxiosError('Network Error', 'ERR_NETWORK', config, {}); },
    });
    await expect(client.get('/x')).rejects.toMatchObject({ code: 0 });
    expect(ui.toasts).toEqual([['error', 'Network error, please contact the administrator!', 5000]]);
  });

  it('returns binary answers raw, without reading a code', async () => {
    const blob = new Blob(['PK']);
    const client = createClient(ui, { adapter: answer(200, blob, { 'content-type': 'application/octet-stream' }) });
    const res = await client.post('/export');
    expect(res.data).toBe(blob);
    expect(ui.toasts).toEqual([]);
  });

  it('reads the envelope out of a failed binary request', async () => {
    const client = createClient(ui, {
      responseType: 'blob',
      adapter: answer(403, new Blob([JSON.stringify({ code: 403, msg: 'No permission' })])),
    });
    await expect(client.post('/export')).rejects.toMatchObject({ message: 'No permission', code: 403 });
  });

  it('still fails with the HTTP error when a failed binary request is not JSON (a proxy\'s page)', async () => {
    const client = createClient(ui, { responseType: 'blob', adapter: answer(502, new Blob(['<html>Bad gateway</html>'])) });
    await expect(client.post('/export')).rejects.toMatchObject({ code: 502, status: 502 });
    expect(ui.toasts).toEqual([['error', 'Request failed with status code 502', MESSAGE_DURATION_MS]]);
  });
});

describe('rethrowUnlessShown', () => {
  it('lets a failed call go, the client having shown it, and throws anything else on', async () => {
    const failed = await createClient(ui, { adapter: answer(200, { code: 500, msg: 'Boom' }) }).post('/x').catch((err: unknown) => err);
    expect(() => rethrowUnlessShown(failed)).not.toThrow();
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(() => rethrowUnlessShown(bug)).toThrow(bug);
  });

  it('offline, refuses a write before it leaves with a clear message, lets reads go, and reports whether the server answered', async () => {
    let offline = true;
    const reached: boolean[] = [];
    let sent = 0;
    const client = createClient({ ...ui, offline: () => offline, reached: (a) => reached.push(a) }, {
      adapter: async (config) => { sent += 1; return answer(config.url === '/gone' ? 503 : 200, { code: 200, msg: '', data: 1 })(config); },
    });
    const refused = await client.post('/orderManage/PRorder/save', {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe('You are offline: only scanning and removing barcodes work offline; this was not saved');
    expect(ui.toasts.at(-1)?.[1]).toBe((refused as ApiError).message);
    expect(sent).toBe(0);
    await client.post('/orderManage/PRorder/detail', {});
    expect(sent).toBe(1);
    offline = false;
    await client.post('/orderManage/PRorder/save', {});
    await client.post('/gone', {}).catch((e: unknown) => expect(e).toBeInstanceOf(ApiError));
    expect(reached).toEqual([true, true, false]);
  });
});
