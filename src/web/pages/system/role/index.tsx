import { Button, Tag } from '@arco-design/web-react';
import { IconLock, IconSafe } from '@arco-design/web-react/icon';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLE_CODE, ROLE_CODE_PATTERN, ROLE_TYPES, type RoleRow, type RoleType } from '@shared/api/role';
import { Perm, buttonPerm } from '@shared/permissions';
import { crudApi } from '../../../api/crud';
import type { FieldDef } from '../../../kit/list/fields';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { useButtons } from '../../../kit/usePermission';
import { DataRulesDrawer } from './DataRulesDrawer';
import { PermissionDrawer } from './PermissionDrawer';
import { ns } from './locale';
import './role.css';

const rolesApi = crudApi<RoleRow, Record<string, unknown>>('/sys/role');
const TYPE_COLOR: Record<RoleType, string> = { function: 'arcoblue', data: 'green', special: 'orangered' };

/** System › Roles: the role list, what each role grants (menus and buttons) and which data its holders see. */
export default function RolePage() {
  const { t } = useTranslation(ns);
  const buttons = useButtons();
  const canEdit = buttons.has(buttonPerm(Perm.roles, 'edit'));
  const [granting, setGranting] = useState<RoleRow | null>(null);
  const [ruling, setRuling] = useState<RoleRow | null>(null);

  const typeOptions = ROLE_TYPES.map((v) => ({ value: v, label: t(`type_${v}`) }));
  const columns: Column<RoleRow>[] = [
    { key: 'code', title: t('code'), sortable: true },
    { key: 'name', title: t('name'), sortable: true },
    { key: 'nameEn', title: t('nameEn') },
    { key: 'type', title: t('type'), sortable: true, render: (v: RoleType) => <Tag size="small" color={TYPE_COLOR[v]}>{t(`type_${v}`)}</Tag> },
    { key: 'userCount', title: t('userCount') },
    { key: 'remark', title: t('remark'), ellipsis: true, width: 220, render: (v: string | null) => v || '-' },
    { key: 'createdAt', title: t('createdAt'), sortable: true, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
  ];
  const form = (row: RoleRow | null): FieldDef[] => [
    {
      field: 'code', label: t('code'), required: true, maxLength: 32, lockedOnEdit: row?.code === ADMIN_ROLE_CODE,
      rules: [{ match: ROLE_CODE_PATTERN, message: t('codeRule') }],
    },
    { field: 'type', label: t('type'), type: 'select', required: true, options: typeOptions },
    { field: 'name', label: t('name'), required: true, maxLength: 64 },
    { field: 'nameEn', label: t('nameEn'), required: true, maxLength: 64 },
    { field: 'remark', label: t('remark'), type: 'textarea', maxLength: 256, wide: true },
  ];
  const fixed = (row: RoleRow | null) => row?.code === ADMIN_ROLE_CODE;
  const notice = (row: RoleRow | null) => (fixed(row) ? t('adminFixed') : !canEdit ? t('readOnly') : undefined);

  return (
    <div className="page">
      <div className="page-card">
        <ListPage<RoleRow>
          id="roles" title={t('title')} perm={Perm.roles} api={rolesApi} columns={columns}
          search={[{ field: 'keyword', label: t('keyword') }, { field: 'type', label: t('type'), type: 'select', options: typeOptions }]}
          form={form}
          toForm={(row) => ({ code: row.code, type: row.type, name: row.name, nameEn: row.nameEn, remark: row.remark ?? '' })}
          rowActions={(row) => (
            <>
              <Button size="mini" type="text" icon={<IconSafe />} onClick={() => setGranting(row)} data-testid="role-permissions">{t('permissions')}</Button>
              <Button size="mini" type="text" icon={<IconLock />} onClick={() => setRuling(row)} data-testid="role-data-rules">{t('dataRules')}</Button>
            </>
          )}
        />
      </div>
      <PermissionDrawer role={granting} readOnly={!canEdit || fixed(granting)} notice={notice(granting)} onClose={() => setGranting(null)} />
      <DataRulesDrawer role={ruling} readOnly={!canEdit || fixed(ruling)} notice={notice(ruling)} onClose={() => setRuling(null)} />
    </div>
  );
}
