import { Button } from '@arco-design/web-react';
import { IconSafe } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageAt } from '@shared/pages';
import { ManifestList, type Row } from '../../../kit/list/ManifestListPage';
import { useButtons } from '../../../kit/usePermission';
import { KeysDrawer } from './KeysDrawer';
import { ns } from './locale';

const page = pageAt('/system/integration/serviceAccounts');

/**
 * System › Service accounts (docs/integrations.md): the accounts are a manifest list
 * (src/shared/pages/system.ts); their API keys are this page's drawer: issued (shown once, with a
 * copy button), listed with their last use, revoked after a confirmation.
 */
export default function ServiceAccountsPage() {
  const { t } = useTranslation(ns);
  const canManage = useButtons().has(`${page.perm}:keys`);
  const [account, setAccount] = useState<Row | null>(null);
  return (
    <div className="page">
      <div className="page-card">
        <ManifestList
          page={page}
          rowActions={(row) => [
            <Button key="keys" size="mini" type="text" icon={<IconSafe />} onClick={() => setAccount(row)} data-testid="service-account-keys">{t('keys')}</Button>,
          ]}
        />
      </div>
      <KeysDrawer account={account ? { id: Number(account.id), name: String(account.userName) } : null} canManage={canManage} onClose={() => setAccount(null)} />
    </div>
  );
}
