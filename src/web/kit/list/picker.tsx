import { Select } from '@arco-design/web-react';
import { useEffect, useState } from 'react';
import type { Language } from '@shared/i18n/languages';
import type { PageSpec } from '@shared/pages';
import type { RefOptions } from '@shared/pages/schema';
import { i18n } from '../../i18n';

/**
 * A manifest list shown one record of a ref field at a time (`pickedBy`: a location rule's warehouse):
 * the picker above the list, its first choice taken at once, and the filter it fixes.
 */
export function usePicker(page: PageSpec, options: RefOptions | undefined, lang: Language) {
  const field = page.pickedBy ? page.fields?.find((f) => f.key === page.pickedBy) : undefined;
  const choices = (field && options?.[field.key]) || [];
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const first = choices[0]?.value;
  useEffect(() => {
    if (picked === undefined && first !== undefined) setPicked(first);
  }, [first, picked]);
  if (!field) return null;
  const label = field.label[lang];
  return {
    fixed: picked === undefined ? {} : { [field.key]: picked },
    waitingFor: picked === undefined ? i18n.t('kit.pickFirst', { label: lang === 'en-US' ? label.toLowerCase() : label }) : undefined,
    control: (
      <Select
        key="picker" style={{ width: 240 }} showSearch placeholder={label} value={picked} options={choices}
        onChange={(v: number) => setPicked(v)} data-testid="list-picker"
        filterOption={(input, option) => String((option as { props?: { children?: unknown } }).props?.children ?? '').toLowerCase().includes(input.toLowerCase())}
      />
    ),
  };
}
