import { Button } from '@arco-design/web-react';
import { IconLock, IconSafe } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLE_CODE } from '@shared/api/roleFields';
import { roleHeadOf, type RoleHead } from '@shared/api/role';
import { pageAt } from '@shared/pages';
import { ManifestList } from '../../../kit/list/ManifestListPage';
import { useButtons } from '../../../kit/usePermission';
import { DataRulesDrawer } from './DataRulesDrawer';
import { PermissionDrawer } from './PermissionDrawer';
import { ns } from './locale';
import './role.css';

const page = pageAt('/system/permission/role');

/**
 * System › Roles: the list is declared in the manifest (src/shared/pages/system.ts); what each
 * role grants (menus and buttons) and which data its holders see are this page's own drawers.
 */
export default function RolePage() {
  const { t } = useTranslation(ns);
  const canEdit = useButtons().has(`${page.perm}:edit`);
  const [granting, setGranting] = useState<RoleHead | null>(null);
  const [ruling, setRuling] = useState<RoleHead | null>(null);
  const fixed = (row: RoleHead | null) => row?.code === ADMIN_ROLE_CODE;
  const notice = (row: RoleHead | null) => (fixed(row) ? t('adminFixed') : !canEdit ? t('readOnly') : undefined);

  return (
    <div className="page">
      <div className="page-card">
        <ManifestList
          page={page}
          // An array, as the list spaces its buttons in one line (a fragment wrapped them).
          rowActions={(row) => [
            <Button key="permissions" size="mini" type="text" icon={<IconSafe />} onClick={() => setGranting(roleHeadOf(row))} data-testid="role-permissions">{t('permissions')}</Button>,
            <Button key="dataRules" size="mini" type="text" icon={<IconLock />} onClick={() => setRuling(roleHeadOf(row))} data-testid="role-data-rules">{t('dataRules')}</Button>,
          ]}
        />
      </div>
      <PermissionDrawer role={granting} readOnly={!canEdit || fixed(granting)} notice={notice(granting)} onClose={() => setGranting(null)} />
      <DataRulesDrawer role={ruling} readOnly={!canEdit || fixed(ruling)} notice={notice(ruling)} onClose={() => setRuling(null)} />
    </div>
  );
}
