import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, storageLocations } from '../../src/server/db/schema';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './server';
import { addUser } from './sessionSupport';
import { dealer1Warehouse, unusedMaterial } from './fixtures';

/**
 * every route declares its answer schema, and openapi.json shows it. Here the
 * schemas are held to what the handlers really answer: representative calls of each module,
 * each answer checked against the schema its own route declares. A schema that misnames a
 * field, forgets one, or says a value cannot be null when it can, fails here.
 */
let server: TestServer;
let admin: string;
let dealer1: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, dealer1] = await Promise.all([server.login('admin'), server.login('dealer1')]);
});
afterAll(async () => { await server?.stop(); });

/** Calls a route and checks its answer against the schema the route declares; answers the data. */
async function fits<T = Record<string, unknown>>(url: string, body?: unknown, token: string | undefined = admin): Promise<T> {
  const route = server.routes.find((r) => r.url === url);
  expect(route, url).toBeDefined();
  expect(route!.answer, `${url} declares an answer`).toBeDefined();
  const res = await server.call<T>(url, { method: route!.method, body: route!.method === 'POST' ? body ?? {} : undefined, token, lang: 'en-US' });
  expect(res.status, `${url}: ${res.body?.msg}`).toBe(200);
  const parsed = route!.answer!.safeParse(res.body.data);
  expect(parsed.success ? [] : parsed.error.issues, url).toEqual([]);
  // Parsing drops fields the schema does not name: an answer equal to its parse has none the schema forgets.
  expect(parsed.data, `${url}: fields the schema does not name`).toEqual(res.body.data);
  return res.body.data;
}

describe('session and system calls answer what they declare', () => {
  it('session: captcha, login, current user, profile, password, dictionaries, logout', async () => {
    await fits('/sys/captcha', undefined, undefined);
    const { token } = await fits<{ token: string }>('/sys/login', { userName: 'staff', passWord: DEMO_PASSWORD }, undefined);
    await fits('/sys/user/getCurrentUserInfo', {}, token);
    await fits('/system/dict/data/groupByType', {}, token);
    await addUser(server, 'schema.self');
    const own = await server.login('schema.self');
    expect(await fits('/sys/user/editCurrentUser', { nickName: 'Schema self', email: '' }, own)).toBeNull();
    expect(await fits('/sys/user/changePassword', { oldPassword: DEMO_PASSWORD, newPassword: 'Schema@2027', confirmPassword: 'Schema@2027' }, own)).toBeNull();
    expect(await fits('/sys/loginOut', {}, token)).toBeNull();
  });

  it('users: list, detail, options, create, change, freeze, reset password, delete', async () => {
    const [staffRole] = await server.services.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'staff'));
    const options = await fits<{ departments: { id: number }[] }>('/sys/user/options');
    const user = { userName: 'schema.user', nickName: 'Schema user', email: 'schema@example.com', departmentId: options.departments[0]?.id, roleIds: [staffRole.id] };
    const { id } = await fits<{ id: number }>('/sys/user/save', { ...user, password: 'Schema@2026' });
    await fits('/sys/user/update', { ...user, id, phone: '' });
    await fits('/sys/user/selectByPage', { pageNum: 1, pageSize: 5, keyword: 'schema' });
    await fits('/sys/user/detail', { id });
    await fits('/sys/user/freeze', { ids: [id], frozen: true });
    expect(await fits('/sys/user/resetPassword', { id, password: 'Reset@2026x' })).toBeNull();
    await fits('/sys/user/delete', { ids: [id] });
  });

  it('roles: resource tree, grants, data rules and their choices', async () => {
    const { id } = await fits<{ id: number }>('/sys/role/save', { code: 'schema_role', name: '结构角色', nameEn: 'Schema role' });
    const tree = await fits<{ id: number; children: { id: number }[] }[]>('/sys/role/resourceTree');
    await fits('/sys/role/grantResources', { id, resourceIds: [tree[0].children[0].id] });
    await fits('/sys/role/resources', { id });
    const options = await fits<{ dealers: { id: number }[]; warehouses: { id: number }[] }>('/sys/role/options');
    await fits('/sys/role/saveDataRules', { id, dealerIds: [options.dealers[0].id], warehouseIds: [options.warehouses[0].id] });
    await fits('/sys/role/dataRules', { id });
    await fits('/sys/role/selectByPage', { pageNum: 1, pageSize: 5 });
  });

  it('departments and resources: trees and their writes', async () => {
    const { id } = await fits<{ id: number }>('/sys/dept/save', { name: 'Schema department' });
    const child = await fits<{ id: number }>('/sys/dept/save', { name: 'Schema team', parentId: id });
    await fits('/sys/dept/update', { id: child.id, name: 'Schema team 2', parentId: id, orderNum: 3 });
    await fits('/sys/dept/tree');
    await fits('/sys/dept/delete', { ids: [child.id, id] });

    type Node = { id: number; type: string; perm: string; children: Node[] };
    const tree = await fits<Node[]>('/sys/resource/tree');
    const page = tree.flatMap((s) => s.children).flatMap((g) => g.children).find((n) => n.type === 'page')!;
    const button = { parentId: page.id, type: 'button', label: '结构按钮', labelEn: 'Schema button', perm: `${page.perm}:schemaButton` };
    const created = await fits<{ id: number }>('/sys/resource/save', button);
    await fits('/sys/resource/update', { ...button, id: created.id, orderNum: 9 });
    await fits('/sys/resource/delete', { ids: [created.id] });
  });

  it('announcements: the administrators\' list and a reader\'s inbox', async () => {
    await fits('/sys/announcement/audienceOptions');
    const draft = { title: 'Schema notice', content: '<p>Answers have schemas</p>', audience: 'all' };
    const { id } = await fits<{ id: number }>('/sys/announcement/save', draft);
    await fits('/sys/announcement/update', { ...draft, id, title: 'Schema notice 2' });
    await fits('/sys/announcement/publish', { id });
    await fits('/sys/announcement/publish', { id });
    await fits('/sys/announcement/selectByPage', { pageNum: 1, pageSize: 5 });
    await fits('/sys/announcement/unreadCount', {}, dealer1);
    await fits('/sys/announcement/inbox', { pageNum: 1, pageSize: 5 }, dealer1);
    await fits('/sys/announcement/read', { id }, dealer1);
    await fits('/sys/announcement/inbox', { pageNum: 1, pageSize: 5 }, dealer1);
    await fits('/sys/announcement/delete', { ids: [id] });
  });
});

describe('orders, notices and the barcode trace answer what they declare', () => {
  it('an order page\'s calls through a delivery\'s life: form choices, writes, scans, upload, completion, flags', async () => {
    const db = server.services.db;
    const w1 = await dealer1Warehouse(db);
    const material = (await unusedMaterial(db)).id;
    await fits('/orderManage/PRorder/options');
    const [location] = await fits<{ id: number }[]>('/orderManage/PRorder/locations', { warehouseId: w1.id });
    const codes = ['SCHEMA000001', 'SCHEMA000002', 'SCHEMA000003'];
    const delivery = {
      orderType: 'PR', warehouseId: w1.id, remark: 'schema', lines: [{ materialId: material, plannedQty: 3 }],
      shipped: codes.map((barcode) => ({ barcode, materialId: material, dotCode: '2325' })),
    };
    const { id } = await fits<{ id: number }>('/orderManage/PRorder/save', delivery);
    const { shipped: _shipped, ...header } = delivery;
    await fits('/orderManage/PRorder/update', { ...header, id });
    await fits('/orderManage/PRorder/scan', { orderId: id, barcode: codes[0], locationId: location.id });
    await fits('/orderManage/PRorder/detail', { id });
    await fits('/orderManage/PRorder/unscan', { orderId: id, barcode: codes[0] });
    await fits('/orderManage/PRorder/upload', { orderId: id, uploadId: 'schema-upload-1', scans: codes.map((barcode) => ({ barcode, locationId: location.id })) });
    await fits('/orderManage/PRorder/complete', { id });
    await fits('/orderManage/PRorder/markPrinted', { ids: [id] });
    await fits('/orderManage/PRorder/markUploaded', { ids: [id] });
    await fits('/orderManage/PRorder/detail', { id });
    await fits('/orderManage/PRorder/selectByPage', { pageNum: 1, pageSize: 5 });

    // The delivery told dealer1: the notice calls.
    const notice = await fits<{ id: number } | null>('/orderManage/infDeliveryOrderNotice/getNewNotice', {}, dealer1);
    expect(notice).not.toBeNull();
    await fits('/orderManage/infDeliveryOrderNotice/setRead', { ids: [notice!.id] }, dealer1);
    await fits('/orderManage/infDeliveryOrderNotice/list', { pageNum: 1, pageSize: 5 }, dealer1);
    // Nothing newer than it: the poll's null answer.
    expect(await fits('/orderManage/infDeliveryOrderNotice/getNewNotice', { afterId: notice!.id }, dealer1)).toBeNull();

    const sale = await fits<{ id: number }>('/orderManage/WLorder/save', { orderType: 'WL', warehouseId: w1.id, lines: [{ materialId: material, plannedQty: 1 }] });
    await fits('/orderManage/WLorder/cancel', { id: sale.id });
    const other = await fits<{ id: number }>('/orderManage/WLorder/save', { orderType: 'WL', warehouseId: w1.id, lines: [{ materialId: material, plannedQty: 1 }] });
    await fits('/orderManage/WLorder/delete', { ids: [other.id] });

    // A stocktake that misses one tyre: its lines, and a completion naming the loss order it produced.
    const count = await fits<{ id: number }>('/orderManage/InventoryList/save', { orderType: 'IV', warehouseId: w1.id, lines: [] });
    const [spot] = await db.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.warehouseId, w1.id)).orderBy(asc(storageLocations.id)).limit(1);
    await fits('/orderManage/InventoryList/scan', { orderId: count.id, barcode: codes[1], locationId: spot.id });
    await fits('/orderManage/InventoryChildList/selectByPage', { stocktakeId: count.id, pageNum: 1, pageSize: 20 });
    const done = await fits<{ adjustmentOrderId: number | null }>('/orderManage/InventoryList/complete', { id: count.id });
    expect(done.adjustmentOrderId).toEqual(expect.any(Number));

    // The barcode trace: a tyre's moves, its corrections, and cancelling its latest record.
    const trace = await fits<{ moves: { id: number }[] }>('/orderManage/barcode/trace', { barcode: codes[0] });
    await fits('/orderManage/barcode/trace/cancel', { barcode: codes[0], moveId: trace.moves.at(-1)!.id });
    const { corrections } = await fits<{ corrections: unknown[] }>('/orderManage/barcode/trace/corrections', { barcode: codes[0] });
    expect(corrections).toHaveLength(1);
    await fits('/orderManage/barcode/trace', { barcode: codes[0] });
  });

  it('reports: the filter bar\'s choices for an operator and for a dealer', async () => {
    await fits('/analysis/reportFilterOptions');
    await fits('/analysis/reportFilterOptions', {}, dealer1);
  });
});

describe('base data and logistics configuration calls answer what they declare', () => {
  it('the form choices of the manifest pages, areas and locations naming their warehouse', async () => {
    const w1 = await dealer1Warehouse(server.services.db);
    for (const url of ['/logistics/route/options', '/logistics/driverRoute/options', '/basedata/pallet/options', '/basedata/storagelocation/options']) await fits(url);
    await fits('/basedata/warehousing/options');
    await fits('/basedata/warehousing/options', { warehouseId: w1.id });
    await fits('/basedata/pda/options');
    await fits('/basedata/pda/options', {}, dealer1);
  });

  it('PDA devices, batches, storage locations and location rules: their own moves', async () => {
    const db = server.services.db;
    const w1 = await dealer1Warehouse(db);
    const pda = await fits<{ id: number }>('/basedata/pda/save', { serialNo: 'SCHEMA-PDA-1', name: 'Schema PDA' });
    await fits('/basedata/pda/activate', { ids: [pda.id] });
    await fits('/basedata/pda/freeze', { ids: [pda.id] });
    const material = await unusedMaterial(db);
    await fits('/basedata/batch/generate', { materialId: material.id, dealerId: w1.dealerId, productionDate: '2026-03-15', count: 2 });
    const area = await fits<{ id: number }>('/basedata/storehouse/save', { warehouseId: w1.id, code: 'SCHEMA', name: 'Schema area' });
    await fits('/basedata/storagelocation/generate', { storehouseId: area.id, rows: 1, levels: 2 });
    const [location] = await db.select({ id: storageLocations.id }).from(storageLocations).where(eq(storageLocations.storehouseId, area.id)).limit(1);
    const rule = { warehouseId: w1.id, name: 'Schema rule', specification: material.specification, locationIds: [location.id] };
    const { id } = await fits<{ id: number }>('/basedata/storagelocationRule/save', rule);
    await fits('/basedata/storagelocationRule/update', { ...rule, id, priority: 5 });
    await fits('/basedata/storagelocationRule/suggest', { warehouseId: w1.id, materialId: material.id });
  });

  it('the catalogue: choices, material pickers and relation matching', async () => {
    const db = server.services.db;
    const w1 = await dealer1Warehouse(db);
    const material = await unusedMaterial(db);
    await fits('/basedata/material/options');
    for (const url of ['/basedata/materialRelation/options', '/basedata/materialRelation/matchOptions', '/basedata/dealerMaterial/options']) await fits(url);
    for (const url of ['/basedata/materialRelation/materials', '/basedata/materialRelation/matchMaterials', '/basedata/dealerMaterial/materials']) {
      await fits(url, { keyword: material.specification.slice(0, 3) });
    }
    const relation = (code: string) => ({ dealerId: w1.dealerId, dealerMaterialCode: code, dealerMaterialName: `${material.specification} ${material.pattern}` });
    const a = await fits<{ id: number }>('/basedata/materialRelation/save', relation('SCHEMA-REL-A'));
    const b = await fits<{ id: number }>('/basedata/materialRelation/save', relation('SCHEMA-REL-B'));
    await fits('/basedata/materialRelation/unmatched', { pageNum: 1, pageSize: 5 });
    await fits('/basedata/materialRelation/unmatched', { pageNum: 1, pageSize: 5, keyword: 'SCHEMA-REL' });
    await fits('/basedata/materialRelation/match', { id: a.id, materialId: material.id });
    await fits('/basedata/materialRelation/autoMatch', { ids: [b.id] });
  });

  it('mail: recipients, send, inbox, sent, read and the unread count', async () => {
    const recipients = await fits<{ id: number; userName: string }[]>('/basedata/mail/recipients', {});
    const to = recipients.find((u) => u.userName === 'dealer1')!;
    const { id } = await fits<{ id: number }>('/basedata/mail/send', { subject: 'Schema mail', body: 'Answers have schemas', recipientIds: [to.id] });
    await fits('/basedata/mail/unreadCount', {}, dealer1);
    await fits('/basedata/mail/inbox', { pageNum: 1, pageSize: 5 }, dealer1);
    await fits('/basedata/mail/read', { id }, dealer1);
    await fits('/basedata/mail/sent', { pageNum: 1, pageSize: 5 });
  });
});

describe('the API document describes answers', () => {
  /**
   * A ratchet: operations of openapi.json whose success answer has no schema. None is
   * left (29 when it was set, the last calls of base data and logistics configuration); never
   * raise it: a new route declares its answer.
   */
  const MAX_WITHOUT_ANSWER = 0;

  it(`no more than ${MAX_WITHOUT_ANSWER} JSON answers lack a schema, and only downloads answer a file`, async () => {
    const res = await fetch(`${server.url}/fms/api/v1/openapi.json`);
    type Op = { responses: { 200: { content: Record<string, { schema?: { properties: { data: object } } }> } } };
    const doc = (await res.json()) as { paths: Record<string, Record<string, Op>> };
    const without: string[] = [];
    const files: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const content = op.responses[200].content;
        const json = content['application/json'];
        if (content['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']) files.push(path);
        // A stream of JSON lines (a dashboard's panels as they are ready) is no file, and says so; the
        // unsubscribe link of a mail answers a page for a browser; the document itself is no envelope.
        else if (path.endsWith('/openapi.json')) expect(Object.keys(content), path).toEqual(['application/json']);
        else if (!json) expect(Object.keys(content), path).toEqual([path.endsWith('/views/unsubscribe-link') ? 'text/html' : 'application/x-ndjson']);
        // An empty schema: none declared, or one the document could not express.
        else if (!Object.keys(json.schema!.properties.data).length) without.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(without.length, without.join('\n')).toBeLessThanOrEqual(MAX_WITHOUT_ANSWER);
    // Every file answered is an xlsx export or import template (its schema: openapiAnswers.test.ts).
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((p) => !/\/(export|template)$/.test(p))).toEqual([]);
  });

  it('every $ref in openapi.json resolves within the document (a recursive tree\'s node among components.schemas)', async () => {
    const doc = (await (await fetch(`${server.url}/fms/api/v1/openapi.json`)).json()) as Record<string, unknown>;
    const refs: string[] = [];
    JSON.stringify(doc, (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string') refs.push(value);
      return value;
    });
    // The trees (menu, resources, departments) are recursive: their node is a shared definition.
    expect(refs.length).toBeGreaterThan(0);
    const resolve = (ref: string) => ref.slice(2).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), doc);
    expect(refs.filter((ref) => !ref.startsWith('#/') || resolve(ref) === undefined)).toEqual([]);
    // No definitions are left inside an embedded schema, where a `#/$defs/...` could not be read.
    expect(JSON.stringify(doc.paths)).not.toContain('"$defs"');
    const tree = (doc.paths as Record<string, { post: { responses: { 200: { content: { 'application/json': { schema: { properties: { data: unknown } } } } } } } }>)[
      '/fms/api/v1/sys/dept/tree'].post.responses[200].content['application/json'].schema.properties.data;
    expect(tree).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/SysDeptTreeAnswer' } });
  });
});
