import { Button, Checkbox, Divider, Popover, Radio, Tooltip } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconSettings } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Density, TablePrefs } from './useTablePrefs';

/** Show, hide and order columns, and choose the row density. */
export function ColumnSettings({ columns, prefs, onChange }: {
  columns: { key: string; title: ReactNode }[];
  prefs: TablePrefs;
  onChange(prefs: TablePrefs): void;
}) {
  const { t } = useTranslation();
  const ordered = [...columns].sort((a, b) => {
    const ia = prefs.order.indexOf(a.key), ib = prefs.order.indexOf(b.key);
    return (ia < 0 ? 999 + columns.indexOf(a) : ia) - (ib < 0 ? 999 + columns.indexOf(b) : ib);
  });
  const move = (key: string, delta: number) => {
    const keys = ordered.map((c) => c.key);
    const i = keys.indexOf(key);
    const j = i + delta;
    if (j < 0 || j >= keys.length) return;
    [keys[i], keys[j]] = [keys[j], keys[i]];
    onChange({ ...prefs, order: keys });
  };
  const content = (
    <div className="column-settings" data-testid="column-settings">
      <Radio.Group type="button" size="mini" value={prefs.density} onChange={(density: Density) => onChange({ ...prefs, density })}>
        <Radio value="mini">{t('kit.compact')}</Radio>
        <Radio value="small">{t('kit.medium')}</Radio>
        <Radio value="default">{t('kit.loose')}</Radio>
      </Radio.Group>
      <Divider style={{ margin: '8px 0' }} />
      {ordered.map((c, i) => (
        <div className="column-settings__row" key={c.key}>
          <Checkbox
            checked={!prefs.hidden.includes(c.key)}
            onChange={(checked) => onChange({ ...prefs, hidden: checked ? prefs.hidden.filter((k) => k !== c.key) : [...prefs.hidden, c.key] })}
          >
            {c.title}
          </Checkbox>
          <span>
            <Button size="mini" type="text" icon={<IconArrowUp />} disabled={i === 0} onClick={() => move(c.key, -1)} aria-label="up" />
            <Button size="mini" type="text" icon={<IconArrowDown />} disabled={i === ordered.length - 1} onClick={() => move(c.key, 1)} aria-label="down" />
          </span>
        </div>
      ))}
      <Divider style={{ margin: '8px 0' }} />
      <Button size="mini" long onClick={() => onChange({ hidden: [], order: [], density: 'small' })}>{t('kit.resetColumns')}</Button>
    </div>
  );
  return (
    <Popover trigger="click" position="br" content={content}>
      <Tooltip content={t('kit.columns')}>
        <Button icon={<IconSettings />} aria-label={t('kit.columns')} data-testid="column-settings-button" />
      </Tooltip>
    </Popover>
  );
}
