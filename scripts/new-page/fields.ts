import type { FieldType, RefKind } from '../../src/shared/pages/types';

/**
 * A field as the generator takes it on the command line: `key:type:中文:English[:flags]`, or
 * `status` alone for the normal/disabled status most lists carry (docs/adding-a-page.md,
 * "The generator"). The field types are the manifest's (src/shared/pages/types.ts) less those a
 * server sets or hashes (datetime, password), which a generated page has no use for.
 */
export const FIELD_TYPES = ['text', 'textarea', 'code', 'phone', 'email', 'plate', 'number', 'int', 'money', 'date', 'boolean', 'select', 'ref'] as const;
export type GeneratedType = (typeof FIELD_TYPES)[number] & FieldType;

export interface SelectOption { value: string; zh: string; en: string }

export interface FieldPlan {
  key: string;
  /** `status` is statusField(): a select of normal and disabled, searched and sortable. */
  type: GeneratedType | 'status';
  zh: string;
  en: string;
  options?: SelectOption[];
  ref?: RefKind;
  required?: boolean;
  unique?: boolean;
  search?: true | 'contains';
  sortable?: boolean;
  lockedOnEdit?: boolean;
  max?: number;
  min?: number;
  maxValue?: number;
  width?: number;
}

export const fieldHelp = (refKinds: readonly string[]) => `A field is key:type:中文:English[:flags], or status alone.
  types: text, textarea, code, phone, email, plate, number, int, money, date, boolean,
         select=value/中文/English,value/中文/English...   (the first is a new record's),
         ref=<kind>, a record of another table (${refKinds.join(', ')}); its key ends in Id
  flags, comma-separated: required, unique, search, contains (searched by part of its text),
         sortable, locked (not editable once created), max=N (longest text),
         min=N, maxValue=N (numbers), width=N (sheet column, characters)
  e.g.   code:code:回收商编码:Recycler code:required,unique,sortable,locked,max=32`;

const TEXT_TYPES = new Set(['text', 'textarea', 'code', 'email']);
const NUMBER_TYPES = new Set(['number', 'int']);
const KEY = /^[a-z][A-Za-z0-9]*$/;
/** Keys every generated table has already, or the list's own filters and paging take. */
const TAKEN_KEYS = new Set(['id', 'createdAt', 'keyword', 'pageNum', 'pageSize', 'orderBy', 'ids']);

export class FieldError extends Error {}

const number = (flag: string, value: string | undefined): number => {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isFinite(n)) throw new FieldError(`${flag} needs a number (${flag}=32)`);
  return n;
};

/** One field from its command-line text; throws a FieldError saying what is wrong. */
export function parseField(spec: string, refKinds: readonly string[]): FieldPlan {
  const trimmed = spec.trim();
  if (trimmed === 'status') return { key: 'status', type: 'status', zh: '状态', en: 'Status', search: true, sortable: true };
  const [key, typeText = '', zh = '', en = '', flagText = '', ...rest] = trimmed.split(':').map((s) => s.trim());
  if (rest.length) throw new FieldError(`"${spec}": too many parts (a label holds a colon?)`);
  if (!KEY.test(key)) throw new FieldError(`"${key}": a field key is a camelCase name (letters and digits, first a small letter)`);
  if (TAKEN_KEYS.has(key)) throw new FieldError(`"${key}": the list has this key already`);
  if (!zh || !en) throw new FieldError(`"${spec}": give the field's Chinese and English labels (key:type:中文:English)`);
  const [typeName, typeArg] = typeText.split('=');
  if (!(FIELD_TYPES as readonly string[]).includes(typeName)) throw new FieldError(`"${typeText}": not a field type (${FIELD_TYPES.join(', ')})`);
  const field: FieldPlan = { key, type: typeName as GeneratedType, zh, en };
  if (field.type === 'select') field.options = parseOptions(typeArg);
  else if (field.type === 'ref') {
    if (!typeArg || !refKinds.includes(typeArg)) throw new FieldError(`ref=${typeArg ?? ''}: name what it points at (${refKinds.join(', ')})`);
    if (!key.endsWith('Id') || key === 'Id') throw new FieldError(`"${key}": a ref field's key ends in Id (warehouseId)`);
    field.ref = typeArg as RefKind;
  } else if (typeArg !== undefined) throw new FieldError(`"${typeText}": only select and ref take a value after =`);

  for (const flag of flagText.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [name, value] = flag.split('=');
    switch (name) {
      case 'required': field.required = true; break;
      case 'unique': field.unique = true; break;
      case 'search': field.search = true; break;
      case 'contains':
        if (!TEXT_TYPES.has(field.type)) throw new FieldError(`${key}: contains searches part of a text; ${field.type} is not one`);
        field.search = 'contains';
        break;
      case 'sortable': field.sortable = true; break;
      case 'locked': field.lockedOnEdit = true; break;
      case 'max':
        if (!TEXT_TYPES.has(field.type)) throw new FieldError(`${key}: max is the longest text; ${field.type} has a length of its own`);
        field.max = number(flag, value);
        if (!Number.isInteger(field.max) || field.max < 1 || field.max > 4000) throw new FieldError(`${key}: max is a length from 1 to 4000`);
        break;
      case 'min':
      case 'maxValue':
        if (!NUMBER_TYPES.has(field.type)) throw new FieldError(`${key}: ${name} bounds a number; ${field.type} is not one`);
        field[name] = number(flag, value);
        break;
      case 'width':
        field.width = number(flag, value);
        break;
      default:
        throw new FieldError(`${key}: unknown flag "${flag}" (required, unique, search, contains, sortable, locked, max=, min=, maxValue=, width=)`);
    }
  }
  if (field.min !== undefined && field.maxValue !== undefined && field.min > field.maxValue) throw new FieldError(`${key}: min is above maxValue`);
  if (field.type === 'int' && [field.min, field.maxValue].some((n) => n !== undefined && !Number.isInteger(n))) throw new FieldError(`${key}: an int's bounds are whole numbers`);
  return field;
}

function parseOptions(text: string | undefined): SelectOption[] {
  const options = (text ?? '').split(',').map((s) => s.trim()).filter(Boolean).map((o) => {
    const [value, zh, en] = o.split('/').map((s) => s.trim());
    if (!value || !/^[A-Za-z0-9_-]{1,32}$/.test(value) || !zh || !en) {
      throw new FieldError(`select option "${o}": value/中文/English, the value letters, digits, - or _ (at most 32)`);
    }
    return { value, zh, en };
  });
  if (options.length < 2) throw new FieldError('a select has at least two options: select=a/甲/A,b/乙/B');
  if (new Set(options.map((o) => o.value)).size !== options.length) throw new FieldError('a select\'s option values differ from each other');
  return options;
}

/** The fields of one page, checked together: at least one, keys not repeated. */
export function parseFields(specs: string[], refKinds: readonly string[]): FieldPlan[] {
  const fields = specs.map((s) => parseField(s, refKinds));
  if (!fields.length) throw new FieldError('a list page has at least one field');
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.key)) throw new FieldError(`field ${f.key} is given twice`);
    seen.add(f.key);
  }
  return fields;
}

/** The longest text a field's column holds (the manifest's own default: textarea 256, other text 64). */
export const textLength = (f: FieldPlan): number | undefined => {
  if (f.max !== undefined) return f.max;
  if (f.type === 'textarea') return 256;
  if (f.type === 'text' || f.type === 'code' || f.type === 'email') return 64;
  return undefined;
};
