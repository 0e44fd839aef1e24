import { Skeleton } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Chart } from '../../kit/chart/LazyChart';
import { DashboardView } from '../../kit/dashboard/DashboardView';
import { useDashboard } from '../../kit/dashboard/registry';
import { session } from '../../stores/session';
import './home.css';

/**
 * What home draws with, loaded with home's page (pageRegistry's loadPage). Not the
 * filter bar: its date picker and selects come in a chunk of their own as the panels are drawn,
 * off the way to the first chart.
 */
export const preload = () => Chart.load();

/** Home: a welcome line, then the home dashboard (dashboards/home.ts) within the user's data scope. */
export default function Home() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const home = useDashboard('home');
  return (
    <div className="page home">
      <div className="home__welcome">
        <h1>{t('home.welcome', { name: user?.nickName })}</h1>
        <p>{user?.dealerName ? t('home.dealerScope', { dealer: user.dealerName }) : t('home.operatorScope')}</p>
      </div>
      {home.data ? <DashboardView def={home.data} /> : <Skeleton animation text={{ rows: 6 }} />}
    </div>
  );
}
