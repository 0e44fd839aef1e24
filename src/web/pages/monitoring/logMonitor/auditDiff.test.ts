import { describe, expect, it } from 'vitest';
import { auditDiff } from './auditDiff';

describe('an audit entry\'s before and after', () => {
  it('an update marks the fields written with a new value; fields not written are shown unmarked', () => {
    const diff = auditDiff(
      JSON.stringify({ id: 7, code: 'SF01', name: '顺丰速运', phone: null, createdAt: '2026-05-01T08:00:00Z' }),
      JSON.stringify({ name: 'SF Express', phone: null, code: 'SF01' }),
    );
    expect(diff.fields).toEqual([
      { key: 'id', before: '7', after: undefined, changed: false },
      { key: 'code', before: '"SF01"', after: '"SF01"', changed: false },
      { key: 'name', before: '"顺丰速运"', after: '"SF Express"', changed: true },
      { key: 'phone', before: 'null', after: 'null', changed: false },
      { key: 'createdAt', before: '"2026-05-01T08:00:00Z"', after: undefined, changed: false },
    ]);
    expect(diff.after).toBe('{\n  "name": "SF Express",\n  "phone": null,\n  "code": "SF01"\n}');
  });

  it('a created or deleted record changes every field it has', () => {
    expect(auditDiff(null, '{"code":"A1","name":"X"}').fields?.map((f) => [f.key, f.before, f.changed])).toEqual([['code', undefined, true], ['name', undefined, true]]);
    expect(auditDiff('{"code":"A1"}', null).fields).toEqual([{ key: 'code', before: '"A1"', after: undefined, changed: true }]);
  });

  it('nested values compare by content, not by the order of their keys', () => {
    const diff = auditDiff('{"rule":{"a":1,"b":[1,2]}}', '{"rule":{"b":[1,2],"a":1}}');
    expect(diff.fields?.[0].changed).toBe(false);
    expect(diff.fields?.[0].before).toBe('{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}');
  });

  it('lists and text that is not JSON are shown whole, as text', () => {
    expect(auditDiff('[1,2]', '[1,3]')).toEqual({ before: '[\n  1,\n  2\n]', after: '[\n  1,\n  3\n]', fields: null });
    expect(auditDiff(null, '<img src=x onerror=alert(1)>')).toEqual({ before: '', after: '<img src=x onerror=alert(1)>', fields: null });
    expect(auditDiff(null, null)).toEqual({ before: '', after: '', fields: null });
    expect(auditDiff(null, '{"rows":3}').fields).toEqual([{ key: 'rows', before: undefined, after: '3', changed: true }]);
  });
});
