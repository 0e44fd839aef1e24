import { Button, DatePicker, Descriptions, Empty, Message, Modal, Skeleton, Space, Tag, Timeline, Tooltip } from '@arco-design/web-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Trip } from '@shared/api/dispatch';
import { languageOf } from '@shared/i18n/languages';
import { ACTION_LABELS, STATUS_LABELS } from '@shared/logistics/dispatch';
import { rethrowUnlessShown } from '../../api/client';
import { onTrip, useMissedPushes } from '../../api/realtime';
import { usePermission } from '../../kit/usePermission';
import { ns } from './locale';
import { REQUEST_LIST_ID, tripApi, tripKey } from './tripApi';
import './logistics.css';
import { isKeyOf } from '@shared/must';

type Stop = Trip['stops'][number];
const time = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm') : '-');

/** A stop's state: reached on time or late, overdue, the next one, or still ahead. */
function stateOf(stop: Stop, next: boolean): 'onTime' | 'late' | 'overdue' | 'next' | 'pending' {
  if (stop.arrivedAt) return stop.late ? 'late' : 'onTime';
  if (stop.late) return 'overdue';
  return next ? 'next' : 'pending';
}
const COLORS = { onTime: '#00b42a', late: '#f53f3f', overdue: '#ff7d00', next: '#165dff', pending: '#c9cdd4' } as const;

export function StatusTag({ status }: { status: Trip['status'] }) {
  const { i18n } = useTranslation();
  const s = STATUS_LABELS[status];
  return <Tag color={s.color} data-testid="trip-status">{s.label[languageOf(i18n.language)]}</Tag>;
}

/**
 * The route as a line of stops, map-free: the origin warehouse, then each destination; reached
 * stops green (red when late), an overdue one orange, the next one blue, the rest grey.
 */
function RouteDiagram({ trip }: { trip: Trip }) {
  const { t } = useTranslation(ns);
  const nextSeq = trip.status === 'onTheWay' ? trip.stops.find((s) => !s.arrivedAt)?.seq : undefined;
  const nodes = [{ key: 'origin', name: trip.warehouseName, sub: time(trip.departedAt), color: trip.departedAt ? COLORS.onTime : COLORS.pending, title: t('origin') },
    ...trip.stops.map((s) => {
      const state = stateOf(s, s.seq === nextSeq);
      return { key: String(s.seq), name: s.pointName, sub: s.arrivedAt ? time(s.arrivedAt) : `${t('planned')} ${time(s.plannedAt)}`, color: COLORS[state], title: t(state === 'overdue' ? 'late' : state) };
    })];
  const step = 160;
  const width = Math.max(1, nodes.length - 1) * step + 120;
  return (
    // It scrolls sideways on a phone: the keyboard reaches it to scroll.
    <div className="trip-diagram" data-testid="trip-diagram" tabIndex={0} role="group" aria-label={t('route')}>
      <svg viewBox={`0 0 ${width} 96`} width={width} height={96} role="img" aria-label={nodes.map((n) => `${n.name}: ${n.title}`).join(', ')}>
        {nodes.slice(1).map((n, i) => (
          <line key={n.key} x1={60 + i * step} y1={30} x2={60 + (i + 1) * step} y2={30} stroke={n.color === COLORS.pending || n.color === COLORS.next ? '#c9cdd4' : n.color} strokeWidth={4} strokeDasharray={n.color === COLORS.pending ? '6 6' : undefined} />
        ))}
        {nodes.map((n, i) => (
          <g key={n.key} data-state={n.title}>
            <circle cx={60 + i * step} cy={30} r={n.color === COLORS.next ? 11 : 9} fill={n.color} stroke="var(--color-bg-2)" strokeWidth={3} className={n.color === COLORS.next ? 'trip-next' : undefined} />
            <text x={60 + i * step} y={62} textAnchor="middle" className="trip-node-name">{n.name}</text>
            <text x={60 + i * step} y={82} textAnchor="middle" className="trip-node-sub">{n.sub}</text>
          </g>
        ))}
      </svg>
    </div>
  );
}

/** Reports a stop as reached, now or at a chosen time. */
function ReportStop({ trip, stop, onDone }: { trip: Trip; stop: Stop; onDone(): void }) {
  const { t } = useTranslation(ns);
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await tripApi.stop(trip.id, stop.seq, at ? dayjs(at).toISOString() : undefined);
      Message.success(t('reported', { seq: stop.seq }));
      setOpen(false);
      onDone();
    } catch (err) {
      rethrowUnlessShown(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="mini" type="primary" onClick={() => setOpen(true)} data-testid={`stop-report-${stop.seq}`}>{t('report')}</Button>
      <Modal title={t('reportTitle', { seq: stop.seq, name: stop.pointName })} visible={open} onCancel={() => setOpen(false)} onOk={() => void submit()} confirmLoading={busy} unmountOnExit>
        <DatePicker showTime style={{ width: '100%' }} placeholder={t('arrivedAt')} value={at} onChange={(v) => setAt(v || undefined)}
          disabledDate={(d) => d.isAfter(dayjs())} />
      </Modal>
    </>
  );
}

/**
 * One trip: its header, the route diagram, the stops on a timeline with planned and reported
 * times (late ones marked), and its history. Updates live when the trip moves or a stop is reported.
 */
export function TripView({ id, reportPerm }: { id: number; reportPerm?: string }) {
  const { t, i18n } = useTranslation(ns);
  const queryClient = useQueryClient();
  const canReport = usePermission(reportPerm ?? '').allowed && !!reportPerm;
  const query = useQuery({ queryKey: tripKey(id), queryFn: () => tripApi.trip(id) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: tripKey(id) });
    void queryClient.invalidateQueries({ queryKey: ['list', REQUEST_LIST_ID] });
  };
  useEffect(() => onTrip((pushed) => {
    if (pushed.id === id) void queryClient.invalidateQueries({ queryKey: tripKey(id) });
  }), [id, queryClient]);
  useMissedPushes('trip', () => void queryClient.invalidateQueries({ queryKey: tripKey(id) }));

  if (query.isPending) return <Skeleton animation text={{ rows: 6 }} />;
  if (query.isError) return <Empty description={t('noTrip')} />;
  const trip = query.data;
  const nextSeq = trip.status === 'onTheWay' ? trip.stops.find((s) => !s.arrivedAt)?.seq : undefined;
  const fee = trip.feeDetail;
  return (
    <div className="trip-view" data-testid="trip-view">
      <Descriptions
        column={{ xs: 1, md: 2, xxl: 3 }} size="small" border labelStyle={{ whiteSpace: 'nowrap' }}
        data={[
          { label: t('requestNo'), value: <Space>{trip.requestNo}<StatusTag status={trip.status} /></Space> },
          { label: t('vehicle'), value: trip.plateNo ?? '-' },
          { label: t('driver'), value: trip.driverName ? `${trip.driverName} ${trip.driverPhone ?? ''}` : '-' },
          { label: t('route'), value: trip.routeName ? `${trip.routeName}${trip.distanceKm ? ` · ${t('km', { km: trip.distanceKm })}` : ''}` : '-' },
          { label: t('warehouse'), value: trip.dealerName ? `${trip.warehouseName} · ${trip.dealerName}` : trip.warehouseName },
          { label: t('orders'), value: <span className="trip-orders">{trip.orderNos.join(', ')}</span> },
          { label: t('plannedStart'), value: time(trip.plannedStart) },
          { label: t('cargo'), value: t('loadLine', { tyres: trip.tyres, weight: trip.weightTons ?? '-' }) },
          {
            label: t('fee'),
            value: fee ? (
              <Tooltip content={t('feeDetail', { km: fee.distanceKm, perKm: fee.perKm, tyres: fee.tyres, perTyre: fee.handlingPerTyre, c: fee.coefficient })}>
                <b data-testid="trip-fee">¥{fee.fee.toFixed(2)}</b>
              </Tooltip>
            ) : '-',
          },
        ]}
      />
      {trip.stops.length > 0 && <RouteDiagram trip={trip} />}
      <div className="trip-columns">
        <div>
          <h4>{t('stops')}</h4>
          <Timeline>
            {trip.stops.map((s) => {
              const state = stateOf(s, s.seq === nextSeq);
              return (
                <Timeline.Item key={s.seq} dotColor={COLORS[state]} data-testid={`trip-stop-${s.seq}`} data-state={state}>
                  <Space wrap>
                    <b>{s.seq}. {s.pointCode} {s.pointName}</b>
                    {state === 'onTime' && <Tag size="small" color="green">{t('onTime')}</Tag>}
                    {(state === 'late' || state === 'overdue') && <Tag size="small" color="red">{t('late')}</Tag>}
                    {state === 'next' && <Tag size="small" color="arcoblue">{t('next')}</Tag>}
                  </Space>
                  <div className="muted">
                    {t('planned')} {time(s.plannedAt)} · {t('arrived')} {s.arrivedAt ? `${time(s.arrivedAt)} (${t(`source_${s.source ?? 'console'}`)})` : t('pending')}
                  </div>
                  {canReport && trip.status === 'onTheWay' && !s.arrivedAt && <ReportStop trip={trip} stop={s} onDone={refresh} />}
                </Timeline.Item>
              );
            })}
          </Timeline>
        </div>
        <div>
          <h4>{t('history')}</h4>
          <Timeline>
            {trip.events.map((e, i) => (
              <Timeline.Item key={i} label={dayjs(e.at).format('YYYY-MM-DD HH:mm')}>
                {isKeyOf(ACTION_LABELS, e.action) ? ACTION_LABELS[e.action][languageOf(i18n.language)] : e.action} · {isKeyOf(STATUS_LABELS, e.toStatus) ? STATUS_LABELS[e.toStatus].label[languageOf(i18n.language)] : e.toStatus}
                <div className="muted">{[e.userName, e.note].filter(Boolean).join(' · ')}</div>
              </Timeline.Item>
            ))}
          </Timeline>
        </div>
      </div>
    </div>
  );
}
