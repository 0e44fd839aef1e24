import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportPageAnswer } from '../../src/shared/analytics/filters';
import { startTestServer, type TestServer } from './server';

/**
 * Long exports by link (docs/views-and-subscriptions.md): the browser's own download of a ticket,
 * once, named, as its user; the rows written so far; a cancel; nobody else's ticket.
 */
let server: TestServer;
let admin: string;
let staff: string;
beforeAll(async () => {
  server = await startTestServer();
  [admin, staff] = await Promise.all([server.login('admin'), server.login('staff')]);
});
afterAll(async () => { await server?.stop(); });

const call = async <T>(path: string, body: unknown, token: string, status = 200) => {
  const res = await server.call<T>(path, { body, token, lang: 'en-US' });
  expect(res.status, `${path}: ${res.body.msg}`).toBe(status);
  return res.body.data;
};
const download = (url: string) => fetch(`${server.url}/fms/api/v1${url}`);

describe('exports by link', () => {
  it('downloads the whole filtered report once, under its name, with the rows written so far', async () => {
    const filters = { keyword: 'EP' };
    const { total } = await call<ReportPageAnswer>('/analysis/report/scanDetail/selectByPage', { ...filters, pageSize: 1 }, admin);
    expect(total).toBeGreaterThan(0);
    const { ticket, url } = await call<{ ticket: string; url: string }>('/analysis/report/scanDetail/exportLink', filters, admin);
    expect(await call('/analysis/report/exportProgress', { ticket }, admin)).toEqual({ rows: 0, status: 'ready' });

    const res = await download(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Scan detail')}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    expect(book.worksheets[0].rowCount - 1).toBe(total);
    expect(await call('/analysis/report/exportProgress', { ticket }, admin)).toEqual({ rows: total, status: 'done' });
    // Once only.
    expect((await download(url)).status).toBe(404);
  });

  it('a cancelled ticket downloads nothing; another user can neither follow nor cancel it', async () => {
    const { ticket, url } = await call<{ ticket: string; url: string }>('/analysis/report/scanDetail/exportLink', {}, admin);
    await call('/analysis/report/exportProgress', { ticket }, staff, 404);
    await call('/analysis/report/exportCancel', { ticket }, staff, 404);
    expect(await call('/analysis/report/exportCancel', { ticket }, admin)).toMatchObject({ status: 'cancelled' });
    expect((await download(url)).status).toBe(404);
    expect((await download('/analysis/report/export?ticket=' + 'A'.repeat(43))).status).toBe(404);
  });

  it('asks for the report\'s export permission to make a ticket (the demo dealers have no rankings)', async () => {
    const dealer = await server.login('dealer1');
    await call('/analysis/report/rankPR/exportLink', {}, dealer, 403);
  });
});
