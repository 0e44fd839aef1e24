import ExcelJS from 'exceljs';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, resources, roleResources, roles, sessions, userRoles, users } from '../../src/server/db/schema';
import type { UserOptions, UserRow } from '../../src/shared/api/users';
import { message } from '../../src/shared/i18n/messages';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './server';
import { expectErrorEnvelope, sessionRowOf, userRow } from './sessionSupport';

let server: TestServer;
let admin: string;
let staff: string;
let dealer: string;
let options: UserOptions;
const roleId = (nameEn: string) => options.roles.find((r) => r.name === nameEn)!.id;

beforeAll(async () => {
  // Freezing, resetting and importing sign many test accounts in; the per-server login limit is not under test here.
  server = await startTestServer({ LOGIN_RATE_LIMIT: '1000' });
  admin = await server.login('admin');
  staff = await server.login('staff');
  dealer = await server.login('dealer1');
  options = (await server.call<UserOptions>('/sys/user/options', { token: admin, body: {}, lang: 'en-US' })).body.data;
});
afterAll(async () => { await server?.stop(); });

const PASSWORD = 'Tyre#2026ok';
const call = <T = unknown>(path: string, body: unknown, token = admin) => server.call<T>(`/sys/user/${path}`, { token, body, lang: 'en-US' });
const login = (userName: string, passWord: string) => server.call<{ token: string }>('/sys/login', { body: { userName, passWord }, lang: 'en-US' });
const userCount = async () => (await server.services.db.select({ n: count() }).from(users))[0].n;
const page = (filters: Record<string, unknown> = {}, token = admin) =>
  call<{ list: UserRow[]; total: number }>('selectByPage', { pageNum: 1, pageSize: 100, ...filters }, token);
const rowOf = async (userName: string) => (await page({ keyword: userName })).body.data.list.find((u) => u.userName === userName)!;

async function create(userName: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await call<{ id: number }>('save', { userName, nickName: `${userName} nick`, password: PASSWORD, roleIds: [roleId('Channel staff')], ...extra });
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data.id;
}

/** A role holding the user page and its buttons but not the administrator role: a user manager who is no administrator. */
async function userManagerRole(): Promise<number> {
  const db = server.services.db;
  const [role] = await db.insert(roles).values({ code: 'user_manager', name: '用户管理员', nameEn: 'User manager' }).returning({ id: roles.id });
  const granted = await db.select({ id: resources.id }).from(resources)
    .where(inArray(resources.perm, ['system', 'system:permission', 'system:users', 'system:users:add', 'system:users:edit', 'system:users:delete']));
  await db.insert(roleResources).values(granted.map((r) => ({ roleId: role.id, resourceId: r.id })));
  return role.id;
}

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (body: Buffer, token = admin) =>
  fetch(`${server.url}/fms/api/v1/sys/user/import?lang=en-US`, { method: 'POST', headers: { token, 'content-type': 'application/octet-stream' }, body: new Uint8Array(body) })
    .then(async (res) => ({ status: res.status, body: (await res.json()) as { code: number; msg: string; data: { imported?: number; errors?: { row: number; message: string }[] } } }));

const download = async (path: string, init: RequestInit & { headers: Record<string, string> }) => {
  const res = await fetch(`${server.url}/fms/api/v1/sys/user/${path}?lang=en-US`, init);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb.worksheets[0];
};

describe('the user list', () => {
  it('lists users with their dealer, department and roles, in the caller\'s language', async () => {
    const res = await page();
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThanOrEqual(4);
    const adminRow = res.body.data.list.find((u) => u.userName === 'admin')!;
    expect(adminRow).toMatchObject({ status: 'normal', departmentName: '总部', dealerId: null, roles: [{ id: roleId('Administrator'), name: 'Administrator' }] });
    expect(adminRow).not.toHaveProperty('passwordHash');
    const dealerRow = res.body.data.list.find((u) => u.userName === 'dealer1')!;
    expect(dealerRow.dealerCode).toBe('SH0001');
    expect(dealerRow.dealerName).toBeTruthy();
    expect(dealerRow.roles.map((r) => r.name)).toEqual(['Dealer']);
    expect(new Date(dealerRow.createdAt).getTime()).not.toBeNaN();
  });

  it('filters by keyword, status, department (with the departments below it), dealer and role', async () => {
    const names = async (filters: Record<string, unknown>) => (await page(filters)).body.data.list.map((u) => u.userName).sort();
    expect(await names({ keyword: 'DEALER' })).toEqual(['dealer1', 'dealer2']);
    const hq = options.departments.find((d) => d.name === '总部')!;
    const channel = options.departments.find((d) => d.name === '渠道管理部')!;
    expect(await names({ departmentId: hq.id })).toEqual(['admin', 'staff']);
    expect(await names({ departmentId: channel.id })).toEqual(['staff']);
    const sh = options.dealers.find((d) => d.code === 'SH0001')!;
    expect(await names({ dealerId: sh.id })).toEqual(['dealer1']);
    expect(await names({ roleId: roleId('Dealer') })).toEqual(['dealer1', 'dealer2']);
    expect(await names({ status: 'frozen', keyword: 'dealer' })).toEqual([]);
    expect((await page({ status: 'asleep' })).status).toBe(400);
  });

  it('sorts by the columns it allows', async () => {
    const res = await page({ keyword: 'dealer', orderBy: [{ field: 'userName', order: 'desc' }] });
    expect(res.body.data.list.map((u) => u.userName)).toEqual(['dealer2', 'dealer1']);
  });

  it('answers the roles, departments and dealers the form chooses from', async () => {
    expect(options.roles.map((r) => r.name)).toEqual(expect.arrayContaining(['Administrator', 'Channel staff', 'Dealer']));
    expect(options.departments.find((d) => d.name === '渠道管理部')!.parentId).toBe(options.departments.find((d) => d.name === '总部')!.id);
    expect(options.dealers.find((d) => d.code === 'SH0001')).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    const zh = await server.call<UserOptions>('/sys/user/options', { token: admin, body: {}, lang: 'zh-CN' });
    expect(zh.body.data.roles.map((r) => r.name)).toContain('超级管理员');
  });
});

describe('creating and changing users', () => {
  it('creates a user with roles in one go; the user signs in with the password given', async () => {
    const hq = options.departments.find((d) => d.name === '总部')!;
    const id = await create('li.na_01', { nickName: '李娜', email: 'li.na@everpeak-tyre.example', phone: '13912345678', departmentId: hq.id, roleIds: [roleId('Channel staff'), roleId('Dealer')] });
    const row = await rowOf('li.na_01');
    expect(row).toMatchObject({ id, nickName: '李娜', email: 'li.na@everpeak-tyre.example', phone: '13912345678', status: 'normal', departmentName: '总部' });
    expect(row.roles.map((r) => r.name).sort()).toEqual(['Channel staff', 'Dealer']);
    expect((await login('li.na_01', PASSWORD)).status).toBe(200);
    const stored = await userRow(server, 'li.na_01');
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordHash).not.toContain(PASSWORD);
  });

  it('trims the user name and stores blank e-mail and phone as empty', async () => {
    await create('  trimmed.user  ', { email: ' ', phone: '' });
    const stored = await userRow(server, 'trimmed.user');
    expect(stored).toMatchObject({ userName: 'trimmed.user', email: null, phone: null });
  });

  const invalid: { rule: string; body: Record<string, unknown>; msg: string }[] = [
    { rule: 'user name missing', body: { userName: undefined }, msg: 'userName: This input item is mandatory' },
    { rule: 'user name with a space', body: { userName: 'li na' }, msg: 'userName: Invalid value' },
    { rule: 'user name longer than 64', body: { userName: 'a'.repeat(65) }, msg: 'userName: At most 64 characters' },
    { rule: 'nickname empty', body: { nickName: '  ' }, msg: 'nickName: This input item is mandatory' },
    { rule: 'bad e-mail', body: { email: 'li.na@' }, msg: 'email: Please enter the right email address' },
    { rule: 'bad phone', body: { phone: '1234567' }, msg: 'phone: Please enter the right phone number' },
    { rule: 'password missing', body: { password: undefined }, msg: 'password: This input item is mandatory' },
    { rule: 'password shorter than 6', body: { password: 'Ab#12' }, msg: 'password: The password must be 6 to 20 characters' },
    { rule: 'password longer than 20', body: { password: 'Ab#1'.repeat(6) }, msg: 'password: The password must be 6 to 20 characters' },
    { rule: 'password all digits', body: { password: '20262027' }, msg: 'password: The password cannot be all digits or all letters' },
    { rule: 'password all letters', body: { password: 'TyreChannel' }, msg: 'password: The password cannot be all digits or all letters' },
    { rule: 'password a common one', body: { password: 'Admin123' }, msg: 'password: The password is too simple' },
    { rule: 'unknown role', body: { roleIds: [999_999] }, msg: 'roleIds: Invalid value' },
    { rule: 'unknown department', body: { departmentId: 999_999 }, msg: 'departmentId: Invalid value' },
    { rule: 'unknown dealer', body: { dealerId: 999_999 }, msg: 'dealerId: Invalid value' },
    { rule: 'a field the call does not know', body: { isAdmin: true }, msg: 'isAdmin: Invalid value' },
  ];
  for (const { rule, body, msg } of invalid) {
    it(`refuses ${rule} with 400 naming the field, and writes nothing`, async () => {
      const before = await userCount();
      const res = await call('save', { userName: 'invalid.case', nickName: 'Invalid', password: PASSWORD, ...body });
      expectErrorEnvelope(res, 400);
      expect(res.body.msg).toBe(msg);
      expect(await userCount()).toBe(before);
    });
  }

  it('says a broken rule in the caller\'s language', async () => {
    const res = await server.call('/sys/user/save', { token: admin, lang: 'zh-CN', body: { userName: 'zh.case', nickName: 'x', password: '12345678' } });
    expect(res.body.msg).toBe('password: 密码不能全是数字或全是字母');
  });

  it('refuses a user name already taken with 409, on create and on rename, and writes nothing', async () => {
    const before = await userCount();
    const dup = await call('save', { userName: 'staff', nickName: 'Another staff', password: PASSWORD });
    expectErrorEnvelope(dup, 409);
    expect(dup.body.msg).toBe('userName: This value already exists');
    expect(await userCount()).toBe(before);

    const id = await create('rename.me');
    const rename = await call('update', { id, userName: 'staff', nickName: 'Renamed' });
    expect(rename.status).toBe(409);
    expect(rename.body.msg).toBe('userName: This value already exists');
    expect((await userRow(server, 'rename.me')).nickName).toBe('rename.me nick');
  });

  it('changes a user and replaces its roles; the password is not part of an update', async () => {
    const id = await create('change.me', { email: 'old@everpeak-tyre.example', roleIds: [roleId('Channel staff')] });
    const sh = options.dealers.find((d) => d.code === 'SH0001')!;
    const res = await call('update', { id, userName: 'change.me', nickName: 'Changed', phone: '13700000001', dealerId: sh.id, roleIds: [roleId('Dealer')] });
    expect(res.status, res.body.msg).toBe(200);
    const row = await rowOf('change.me');
    expect(row).toMatchObject({ nickName: 'Changed', email: null, phone: '13700000001', dealerCode: 'SH0001' });
    expect(row.roles.map((r) => r.name)).toEqual(['Dealer']);

    const withPassword = await call('update', { id, userName: 'change.me', nickName: 'Changed', password: 'Other#2026' });
    expect(withPassword.status).toBe(400);
    expect(withPassword.body.msg).toBe('password: Invalid value');
    expect((await login('change.me', PASSWORD)).status).toBe(200);

    const badEmail = await call('update', { id, userName: 'change.me', nickName: 'Bad', email: 'nope' });
    expect(badEmail.body.msg).toBe('email: Please enter the right email address');
    expect((await userRow(server, 'change.me')).nickName).toBe('Changed');

    expect((await call('update', { id: 999_999, userName: 'ghost', nickName: 'Ghost' })).status).toBe(404);
  });

  it('holds a role sent twice once, on create and on update', async () => {
    const id = await create('twice.role', { roleIds: [roleId('Dealer'), roleId('Dealer')] });
    expect((await rowOf('twice.role')).roles.map((r) => r.name)).toEqual(['Dealer']);
    const res = await call('update', { id, userName: 'twice.role', nickName: 'Twice', roleIds: [roleId('Channel staff'), roleId('Channel staff')] });
    expect(res.status, res.body.msg).toBe(200);
    expect((await rowOf('twice.role')).roles.map((r) => r.name)).toEqual(['Channel staff']);
  });

  it('shows one user through detail', async () => {
    const id = (await rowOf('staff')).id;
    const res = await call<UserRow>('detail', { id });
    expect(res.body.data).toMatchObject({ id, userName: 'staff', departmentName: '渠道管理部' });
  });
});

describe('freezing, password resets and deletion', () => {
  it('freezing ends the user\'s sessions and blocks sign-in; unfreezing lets the user back in', async () => {
    const id = await create('freeze.me');
    const token = await server.login('freeze.me', PASSWORD);
    const res = await call<{ changed: number }>('freeze', { ids: [id], frozen: true });
    expect(res.status, res.body.msg).toBe(200);
    expect((await rowOf('freeze.me')).status).toBe('frozen');
    expect((await sessionRowOf(server, token)).revokedAt).not.toBeNull();
    expect((await server.call('/sys/user/getCurrentUserInfo', { token, body: {} })).status).toBe(401);
    const blocked = await login('freeze.me', PASSWORD);
    expectErrorEnvelope(blocked, 403);
    expect(blocked.body.msg).toBe('The account is frozen, please contact the administrator');
    expect((await page({ status: 'frozen' })).body.data.list.map((u) => u.userName)).toContain('freeze.me');

    expect((await call('freeze', { ids: [id], frozen: false })).status).toBe(200);
    expect((await login('freeze.me', PASSWORD)).status).toBe(200);
    const trail = await server.services.db.select().from(auditLogs).where(and(eq(auditLogs.entity, 'user'), eq(auditLogs.entityId, String(id))));
    expect(trail.map((a) => a.action)).toEqual(['create', 'freeze', 'unfreeze']);
  });

  it('resets a password: the new one works, the old one and the user\'s sessions do not, and a login lock is lifted', async () => {
    const id = await create('reset.me');
    const token = await server.login('reset.me', PASSWORD);
    await server.services.db.update(users).set({ failedLogins: 3, lockedUntil: new Date(Date.now() + 60_000) }).where(eq(users.id, id));
    const res = await call('resetPassword', { id, password: 'Fresh#2026' });
    expect(res.status, res.body.msg).toBe(200);
    expect((await server.call('/sys/user/getCurrentUserInfo', { token, body: {} })).status).toBe(401);
    expect((await login('reset.me', PASSWORD)).status).toBe(400);
    expect((await login('reset.me', 'Fresh#2026')).status).toBe(200);
  });

  it('refuses a reset password that breaks a rule, and keeps the old one', async () => {
    const id = await create('reset.rules');
    for (const [password, msg] of [
      ['abc', 'password: The password must be 6 to 20 characters'],
      ['88888888', 'password: The password cannot be all digits or all letters'],
      ['password1', 'password: The password is too simple'],
      ['', 'password: This input item is mandatory'],
    ]) {
      const res = await call('resetPassword', { id, password });
      expectErrorEnvelope(res, 400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await login('reset.rules', PASSWORD)).status).toBe(200);
    expect((await call('resetPassword', { id: 999_999, password: 'Fresh#2026' })).status).toBe(404);
  });

  it('deletes users with their roles and sessions', async () => {
    const id = await create('delete.me');
    await server.login('delete.me', PASSWORD);
    const res = await call<{ deleted: number }>('delete', { ids: [id] });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.deleted).toBe(1);
    const db = server.services.db;
    expect(await db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    const [entry] = await db.select().from(auditLogs).where(and(eq(auditLogs.action, 'delete'), eq(auditLogs.entityId, String(id))));
    expect(JSON.parse(entry.before!)).toMatchObject({ userName: 'delete.me' });
    expect((await call('delete', { ids: [id] })).status).toBe(404);
  });

  it('nobody freezes, deletes or resets the password of their own account', async () => {
    const self = (await rowOf('admin')).id;
    for (const [path, body] of [['freeze', { ids: [self], frozen: true }], ['delete', { ids: [self] }], ['resetPassword', { id: self, password: 'Fresh#2026' }]] as const) {
      const res = await call(path, body);
      expectErrorEnvelope(res, 409);
      expect(res.body.msg, path).toBe('You cannot do this to your own account');
    }
    expect((await userRow(server, 'admin')).status).toBe('normal');
  });

  it('the last normal administrator cannot be frozen, deleted or lose the role', async () => {
    const managerRole = await userManagerRole();
    await create('user.manager', { roleIds: [managerRole] });
    const manager = await server.login('user.manager', PASSWORD);
    const adminRow = await rowOf('admin');
    const lastAdmin = 'The last administrator cannot be removed';

    for (const [path, body] of [
      ['freeze', { ids: [adminRow.id], frozen: true }],
      ['delete', { ids: [adminRow.id] }],
      ['update', { id: adminRow.id, userName: 'admin', nickName: 'Admin', roleIds: [roleId('Channel staff')] }],
    ] as const) {
      const res = await call(path, body, manager);
      expectErrorEnvelope(res, 409);
      expect(res.body.msg, path).toBe(lastAdmin);
    }
    // The administrator may not strip its own role either while nobody else holds it.
    const own = await call('update', { id: adminRow.id, userName: 'admin', nickName: 'Admin', roleIds: [] });
    expect(own.body.msg).toBe(lastAdmin);
    expect((await rowOf('admin')).roles.map((r) => r.name)).toEqual(['Administrator']);
    expect((await userRow(server, 'admin')).status).toBe('normal');

    // With a second administrator, either can go, but never both at once.
    const second = await create('second.admin', { roleIds: [roleId('Administrator')] });
    const both = await call('freeze', { ids: [adminRow.id, second], frozen: true }, manager);
    expect(both.body.msg).toBe(lastAdmin);
    // Two freezes at the same moment, one for each administrator: exactly one gets through.
    const race = await Promise.all([adminRow.id, second].map((id) => call('freeze', { ids: [id], frozen: true }, manager)));
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await server.services.db.select().from(users).where(and(inArray(users.id, [adminRow.id, second]), eq(users.status, 'normal')))).toHaveLength(1);
    expect((await call('freeze', { ids: [adminRow.id, second], frozen: false }, manager)).status).toBe(200);
    admin = await server.login('admin');

    expect((await call('freeze', { ids: [second], frozen: true }, manager)).status).toBe(200);
    // A frozen administrator does not count: the first is the last again.
    expect((await call('freeze', { ids: [adminRow.id], frozen: true }, manager)).body.msg).toBe(lastAdmin);
    expect((await call('delete', { ids: [second] }, manager)).status).toBe(200);
  });

  it('staff and dealer users get 403 on every users call, and nothing changes', async () => {
    const target = (await rowOf('dealer2')).id;
    const calls: [string, unknown][] = [
      ['selectByPage', {}], ['detail', { id: target }], ['options', {}], ['save', { userName: 'intruder', nickName: 'x', password: PASSWORD }],
      ['update', { id: target, userName: 'dealer2', nickName: 'hacked' }], ['delete', { ids: [target] }],
      ['freeze', { ids: [target], frozen: true }], ['resetPassword', { id: target, password: 'Hacked#2026' }], ['export', {}], ['import', {}],
    ];
    for (const token of [staff, dealer]) {
      for (const [path, body] of calls) expect((await call(path, body, token)).status, path).toBe(403);
      const template = await fetch(`${server.url}/fms/api/v1/sys/user/template`, { headers: { token } });
      expect(template.status).toBe(403);
    }
    expect(await userRow(server, 'intruder')).toBeUndefined();
    expect(await userRow(server, 'dealer2')).toMatchObject({ status: 'normal', nickName: expect.not.stringContaining('hacked') });
    expect((await login('dealer2', DEMO_PASSWORD)).status).toBe(200);
  });

  it('every write is in the audit trail, and no password or hash is', async () => {
    const trail = await server.services.db.select().from(auditLogs).where(eq(auditLogs.entity, 'user'));
    expect(new Set(trail.map((a) => a.action))).toEqual(new Set(['create', 'update', 'freeze', 'unfreeze', 'resetPassword', 'delete']));
    expect(trail.every((a) => a.userName === 'admin' || a.userName === 'user.manager')).toBe(true);
    const text = JSON.stringify(trail);
    for (const secret of ['scrypt', PASSWORD, 'Fresh#2026', 'passwordHash']) expect(text, secret).not.toContain(secret);
    const created = trail.find((a) => a.action === 'create' && a.after?.includes('li.na_01'))!;
    expect(JSON.parse(created.after!)).toMatchObject({ userName: 'li.na_01', roles: expect.any(Array) });
  });
});

describe('export and import', () => {
  it('exports the filtered users as an xlsx file with localized headers', async () => {
    const sheet = await download('export', { method: 'POST', headers: { token: admin, 'content-type': 'application/json' }, body: JSON.stringify({ keyword: 'dealer' }) });
    expect(sheet.getRow(1).values).toEqual([undefined, 'User name', 'Nickname', 'E-mail', 'Mobile number', 'Status', 'Department', 'Dealer code', 'Dealer', 'Roles', 'Created']);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe('dealer1');
    expect(sheet.getRow(2).getCell(7).value).toBe('SH0001');
    expect(sheet.getRow(2).getCell(9).value).toBe('Dealer');
    expect(String(sheet.getRow(2).getCell(10).value)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('exports only the selected users when ids are sent', async () => {
    const id = (await rowOf('staff')).id;
    const sheet = await download('export', { method: 'POST', headers: { token: admin, 'content-type': 'application/json' }, body: JSON.stringify({ ids: [id] }) });
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('staff');
  });

  it('offers a template with a password column', async () => {
    const sheet = await download('template', { headers: { token: admin } });
    expect(sheet.getRow(1).values).toEqual([undefined, 'User name', 'Nickname', 'Password', 'E-mail', 'Mobile number', 'Department', 'Dealer code', 'Roles']);
  });

  const header = ['User name', 'Nickname', 'Password', 'E-mail', 'Mobile number', 'Department', 'Dealer code', 'Roles'];

  it('imports every row of a good file with roles, department and dealer; the new users sign in', async () => {
    const res = await upload(await workbook([
      header,
      ['import.one', '导入一', 'Import#2026', 'one@everpeak-tyre.example', '13811112222', '物流部', '', '渠道专员'],
      ['import.two', 'Import two', 'Import#2027', '', '', '', 'gz0005', 'Dealer, staff'],
    ]));
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.imported).toBe(2);
    const one = await rowOf('import.one');
    expect(one).toMatchObject({ departmentName: '物流部', email: 'one@everpeak-tyre.example', status: 'normal' });
    expect(one.roles.map((r) => r.name)).toEqual(['Channel staff']);
    const two = await rowOf('import.two');
    expect(two.dealerCode).toBe('GZ0005');
    expect(two.roles.map((r) => r.name).sort()).toEqual(['Channel staff', 'Dealer']);
    expect((await login('import.two', 'Import#2027')).status).toBe(200);
    const [entry] = await server.services.db.select().from(auditLogs).where(and(eq(auditLogs.entity, 'user'), eq(auditLogs.action, 'import')));
    expect(JSON.parse(entry.after!)).toEqual({ rows: 2 });
  });

  it('imports nothing from a file with bad rows, and lists each bad row', async () => {
    const before = await userCount();
    const res = await upload(await workbook([
      header,
      ['import.ok', 'Fine', 'Import#2026', '', '', '', '', 'staff'],
      ['import.weak', 'Weak', '12345678', '', '', '', '', ''],
      ['import.mail', 'Mail', 'Import#2026', 'not-mail', '', '', '', ''],
      ['import.role', 'Role', 'Import#2026', '', '', '', '', 'pilot'],
      ['staff', 'Taken', 'Import#2026', '', '', '', '', ''],
      ['import.ok', 'Twice', 'Import#2026', '', '', '', '', ''],
      ['', 'No name', 'Import#2026', '', '', '', '', ''],
    ]));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(message('en-US', 'importRowErrors', { count: 6 }));
    const messages = Object.fromEntries(res.body.data.errors!.map((e) => [e.row, e.message]));
    expect(messages).toEqual({
      3: 'password: The password cannot be all digits or all letters',
      4: 'email: Please enter the right email address',
      5: 'roles: Invalid value',
      6: 'userName: This value already exists',
      7: 'userName: This value already exists (2)',
      8: 'userName: This input item is mandatory',
    });
    expect(await userCount()).toBe(before);
    expect(await server.services.db.select().from(users).where(like(users.userName, 'import.ok%'))).toHaveLength(0);
  });

  it('refuses files that are not xlsx', async () => {
    const res = await upload(Buffer.from('userName,password\nx,y'));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('file: Only xls or xlsx files can be uploaded');
  });
});
