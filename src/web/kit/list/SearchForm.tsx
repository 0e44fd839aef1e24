import { Button, Form } from '@arco-design/web-react';
import { IconDown, IconRefresh, IconSearch, IconUp } from '@arco-design/web-react/icon';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { appState } from '../../stores/app';
import { FieldControl, type FieldDef } from './fields';
import { labelColumn } from './labelWidth';

/** The search form above a list; on a phone it shows one field until expanded. */
export function SearchForm({ fields, values, onSearch }: {
  fields: FieldDef[];
  /** The filters in force (from the view's address): back, forward or a saved view show theirs. */
  values?: Record<string, unknown>;
  onSearch(values: Record<string, unknown>): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { device } = useSnapshot(appState);
  const [expanded, setExpanded] = useState(false);
  const mobile = device === 'mobile';
  // Set again only when they change by value (a page passes its filters afresh each render).
  const valuesKey = JSON.stringify(values ?? {});
  const fieldsKey = fields.map((f) => f.field).join(',');
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    form.setFieldsValue({ ...Object.fromEntries(fieldsKey.split(',').map((k) => [k, undefined])), ...latest.current });
  }, [valuesKey, fieldsKey, form]);
  const shown = mobile && !expanded ? fields.slice(0, 1) : fields;
  const clean = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length)));

  return (
    <Form
      form={form} className="list-search" onSubmit={(values) => onSearch(clean(values))} data-testid="search-form"
      labelCol={labelColumn(fields.map((f) => f.label))} wrapperCol={{ flex: 1 }} labelAlign="right"
    >
      {/* A grid by the form's own width, so a search form in a half-width card lays out as well as a full one. */}
      <div className="list-search__grid">
        {shown.map((f) => (
          <Form.Item key={f.field} field={f.field} label={f.label}>
            <FieldControl def={f} search />
          </Form.Item>
        ))}
        <div className="list-search__actions">
          <Button type="primary" htmlType="submit" icon={<IconSearch />} data-testid="search-submit">{t('kit.search')}</Button>
          <Button icon={<IconRefresh />} onClick={() => { form.resetFields(); onSearch({}); }}>{t('kit.reset')}</Button>
          {mobile && fields.length > 1 && (
            <Button type="text" onClick={() => setExpanded(!expanded)} icon={expanded ? <IconUp /> : <IconDown />}>
              {expanded ? t('kit.collapse') : t('kit.expand')}
            </Button>
          )}
        </div>
      </div>
    </Form>
  );
}
