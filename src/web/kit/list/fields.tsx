import { Input, InputNumber, Select, Switch, TreeSelect } from '@arco-design/web-react';
import type { RulesProps } from '@arco-design/web-react/es/Form/interface';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { CODE_PATTERN, EMAIL_PATTERN, PHONE_PATTERN } from '@shared/patterns';
import { i18n } from '../../i18n';
import { session } from '../../stores/session';

/** A choice; `parent` is the value of the field it lies within (an area's warehouse), for a field with `within`. */
export interface Option { label: ReactNode; value: string | number; parent?: string | number }
export interface TreeOption { key: string; title: ReactNode; children?: TreeOption[] }

/** One search or form field: what a page declares instead of writing form markup. */
export interface FieldDef {
  field: string;
  label: string;
  type?: 'input' | 'textarea' | 'password' | 'number' | 'select' | 'multiSelect' | 'dict' | 'switch' | 'treeSelect';
  options?: Option[];
  treeData?: TreeOption[];
  dictType?: string;
  required?: boolean;
  /** What a blank required field says, when not the shared 'This input item is mandatory'. */
  requiredMessage?: string;
  /** Shared rules of docs/product.md#validation. */
  rule?: 'code' | 'phone' | 'email';
  maxLength?: number;
  min?: number;
  max?: number;
  placeholder?: string;
  /** Only when creating (user name, codes that never change). */
  createOnly?: boolean;
  /** Never shown back (a signing secret): required when creating, and left blank when editing to keep it. */
  secret?: boolean;
  /** Shown but not editable when editing. */
  lockedOnEdit?: boolean;
  rules?: RulesProps[];
  extra?: ReactNode;
  /**
   * A select whose choices lie within another field's value (the areas of the chosen warehouse): only
   * options whose `parent` is that value are offered, none until it is chosen, and changing it clears this one.
   */
  within?: string;
  /** A whole row in a two-column form. */
  wide?: boolean;
  /** A custom control; it gets the form's value and onChange like any other. */
  render?: (control: { value?: unknown; onChange?: (v: unknown) => void }) => ReactNode;
}

const t = (key: string, params: Record<string, unknown> = {}) => i18n.t(key, params);

export function rulesOf(f: FieldDef): RulesProps[] {
  const rules: RulesProps[] = [];
  if (f.required) rules.push({ required: true, message: f.requiredMessage ?? t('msg:required') });
  if (f.maxLength) rules.push({ maxLength: f.maxLength, message: t('msg:tooLong', { max: f.maxLength }) });
  if (f.rule === 'code') rules.push({ match: CODE_PATTERN, message: t('msg:uppercase') });
  if (f.rule === 'phone') rules.push({ match: PHONE_PATTERN, message: t('msg:phone') });
  if (f.rule === 'email') rules.push({ match: EMAIL_PATTERN, message: t('msg:email') });
  return [...rules, ...(f.rules ?? [])];
}

/** Options of a dictionary group, cached with the session (docs/product.md#session). */
export function useDictOptions(type: string | undefined): Option[] {
  const { dict } = useSnapshot(session);
  return type ? (dict[type] ?? []).map((d) => ({ label: d.dictLabel, value: d.dictValue })) : [];
}

export function DictLabel({ type, value }: { type: string; value: string | number | null | undefined }) {
  const options = useDictOptions(type);
  if (value === null || value === undefined || value === '') return <>-</>;
  return <>{options.find((o) => String(o.value) === String(value))?.label ?? String(value)}</>;
}

/** The options of a field `within` another, for that field's value. */
export const optionsWithin = (def: FieldDef, parent: unknown): Option[] =>
  parent === undefined || parent === null || parent === '' ? [] : (def.options ?? []).filter((o) => String(o.parent) === String(parent));

/** The control of a field; Arco's Form.Item passes value and onChange through. */
export function FieldControl({ def, disabled, search, ...rest }: {
  def: FieldDef; disabled?: boolean; search?: boolean; value?: unknown; checked?: unknown; onChange?: (v: unknown) => void;
}) {
  const dictOptions = useDictOptions(def.type === 'dict' ? def.dictType : undefined);
  const common = { disabled, placeholder: def.placeholder ?? def.label, ...rest } as Record<string, unknown>;
  switch (def.type) {
    case 'textarea':
      return <Input.TextArea {...common} maxLength={def.maxLength} autoSize={{ minRows: 3, maxRows: 8 }} />;
    case 'password':
      return <Input.Password {...common} maxLength={def.maxLength ?? 20} autoComplete="new-password" />;
    case 'number':
      return <InputNumber {...common} min={def.min} max={def.max} style={{ width: '100%' }} />;
    case 'select':
    case 'multiSelect':
    case 'dict':
      return (
        <Select
          {...common} allowClear={search || !def.required} showSearch mode={def.type === 'multiSelect' ? 'multiple' : undefined}
          options={def.type === 'dict' ? dictOptions : def.options} filterOption={(input, option) =>
            String((option as { props?: { children?: unknown } }).props?.children ?? '').toLowerCase().includes(input.toLowerCase())}
        />
      );
    case 'switch':
      // The form item hands a switch its value as `checked` (triggerPropName), a search form as `value`.
      return <Switch {...common} checked={Boolean(rest.checked ?? rest.value)} />;
    case 'treeSelect':
      return <TreeSelect {...common} allowClear treeData={def.treeData} />;
    default:
      return def.render ? <>{def.render({ value: rest.value, onChange: rest.onChange })}</> : <Input {...common} maxLength={def.maxLength} allowClear={search} />;
  }
}
