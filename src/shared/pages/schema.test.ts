import { describe, expect, it } from 'vitest';
import { laborFactorPage, logisticsProviderPage } from './other';
import { canonicalPage } from './index';
import { filterSchemaOf, inputSchemaOf } from './schema';

describe('schemas made from a page\'s fields', () => {
  const provider = inputSchemaOf(logisticsProviderPage);

  it('refuses a blank required field and a code that is not upper-case letters and digits', () => {
    expect(provider.safeParse({ code: ' ', name: 'X' }).success).toBe(false);
    expect(provider.safeParse({ code: 'sf01', name: 'X' }).success).toBe(false);
    expect(provider.safeParse({ name: 'X' }).success).toBe(false);
  });

  it('trims text, stores blanks of optional fields as null and defaults a select to its first option', () => {
    expect(provider.parse({ code: ' SF01 ', name: ' 顺丰 ', contact: '', phone: '' })).toEqual({
      code: 'SF01', name: '顺丰', contact: null, phone: null, address: null, status: 'normal',
    });
  });

  it('refuses extra fields, a bad phone, numbers out of range and options not offered', () => {
    expect(provider.safeParse({ code: 'A', name: 'B', admin: true }).success).toBe(false);
    expect(provider.safeParse({ code: 'A', name: 'B', phone: '12345' }).success).toBe(false);
    const labour = inputSchemaOf(laborFactorPage);
    const ok = { companyName: '甲', workType: 'loading', unitFee: '1.5', factor: 1.2 };
    expect(labour.parse(ok)).toMatchObject({ unitFee: 1.5, factor: 1.2, status: 'normal', remark: null });
    expect(labour.safeParse({ ...ok, factor: -1 }).success).toBe(false);
    expect(labour.safeParse({ ...ok, factor: 101 }).success).toBe(false);
    expect(labour.safeParse({ ...ok, workType: 'flying' }).success).toBe(false);
  });

  it('filters: a keyword and the search fields, blanks ignored', () => {
    const filters = filterSchemaOf(laborFactorPage);
    expect(filters.parse({ keyword: '甲', workType: 'loading', status: '' })).toEqual({ keyword: '甲', workType: 'loading' });
    expect(filters.safeParse({ workType: 'flying' }).success).toBe(false);
  });

  it('a search over several fields takes one record of their kind', () => {
    const routes = filterSchemaOf(canonicalPage('/basedata/logisticsconfiguration/Carpath')!);
    expect(routes.parse({ pointId: '7', keyword: '' })).toEqual({ pointId: 7, keyword: '' });
    expect(routes.parse({ pointId: '' })).toEqual({});
    expect(routes.safeParse({ pointId: 'A' }).success).toBe(false);
  });

  it('reads yes and no as a form, a body or a sheet gives them; a blank takes the field\'s default; anything else is refused', () => {
    const scene = inputSchemaOf(canonicalPage('/basedata/base/scenceConfig')!);
    const base = { code: 'S1', name: 'Scene', orderType: 'PR' };
    expect(scene.parse(base)).toMatchObject({ scanRequired: true, postToErp: false });
    expect(scene.parse({ ...base, scanRequired: false, postToErp: true })).toMatchObject({ scanRequired: false, postToErp: true });
    for (const [yes, no] of [['true', 'false'], ['1', '0'], ['是', '否'], ['Yes', 'No'], [' YES ', 'no']]) {
      expect(scene.parse({ ...base, scanRequired: no, postToErp: yes })).toMatchObject({ scanRequired: false, postToErp: true });
    }
    expect(scene.parse({ ...base, scanRequired: '', postToErp: ' ' })).toMatchObject({ scanRequired: true, postToErp: false });
    expect(scene.safeParse({ ...base, postToErp: 'maybe' }).success).toBe(false);
    expect(scene.safeParse({ ...base, postToErp: 2 }).success).toBe(false);
  });

  it('holds a password to the password rules once every field is valid, and leaves it out of the update body', () => {
    const users = canonicalPage('/system/permission/users')!;
    const create = inputSchemaOf(users);
    const user = { userName: 'li.na', nickName: 'Li Na' };
    const issue = (body: unknown) => { const r = create.safeParse(body); return r.success ? null : (r.error.issues[0] as { params?: { messageKey?: string } }).params?.messageKey ?? r.error.issues[0].code; };
    expect(issue({ ...user, password: 'Tyre#2026' })).toBeNull();
    expect(issue({ ...user, password: '20262027' })).toBe('passwordOneKind');
    // Another field's problem is said first, as before the page's move.
    expect(issue({ ...user, password: '20262027', email: 'nope' })).toBe('email');
    // Spaces are no blank: the rules refuse them.
    expect(issue({ ...user, password: '      ' })).toBe('passwordTooSimple');
    expect(create.parse({ ...user, password: 'Tyre#2026' })).toMatchObject({ password: 'Tyre#2026', roleIds: [], departmentId: null });
    const update = inputSchemaOf(users, 'update');
    expect(update.safeParse({ ...user }).success).toBe(true);
    expect(update.safeParse({ ...user, password: 'Tyre#2026' }).success).toBe(false);
  });
});
