import { Empty, Tabs, Tag } from '@arco-design/web-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LogisticsPerm } from '@shared/api/logistics';
import { useView } from '../../../app/viewContext';
import type { Column } from '../../../kit/list/ListPage';
import { ManifestList, type Row as ManifestRow } from '../../../kit/list/ManifestListPage';
import { pageAt } from '@shared/pages';
import { session } from '../../../stores/session';
import { stamp } from '../../../kit/stamp';
import { useViewTab } from '../../../kit/useViewState';
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

/** Base data › Logistics setup: vehicles, blacklist, transit points, routes and driver routes on one page with tabs. */
export default function LogisticsConfigPage() {
  const { t } = useTranslation(ns);
  const { route } = useView();
  const { routeIndex } = useSnapshot(session);
  const granted = new Set([...routeIndex.values()].map((r) => r.perm));
  const tabs = TABS.filter((tab) => granted.has(tab.perm));
  const initial = (tabs.find((tab) => tab.key === route.name) ?? tabs[0])?.key;
  const keysText = tabs.map((tab) => tab.key).join(',');
  const keys = useMemo(() => TABS.filter((tab) => keysText.split(',').includes(tab.key)).map((tab) => tab.key), [keysText]);
  const [active, setActive] = useViewTab<TabKey>(keys, initial);
  if (!tabs.length) return <div className="page"><div className="page-card"><Empty description={t('noTabs')} /></div></div>;

  return (
    <div className="page">
      <div className="page-card">
        <Tabs activeTab={active} onChange={setActive} lazyload data-testid="logistics-tabs">
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

/** Declared in the manifest (src/shared/pages/basedata.ts); whether the plate is blacklisted today is this tab's own column. */
function VehiclesTab() {
  const { t } = useTranslation(ns);
  const extra: Column<ManifestRow>[] = [
    { key: 'blacklisted', title: t('blacklisted'), render: (v: boolean) => (v ? <Tag size="small" color="red">{t('blacklisted')}</Tag> : '-') },
  ];
  return <ManifestList page={pageAt('/basedata/logisticsconfiguration/carInfo')} extraColumns={extra} viewKey="carInfo" />;
}

/** Declared in the manifest (src/shared/pages/basedata.ts); whether the block is in force today and when it was made are this tab's own. */
function BlacklistTab() {
  const { t } = useTranslation(ns);
  const extra: Column<ManifestRow>[] = [
    { key: 'active', title: t('kit.status'), render: (v: boolean) => <Tag size="small" color={v ? 'red' : 'gray'}>{t(v ? 'active' : 'expired')}</Tag> },
    { key: 'createdAt', title: t('kit.createdAt'), sortable: true, render: (v: string) => stamp(v) },
  ];
  return <ManifestList page={pageAt('/basedata/logisticsconfiguration/carBlacklist')} extraColumns={extra} viewKey="carBlacklist" />;
}

/** Declared in the manifest (src/shared/pages/basedata.ts): columns, search and form from its fields. */
function PointsTab() {
  return <ManifestList page={pageAt('/basedata/logisticsconfiguration/carPointoftransit')} viewKey="carPointoftransit" />;
}

/** Declared in the manifest (src/shared/pages/basedata.ts): columns, search (a point at either end) and form from its fields. */
function RoutesTab() {
  return <ManifestList page={pageAt('/basedata/logisticsconfiguration/Carpath')} viewKey="Carpath" />;
}

/** Declared in the manifest (src/shared/pages/basedata.ts); when a driver route was made is this tab's own column. */
function DriverRoutesTab() {
  const { t } = useTranslation(ns);
  const extra: Column<ManifestRow>[] = [{ key: 'createdAt', title: t('kit.createdAt'), sortable: true, render: (v: string) => stamp(v) }];
  return <ManifestList page={pageAt('/basedata/logisticsconfiguration/DriverRout')} extraColumns={extra} viewKey="DriverRout" />;
}
