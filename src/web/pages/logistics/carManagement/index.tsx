import { Button, Modal, Space, Tabs } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canMove, TRANSITIONS, type DispatchAction } from '@shared/logistics/dispatch';
import { pageAt } from '@shared/pages';
import { useView } from '../../../app/viewContext';
import { ManifestList } from '../../../kit/list/ManifestListPage';
import { useButtons } from '../../../kit/usePermission';
import { useViewTab } from '../../../kit/useViewState';

const DISPATCH_TABS = ['dispatch', 'fees'] as const;
import { ns } from '../locale';
import { CancelButton, isRequestRow, TripButton, useLiveRequests, useMove, type RequestRow } from '../RequestActions';
import { isKeyOf } from '@shared/must';
import { AssignDialog } from './AssignDialog';
import { FeesTab } from './FeesTab';

const requests = pageAt('/ordermanage/logistics/carrequest');
const follow = pageAt('/ordermanage/logistics/carroutefollowing');

/** The one move forward from a status (cancel aside), as a row button: read off the shared transitions. */
const nextOf = (status: RequestRow['status']) =>
  Object.keys(TRANSITIONS).filter((a): a is DispatchAction => isKeyOf(TRANSITIONS, a)).find((a) => a !== 'cancel' && canMove(status, a));

/**
 * Ordermanage › Logistics › Car dispatch: every car request of the dispatcher's scope, each with
 * its next move (assign, load, depart, deliver, close), cancel and its trip; and the delivery
 * fees reconciled with the uploaded ones.
 */
export default function CarManagementPage() {
  const { t } = useTranslation(ns);
  const { route } = useView();
  const buttons = useButtons();
  const move = useMove();
  const [assigning, setAssigning] = useState<RequestRow | null>(null);
  const [tab, setTab] = useViewTab(DISPATCH_TABS);
  useLiveRequests();

  const forward = (r: RequestRow) => {
    const action = nextOf(r.status);
    if (!action || !buttons.has(`${route.perm}:${action}`)) return null;
    const run = () => {
      if (action === 'assign') return setAssigning(r);
      if (action === 'close') return void Modal.confirm({ title: t('closeTitle', { no: r.requestNo }), onOk: () => move('close', r) });
      void move(action, r);
    };
    return <Button size="mini" type="primary" onClick={run} data-testid={`${action}-${r.requestNo}`}>{t(action)}</Button>;
  };

  return (
    <div className="page">
      <div className="page-card">
        <Tabs activeTab={tab} onChange={setTab} lazyload data-testid="dispatch-tabs">
          <Tabs.TabPane key="dispatch" title={t('dispatch')}>
            <ManifestList
              page={requests} perm={route.perm} actionsWidth={230}
              rowActions={(r) => {
                if (!isRequestRow(r)) return null;
                return (
                  <Space size={4}>
                    {forward(r)}
                    {r.status !== 'requested' && r.status !== 'cancelled' && <TripButton row={r} reportPerm={`${follow.perm}:report`} />}
                    {buttons.has(`${route.perm}:cancel`) && <CancelButton row={r} onCancel={(note) => move('cancel', r, note)} />}
                  </Space>
                );
              }}
            />
          </Tabs.TabPane>
          <Tabs.TabPane key="fees" title={t('fees')}>
            <FeesTab />
          </Tabs.TabPane>
        </Tabs>
        <AssignDialog row={assigning} onClose={() => setAssigning(null)} />
      </div>
    </div>
  );
}
