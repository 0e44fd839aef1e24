import { Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MaterialRef } from '@shared/api/basedata/catalogue';
import { api } from '../../../api/http';

/** A factory material chosen by typing part of its code, size or pattern; the server searches. */
export function MaterialPicker({ url, value, onChange, placeholder, initial, allowClear = true, disabled }: {
  /** The page's own search call (each page searches under its own permission). */
  url: string;
  value?: number | null;
  onChange?(value: number | null, material?: MaterialRef): void;
  placeholder?: string;
  /** The chosen material as the row shows it, so the select can name it before any search. */
  initial?: { id: number; code: string; name: string } | null;
  allowClear?: boolean;
  disabled?: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['material-pick', url, keyword],
    queryFn: () => api.post<MaterialRef[]>(url, { keyword: keyword || undefined }),
    staleTime: 30_000,
  });
  const list = found.data ?? [];
  const options = [
    ...(initial && !list.some((m) => m.id === initial.id) ? [{ label: `${initial.code} ${initial.name}`, value: initial.id }] : []),
    ...list.map((m) => ({ label: `${m.code} ${m.name}`, value: m.id })),
  ];
  return (
    <Select
      showSearch allowClear={allowClear} disabled={disabled} placeholder={placeholder} value={value ?? undefined} options={options}
      filterOption={false} onSearch={(text) => setKeyword(text.trim())} loading={found.isFetching} style={{ width: '100%' }}
      onChange={(v: number | undefined) => onChange?.(v ?? null, list.find((m) => m.id === v))} data-testid="material-picker"
    />
  );
}
