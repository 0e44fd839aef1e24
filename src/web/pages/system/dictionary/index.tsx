import { Tag } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DICT_TYPE_PATTERN, type DictDataRow, type DictTypeRow } from '@shared/api/dictionary';
import { Perm } from '@shared/permissions';
import { crudApi } from '../../../api/crud';
import type { FieldDef } from '../../../kit/list/fields';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { ns } from './locale';

const typesApi = crudApi<DictTypeRow, Record<string, unknown>>('/system/dict/type');
const entriesApi = crudApi<DictDataRow, Record<string, unknown>>('/system/dict/data');

/** System › Dictionaries: types on the left, the chosen type's entries on the right. */
export default function DictionaryPage() {
  const { t, i18n } = useTranslation(ns);
  const [type, setType] = useState<DictTypeRow | null>(null);
  const status = (value: string) => <Tag size="small" color={value === 'normal' ? 'green' : 'gray'}>{t(`kit.${value}`)}</Tag>;
  const statusField: FieldDef = {
    field: 'status', label: t('kit.status'), type: 'select',
    options: [{ label: t('kit.normal'), value: 'normal' }, { label: t('kit.disabled'), value: 'disabled' }],
  };

  const typeColumns: Column<DictTypeRow>[] = [
    { key: 'type', title: t('type'), sortable: true },
    { key: 'name', title: t('name'), sortable: true },
    { key: 'nameEn', title: t('nameEn') },
    { key: 'entries', title: t('entries_count') },
    { key: 'status', title: t('kit.status'), render: (v: string) => status(v) },
  ];
  const entryColumns: Column<DictDataRow>[] = [
    { key: 'value', title: t('value'), sortable: true },
    { key: 'label', title: t('label'), sortable: true },
    { key: 'labelEn', title: t('labelEn') },
    { key: 'sort', title: t('sort'), sortable: true },
    { key: 'status', title: t('kit.status'), render: (v: string) => status(v) },
  ];

  return (
    <div className="page">
      <div className="split-page">
        <div className="page-card">
          <h2 className="page-card__title">{t('types')}</h2>
          <ListPage<DictTypeRow>
            id="dict-types" title={t('types')} perm={Perm.dictionary} api={typesApi} columns={typeColumns} selectionType="radio" pageSize={10}
            onSelect={(rows) => setType(rows[0] ?? null)}
            search={[{ field: 'keyword', label: t('keyword') }]}
            form={(row) => [
              { field: 'type', label: t('type'), required: true, maxLength: 64, lockedOnEdit: !!row, rules: [{ match: DICT_TYPE_PATTERN, message: t('typeRule') }] },
              { field: 'name', label: t('name'), required: true, maxLength: 64 },
              { field: 'nameEn', label: t('nameEn'), required: true, maxLength: 64 },
              { ...statusField, required: true },
            ]}
          />
        </div>
        <div className="page-card">
          <h2 className="page-card__title">{t('entries')}{type ? ` · ${i18n.language === 'en-US' ? type.nameEn : type.name}` : ''}</h2>
          <ListPage<DictDataRow>
            id="dict-entries" title={t('entries')} perm={Perm.dictionary} api={entriesApi} columns={entryColumns}
            fixedFilters={type ? { dictType: type.type } : undefined}
            waitingFor={type ? undefined : t('pickType')}
            search={[{ field: 'keyword', label: t('keyword') }, statusField]}
            form={[
              { field: 'value', label: t('value'), required: true, maxLength: 64 },
              { field: 'label', label: t('label'), required: true, maxLength: 64 },
              { field: 'labelEn', label: t('labelEn'), required: true, maxLength: 64 },
              { field: 'sort', label: t('sort'), type: 'number', min: 0, max: 9999 },
              { ...statusField, required: true },
            ]}
            fromForm={(values) => ({ ...values, dictType: type?.type })}
          />
        </div>
      </div>
    </div>
  );
}
