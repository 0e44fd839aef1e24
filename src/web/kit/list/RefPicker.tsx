import { Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldSpec, PageSpec } from '@shared/pages';
import { refOptionsUrl, type RefOptions } from '@shared/pages/schema';
import { api } from '../../api/http';
import type { Option } from './fields';

/**
 * A ref field chosen by typing (`searched`: materials): the page's options call finds at most 50
 * records whose code or name holds what is typed; the record chosen before is named from its row.
 */
export function RefPicker({ page, field, value, onChange, initial, placeholder, disabled }: {
  page: PageSpec;
  field: FieldSpec;
  value?: unknown;
  onChange?(value: unknown): void;
  /** The record the row holds, as its label shows it. */
  initial?: Option;
  placeholder?: string;
  disabled?: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['ref-pick', page.api, field.key, keyword],
    queryFn: () => api.post<RefOptions>(refOptionsUrl(page), { field: field.key, keyword: keyword || undefined }),
    staleTime: 30_000,
  });
  const list = found.data?.[field.key] ?? [];
  const options = [...(initial && !list.some((o) => o.value === initial.value) ? [initial] : []), ...list];
  return (
    <Select
      showSearch allowClear={!field.required} disabled={disabled} placeholder={placeholder} value={(value as number | null | undefined) ?? undefined} options={options}
      filterOption={false} onSearch={(text) => setKeyword(text.trim())} loading={found.isFetching} style={{ width: '100%' }}
      onChange={(v: unknown) => onChange?.(v ?? null)} data-testid={`${field.ref}-picker`}
    />
  );
}
