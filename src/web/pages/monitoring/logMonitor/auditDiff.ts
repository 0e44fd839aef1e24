import { isRecord } from '@shared/must';

/**
 * An audit entry's before and after (audit_logs.before/after: JSON written by recordAudit, or
 * null) as the change drawer shows them: each side pretty-printed, and for records the fields
 * side by side with the changed ones marked. Text that is not JSON is shown as it is.
 */
export interface FieldChange {
  key: string;
  /** The value pretty-printed, or undefined where that side does not have the field. */
  before?: string;
  after?: string;
  changed: boolean;
}

export interface AuditDiff {
  before: string;
  after: string;
  /** Field by field when each side is a record or absent; null for other values (lists, text). */
  fields: FieldChange[] | null;
}

type Parsed = { kind: 'none' } | { kind: 'record'; value: Record<string, unknown> } | { kind: 'value'; value: unknown } | { kind: 'text'; text: string };

function parse(text: string | null | undefined): Parsed {
  if (text == null || text === '') return { kind: 'none' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    if (err instanceof SyntaxError) return { kind: 'text', text };
    throw err;
  }
  return isRecord(value) && !Array.isArray(value) ? { kind: 'record', value } : { kind: 'value', value };
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2) ?? String(value);
const shown = (p: Parsed) => (p.kind === 'none' ? '' : p.kind === 'text' ? p.text : pretty(p.value));

/** The same JSON whatever the order of its keys: a record's fields compare by value. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (isRecord(v) && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : v));
}

/**
 * A new record (no before) or a deleted one (no after) changes every field it has. An update
 * records the whole row before and only the fields written after, so a field missing after
 * was not written: it is shown, not marked.
 */
export function auditDiff(beforeText: string | null | undefined, afterText: string | null | undefined): AuditDiff {
  const before = parse(beforeText);
  const after = parse(afterText);
  const diff = { before: shown(before), after: shown(after) };
  const records = (before.kind === 'record' || before.kind === 'none') && (after.kind === 'record' || after.kind === 'none');
  if (!records || (before.kind === 'none' && after.kind === 'none')) return { ...diff, fields: null };
  const b = before.kind === 'record' ? before.value : null;
  const a = after.kind === 'record' ? after.value : null;
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  const fields = keys.map((key): FieldChange => {
    const inBefore = b !== null && Object.hasOwn(b, key);
    const inAfter = a !== null && Object.hasOwn(a, key);
    const changed = !b || !a ? true : inAfter && (!inBefore || canonical(b[key]) !== canonical(a[key]));
    return { key, before: inBefore ? pretty(b[key]) : undefined, after: inAfter ? pretty(a[key]) : undefined, changed };
  });
  return { ...diff, fields };
}
