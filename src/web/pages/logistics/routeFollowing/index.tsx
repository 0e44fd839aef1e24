import { Empty, Input, Radio, Skeleton, Space } from '@arco-design/web-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@shared/i18n/languages';
import { isCarRequestStatus, STATUS_LABELS, type CarRequestStatus } from '@shared/logistics/dispatch';
import { carRequestPage } from '@shared/pages/logistics';
import { pageApi } from '../../../api/pageApi';
import { useView } from '../../../app/viewContext';
import { ns } from '../locale';
import { useLiveRequests } from '../RequestActions';
import { REQUEST_LIST_ID } from '../tripApi';
import { StatusTag, TripView } from '../TripView';
import '../logistics.css';

// Typed from the manifest's fields: a renamed field (or a wrong label key) fails to compile here.
const listApi = pageApi(carRequestPage);
const SHOWN: CarRequestStatus[] = ['onTheWay', 'loading', 'assigned', 'delivered', 'closed'];

/**
 * Ordermanage › Logistics › Route following: the trips of the user's scope by status, and the
 * chosen one's stops on a diagram and a timeline, planned against reported, updated live as
 * dispatchers or the TMS report stops. `?id=` opens a trip.
 */
export default function RouteFollowingPage() {
  const { t, i18n } = useTranslation(ns);
  const { route, query } = useView();
  const [status, setStatus] = useState<CarRequestStatus>('onTheWay');
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<number | undefined>(Number(query.get('id')) || undefined);
  useLiveRequests();
  const trips = useQuery({
    // The list key the other logistics pages refresh, so a pushed move reaches this list too.
    queryKey: ['list', REQUEST_LIST_ID, 'following', status, keyword],
    queryFn: () => listApi.page({ pageNum: 1, pageSize: 100, status, keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
  });
  const rows = trips.data?.list ?? [];
  const selected = chosen ?? rows[0]?.id;
  return (
    <div className="page">
      <div className="page-card">
        <div className="trip-layout">
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <Radio.Group type="button" size="small" value={status} onChange={(v: CarRequestStatus) => { setStatus(v); setChosen(undefined); }} data-testid="follow-status">
              {SHOWN.map((s) => <Radio key={s} value={s}>{STATUS_LABELS[s].label[languageOf(i18n.language)]}</Radio>)}
            </Radio.Group>
            <Input.Search allowClear placeholder={t('chooseTrip')} onSearch={setKeyword} onClear={() => setKeyword('')} />
            {trips.isPending ? <Skeleton animation text={{ rows: 4 }} /> : !rows.length ? <Empty /> : (
              <div className="trip-list" data-testid="follow-list">
                {rows.map((r) => (
                  <div
                    key={r.id} role="button" tabIndex={0} className={`trip-card${r.id === selected ? ' active' : ''}`} data-testid={`follow-${r.requestNo}`}
                    onClick={() => setChosen(r.id)} onKeyDown={(e) => { if (e.key === 'Enter') setChosen(r.id); }}
                  >
                    <Space><b>{r.requestNo}</b>{isCarRequestStatus(r.status) && <StatusTag status={r.status} />}</Space>
                    <div className="muted">{[r.vehicleLabel, r.driverName, r.destinationIdsLabel].filter(Boolean).join(' · ')}</div>
                  </div>
                ))}
              </div>
            )}
          </Space>
          <div>{selected ? <TripView key={selected} id={selected} reportPerm={`${route.perm}:report`} /> : <Empty description={t('noTrip')} />}</div>
        </div>
      </div>
    </div>
  );
}
