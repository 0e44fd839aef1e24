import { Space } from '@arco-design/web-react';
import { EDITABLE_STATUSES, isCarRequestStatus } from '@shared/logistics/dispatch';
import { pageAt } from '@shared/pages';
import { useView } from '../../../app/viewContext';
import { usePermission } from '../../../kit/usePermission';
import { ManifestList } from '../../../kit/list/ManifestListPage';
import { CancelButton, isRequestRow, TripButton, useLiveRequests, useMove } from '../RequestActions';

const page = pageAt('/ordermanage/logistics/carrequest');

/**
 * Ordermanage › Logistics › Car requests: the manifest list (origin warehouse, outbound orders,
 * destinations, date, load), with each request's trip and a cancel before the vehicle leaves.
 */
export default function CarRequestsPage() {
  const { route } = useView();
  const canCancel = usePermission(`${route.perm}:cancel`).allowed;
  const move = useMove();
  useLiveRequests();
  return (
    <div className="page">
      <div className="page-card">
        <ManifestList
          page={page} perm={route.perm} actionsWidth={200}
          // Once a vehicle is assigned the request is the dispatcher's: cancel it to change it.
          editable={(row) => isCarRequestStatus(row.status) && EDITABLE_STATUSES.includes(row.status)}
          rowActions={(r) => {
            if (!isRequestRow(r)) return null;
            return (
              <Space size={0}>
                {r.status !== 'requested' && r.status !== 'cancelled' && <TripButton row={r} />}
                {canCancel && <CancelButton row={r} onCancel={(note) => move('cancel', r, note)} />}
              </Space>
            );
          }}
        />
      </div>
    </div>
  );
}
