import { Empty, Tabs, Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  LogisticsPerm,
  type DriverRouteRow, type LogisticsOptions, type RouteRow,
} from '@shared/api/logistics';
import { crudApi } from '../../../api/crud';
import { api } from '../../../api/http';
import { useView } from '../../../app/viewContext';
import type { FieldDef } from '../../../kit/list/fields';
import { ListPage, type Column } from '../../../kit/list/ListPage';
import { ManifestList, type Row as ManifestRow } from '../../../kit/list/ManifestListPage';
import { pageByRoute } from '@shared/pages';
import { session } from '../../../stores/session';
import { stamp } from '../devicesShared';
import { ns } from './locale';

/** The five menu routes of the group, each opening this page on its own tab. */
const TABS = [
  { key: 'carInfo', perm: LogisticsPerm.vehicle },
  { key: 'carBlacklist', perm: LogisticsPerm.blacklist },
  { key: 'carPointoftransit', perm: LogisticsPerm.transitPoint },
  { key: 'Carpath', perm: LogisticsPerm.route },
  { key: 'DriverRout', perm: LogisticsPerm.driverRoute },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const routesApi = crudApi<RouteRow, Record<string, unknown>>('/logistics/route');
const driverRoutesApi = crudApi<DriverRouteRow, Record<string, unknown>>('/logistics/driverRoute');

/** Base data › Logistics setup: vehicles, blacklist, transit points, routes and driver routes on one page with tabs. */
export default function LogisticsConfigPage() {
  const { t } = useTranslation(ns);
  const { route } = useView();
  const { routeIndex } = useSnapshot(session);
  const granted = new Set([...(routeIndex as Map<string, { perm: string }>).values()].map((r) => r.perm));
  const tabs = TABS.filter((tab) => granted.has(tab.perm));
  const initial = (tabs.find((tab) => tab.key === route.name) ?? tabs[0])?.key;
  const [active, setActive] = useState<TabKey | undefined>(initial);
  if (!tabs.length) return <div className="page"><div className="page-card"><Empty description={t('noTabs')} /></div></div>;

  return (
    <div className="page">
      <div className="page-card">
        <Tabs activeTab={active} onChange={(k) => setActive(k as TabKey)} lazyload data-testid="logistics-tabs">
          {tabs.map((tab) => (
            <Tabs.TabPane key={tab.key} title={t(tab.key)}>
              {tab.key === 'carInfo' && <VehiclesTab />}
              {tab.key === 'carBlacklist' && <BlacklistTab />}
              {tab.key === 'carPointoftransit' && <PointsTab />}
              {tab.key === 'Carpath' && <RoutesTab />}
              {tab.key === 'DriverRout' && <DriverRoutesTab />}
            </Tabs.TabPane>
          ))}
        </Tabs>
      </div>
    </div>
  );
}

function useStatus() {
  const { t } = useTranslation(ns);
  const options = [{ label: t('kit.normal'), value: 'normal' }, { label: t('kit.disabled'), value: 'disabled' }];
  const tag = (v: string) => <Tag size="small" color={v === 'normal' ? 'green' : 'gray'}>{t(`kit.${v}`)}</Tag>;
  const field: FieldDef = { field: 'status', label: t('kit.status'), type: 'select', options };
  return { options, tag, field };
}

/** Declared in the manifest (src/shared/pages/basedata.ts); whether the plate is blacklisted today is this tab's own column. */
function VehiclesTab() {
  const { t } = useTranslation(ns);
  const extra: Column<ManifestRow>[] = [
    { key: 'blacklisted', title: t('blacklisted'), render: (v: boolean) => (v ? <Tag size="small" color="red">{t('blacklisted')}</Tag> : '-') },
  ];
  return <ManifestList page={pageByRoute('/basedata/logisticsconfiguration/carInfo')!} extraColumns={extra} />;
}

/** Declared in the manifest (src/shared/pages/basedata.ts); whether the block is in force today and when it was made are this tab's own. */
function BlacklistTab() {
  const { t } = useTranslation(ns);
  const extra: Column<ManifestRow>[] = [
    { key: 'active', title: t('kit.status'), render: (v: boolean) => <Tag size="small" color={v ? 'red' : 'gray'}>{t(v ? 'active' : 'expired')}</Tag> },
    { key: 'createdAt', title: t('kit.createdAt'), sortable: true, render: (v: string) => stamp(v) },
  ];
  return <ManifestList page={pageByRoute('/basedata/logisticsconfiguration/carBlacklist')!} extraColumns={extra} />;
}

/** Declared in the manifest (src/shared/pages/basedata.ts): columns, search and form from its fields. */
function PointsTab() {
  return <ManifestList page={pageByRoute('/basedata/logisticsconfiguration/carPointoftransit')!} />;
}

function RoutesTab() {
  const { t } = useTranslation(ns);
  const options = useQuery({ queryKey: ['logistics-options', 'route'], queryFn: () => api.post<LogisticsOptions>('/logistics/route/options', {}), staleTime: 30_000 });
  const pointOptions = (options.data?.points ?? []).map((p) => ({ label: `${p.code} ${p.name}`, value: p.id }));
  const columns: Column<RouteRow>[] = [
    { key: 'code', title: t('code'), sortable: true },
    { key: 'name', title: t('name'), sortable: true },
    { key: 'fromPointName', title: t('fromPoint') },
    { key: 'toPointName', title: t('toPoint') },
    { key: 'distanceKm', title: t('distanceKm'), sortable: true, render: (v: number | null) => v ?? '-' },
    { key: 'hours', title: t('hours'), sortable: true, render: (v: number | null) => v ?? '-' },
  ];
  return (
    <ListPage<RouteRow>
      id="logistics-routes" title={t('Carpath')} perm={LogisticsPerm.route} api={routesApi} columns={columns}
      search={[{ field: 'keyword', label: t('keyword') }, { field: 'pointId', label: t('point'), type: 'select', options: pointOptions }]}
      form={[
        { field: 'code', label: t('code'), required: true, rule: 'code', maxLength: 32, lockedOnEdit: true },
        { field: 'name', label: t('name'), required: true, maxLength: 64 },
        { field: 'fromPointId', label: t('fromPoint'), type: 'select', options: pointOptions, required: true },
        { field: 'toPointId', label: t('toPoint'), type: 'select', options: pointOptions, required: true },
        { field: 'distanceKm', label: t('distanceKm'), type: 'number', min: 0, max: 100_000 },
        { field: 'hours', label: t('hours'), type: 'number', min: 0, max: 9999 },
      ]}
      toForm={(r) => ({ code: r.code, name: r.name, fromPointId: r.fromPointId, toPointId: r.toPointId, distanceKm: r.distanceKm ?? undefined, hours: r.hours ?? undefined })}
      fromForm={(v) => ({ ...v, distanceKm: v.distanceKm ?? null, hours: v.hours ?? null })}
    />
  );
}

function DriverRoutesTab() {
  const { t } = useTranslation(ns);
  const status = useStatus();
  const options = useQuery({
    queryKey: ['logistics-options', 'driverRoute'], queryFn: () => api.post<LogisticsOptions>('/logistics/driverRoute/options', {}), staleTime: 30_000,
  });
  const vehicleOptions = (options.data?.vehicles ?? []).map((v) => ({ label: v.plateNo, value: v.id }));
  const routeOptions = (options.data?.routes ?? []).map((r) => ({ label: `${r.code} ${r.name}`, value: r.id }));
  const columns: Column<DriverRouteRow>[] = [
    { key: 'driverName', title: t('driverName'), sortable: true },
    { key: 'driverPhone', title: t('driverPhone'), render: (v: string | null) => v ?? '-' },
    { key: 'plateNo', title: t('vehicle'), render: (v: string | null) => v ?? '-' },
    { key: 'routeCode', title: t('route'), sortable: true, render: (_: unknown, r: DriverRouteRow) => `${r.routeCode} ${r.routeName}` },
    { key: 'status', title: t('kit.status'), sortable: true, render: status.tag },
    { key: 'createdAt', title: t('kit.createdAt'), sortable: true, render: (v: string) => stamp(v) },
  ];
  return (
    <ListPage<DriverRouteRow>
      id="logistics-driver-routes" title={t('DriverRout')} perm={LogisticsPerm.driverRoute} api={driverRoutesApi} columns={columns}
      search={[{ field: 'keyword', label: t('keyword') }, { field: 'routeId', label: t('route'), type: 'select', options: routeOptions }, status.field]}
      form={[
        { field: 'driverName', label: t('driverName'), required: true, maxLength: 64 },
        { field: 'driverPhone', label: t('driverPhone'), rule: 'phone' },
        { field: 'vehicleId', label: t('vehicle'), type: 'select', options: vehicleOptions },
        { field: 'routeId', label: t('route'), type: 'select', options: routeOptions, required: true },
        { ...status.field, required: true },
      ]}
      toForm={(r) => ({ driverName: r.driverName, driverPhone: r.driverPhone ?? '', vehicleId: r.vehicleId ?? undefined, routeId: r.routeId, status: r.status })}
      fromForm={(v) => ({ ...v, driverPhone: v.driverPhone ?? '', vehicleId: v.vehicleId ?? null, status: v.status ?? 'normal' })}
    />
  );
}
